// Package report renders what the simulations found: one match, a round
// robin, a multiplayer run, a comparison of two round robins, an army's
// help card, in each output format (Format: a terminal table, Markdown,
// CSV, JSON or a self-contained HTML page drawn by htmlreport), and fits
// the terminal tables to the terminal's width. It computes nothing: the
// figures are sim's and stats'; a format is parsed here and nowhere else.
package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
)

// Format is an output format. The zero value is Table, the default.
type Format int

// The output formats, in the order their names are listed.
const (
	Table    Format = iota // a terminal table, fitted to the terminal's width
	Markdown               // Markdown tables, for files and pages
	CSV                    // one tidy table per file, for programs
	HTML                   // one self-contained page with plots
	JSON                   // everything, for programs and merge
)

var formatNames = [...]string{Table: "table", Markdown: "markdown", CSV: "csv", HTML: "html", JSON: "json"}

// Formats are every format, in the order of their names' list.
var Formats = []Format{Table, Markdown, CSV, HTML, JSON}

// String is the format's name, as --format takes it.
func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return fmt.Sprintf("Format(%d)", int(f))
	}
	return formatNames[f]
}

// ParseFormat reads a format's name; allowed narrows the formats accepted
// (every format when empty), for a report that has no form in some.
func ParseFormat(name string, allowed ...Format) (Format, error) {
	if len(allowed) == 0 {
		allowed = Formats
	}
	for _, f := range allowed {
		if formatNames[f] == name {
			return f, nil
		}
	}
	names := make([]string, len(allowed))
	for i, f := range allowed {
		names[i] = f.String()
	}
	return 0, fmt.Errorf("unknown format %q: use %s", name, strings.Join(names, ", "))
}

// Only checks that f is one of allowed, with ParseFormat's error.
func (f Format) Only(allowed ...Format) error {
	_, err := ParseFormat(f.String(), allowed...)
	return err
}

// Set parses a --format value (the flag.Value of a command's --format).
func (f *Format) Set(name string) error {
	g, err := ParseFormat(name)
	if err != nil {
		return err
	}
	*f = g
	return nil
}

// Type is the flag's type in help: a format is written as a string.
func (f *Format) Type() string { return "string" }

// WriteTable writes rows as a terminal table (narrowed to a terminal, see
// WithWidth) or as Markdown; CSV and the other formats have no such
// tables.
func WriteTable(w io.Writer, f Format, header []string, rows [][]string) error {
	if f != Table && f != Markdown {
		// CSV is one tidy table per file (csv.go), never these tables.
		return fmt.Errorf("internal error: a table written as %s", f)
	}
	var out []byte
	var err error
	if f == Markdown {
		// Markdown is for files and pages, which wrap it themselves: never
		// narrowed (a line break in a cell would break the table).
		out, err = renderTable(header, rows, tablewriter.WithRenderer(renderer.NewMarkdown()))
	} else {
		out, err = fitTable(widthOf(w), header, rows)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}
