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
	// Text is the plain lines of the commands that print no table (a
	// replayed trace, a battle, a check); no report is written in it.
	Text
	// Print is the help card's print-and-play sheets (card/print.go):
	// pages written to files, SVG or PDF, never to standard output.
	Print
)

var formatNames = [...]string{Table: "table", Markdown: "markdown", CSV: "csv", HTML: "html", JSON: "json", Text: "text", Print: "print"}

// Formats are the formats of the reports, in the order of their names'
// list.
var Formats = []Format{Table, Markdown, CSV, HTML, JSON}

// String is the format's name, as --format takes it.
func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return fmt.Sprintf("Format(%d)", int(f))
	}
	return formatNames[f]
}

// ParseFormat reads a format's name; allowed are the formats accepted
// (when none are given, the reports' Formats).
func ParseFormat(name string, allowed ...Format) (Format, error) {
	if len(allowed) == 0 {
		allowed = Formats
	}
	for _, f := range allowed {
		if f.String() == name {
			return f, nil
		}
	}
	names := namesOf(allowed)
	list := names[0]
	if n := len(names); n > 1 {
		list = strings.Join(names[:n-1], ", ") + " or " + names[n-1]
	}
	return 0, fmt.Errorf("unknown format %q: use %s", name, list)
}

// FormatFlag is a command's --format flag (a pflag.Value): it reads a
// format's name into the command's Format, accepting only the formats the
// command writes, so that a wrong one is refused before any work.
type FormatFlag struct {
	f       *Format
	allowed []Format
}

// Flag makes the --format flag that sets f; allowed are the formats the
// command writes (when none are given, the reports' Formats). f keeps its
// value, the default, until the flag is given.
func (f *Format) Flag(allowed ...Format) *FormatFlag {
	return &FormatFlag{f, allowed}
}

// Format is the format the flag holds.
func (v *FormatFlag) Format() Format { return *v.f }

// Names are the names of the formats the flag accepts, in their order: a
// shell's completion of --format offers exactly these.
func (v *FormatFlag) Names() []string {
	if len(v.allowed) == 0 {
		return namesOf(Formats)
	}
	return namesOf(v.allowed)
}

func namesOf(fs []Format) []string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.String()
	}
	return names
}

// String is the name of the format the flag holds.
func (v *FormatFlag) String() string { return v.f.String() }

// Set reads a format's name.
func (v *FormatFlag) Set(name string) error {
	g, err := ParseFormat(name, v.allowed...)
	if err != nil {
		return err
	}
	*v.f = g
	return nil
}

// Type is the flag's type in help: a format is written as a string.
func (v *FormatFlag) Type() string { return "string" }

// WriteTable writes rows as a terminal table (narrowed to a terminal, see
// WithWidth) or as Markdown; CSV and the other formats have no such
// tables.
func WriteTable(w io.Writer, f Format, cols []Column, rows [][]string) error {
	if f != Table && f != Markdown {
		// CSV is one tidy table per file (csv.go), never these tables.
		return fmt.Errorf("internal error: a table written as %s", f)
	}
	var out []byte
	var err error
	if f == Markdown {
		// Markdown is for files and pages, which wrap it themselves: never
		// narrowed (a line break in a cell would break the table).
		out, err = renderTable(heads(cols), rows, tablewriter.WithRenderer(renderer.NewMarkdown()))
	} else {
		out, err = fitTable(widthOf(w), cols, rows)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}
