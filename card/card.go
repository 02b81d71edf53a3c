// Package card renders help cards of an army: one row per token with its
// kind, count, initiative, toughness, edges and abilities in words, as a
// terminal table, Markdown, CSV or JSON, or as a self-contained HTML page
// that draws every token as a hexagon (see html.go). Which of them a
// command writes is its --format, read by package report (WriteCard).
//
// The words are the compiler's (compiler.View and its helpers), so a card
// says exactly what `hexforge dump` says, only grouped for reading.
package card

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Card is the help card of one army.
type Card struct {
	Army    string   `json:"army"`
	Aliases []string `json:"aliases,omitempty"`
	Notes   string   `json:"notes,omitempty"`
	Size    int      `json:"size"`
	Total   int      `json:"total"`
	Rows    []Row    `json:"tokens"`
	// Statuses are the army's statuses in words (status.go).
	Statuses []StatusCard `json:"statuses,omitempty"`
}

// Row is one token of a card, everything in words.
type Row struct {
	Token      string   `json:"token"`
	Polish     string   `json:"polish,omitempty"` // the first alias: the Polish name by the armies' convention
	Aliases    []string `json:"aliases,omitempty"`
	Kind       string   `json:"kind"`
	Count      int      `json:"count"`
	Initiative string   `json:"initiative_words"` // as the card prints it: "2, 1", "3 + agony", "none"
	// The same as numbers, for tools: every printed initiative, highest
	// first (none for an instant, a module or a Blocker), and whether it
	// also acts in the segment it dies in.
	Initiatives []int    `json:"initiatives"`
	Agony       bool     `json:"agony"`
	Toughness   int      `json:"toughness"`
	Edges       []string `json:"edges,omitempty"`     // "N, NW: melee 1, armor": equal edges grouped
	Abilities   []string `json:"abilities,omitempty"` // traits, link effects, triggered abilities
	Uncertain   []string `json:"uncertain,omitempty"`

	tok *rules.Token
	// part: the token is a Structure's part (count 0, never drawn), which
	// the print sheets print once.
	part bool
}

// New builds the card of an army.
func New(a *rules.Army) *Card {
	v := compiler.View(a)
	c := &Card{Army: v.Name, Aliases: v.Aliases, Notes: v.Notes, Size: v.Size, Total: v.Total, Rows: []Row{}}
	for i, t := range v.Tokens {
		r := Row{Token: t.Name, Aliases: t.Aliases, Kind: t.Kind, Count: t.Count, Initiative: t.InitiativeWords(),
			Toughness: t.Toughness, Uncertain: t.Uncertain, tok: &a.Tokens[i]}
		if len(t.Aliases) > 0 {
			r.Polish = t.Aliases[0]
		}
		if t.Kind == rules.Instant.String() {
			r.Initiative, r.Toughness = "", 0
		} else {
			r.Initiatives, r.Agony = t.Initiative, t.Agony
		}
		if r.Initiatives == nil {
			r.Initiatives = []int{} // [] in JSON, not null
		}
		r.Edges = edgeWords(t.Edges)
		if t.Structure != "" {
			// A part has count 0: say what it is, or the card reads as a
			// token the army lacks.
			r.part = true
			r.Abilities = append(r.Abilities, fmt.Sprintf("part of Structure %q: never drawn, placed with its mate (--structures)", t.Structure))
		}
		if len(t.Traits) > 0 {
			r.Abilities = append(r.Abilities, "traits: "+strings.Join(t.Traits, ", "))
		}
		r.Abilities = append(r.Abilities, t.Effects...)
		for k := range a.Tokens[i].Triggers {
			r.Abilities = append(r.Abilities, abilityWords(a, &a.Tokens[i].Triggers[k]))
		}
		for k := range a.Observers {
			if a.Observers[k].Token == i {
				r.Abilities = append(r.Abilities, observerWords(a, &a.Observers[k]))
			}
		}
		c.Rows = append(c.Rows, r)
	}
	c.Statuses = statusCards(a)
	return c
}

// edgeWords groups the edges printed alike, in the language's own form:
// "N, NW: melee 1, armor", "all: melee 1".
func edgeWords(edges []compiler.EdgeView) []string {
	var order []string
	sets := map[string]rules.DirSet{}
	for _, e := range edges {
		w := e.Words()
		d, _ := rules.ParseDir(e.Dir)
		if _, ok := sets[w]; !ok {
			order = append(order, w)
		}
		sets[w] |= 1 << d
	}
	var out []string
	for _, w := range order {
		out = append(out, strings.ReplaceAll(sets[w].String(), ",", ", ")+": "+w)
	}
	return out
}

// JSON writes the card as indented JSON.
func (c *Card) JSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(c)
}

// CSV writes the card as one CSV table, a row per token.
func (c *Card) CSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	for _, r := range c.Rows {
		cw.Write(r.csvCells())
	}
	cw.Flush()
	return cw.Error()
}

// Text writes the card as a terminal table, narrowed to the terminal it
// shows on (see terminalWidth), or as Markdown.
func (c *Card) Text(w io.Writer, markdown bool) error {
	var opts []tablewriter.Option
	sep := "\n"
	if markdown {
		sep = "; "
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
		fmt.Fprintf(w, "## %s\n\n%s\n\n", c.Army, c.summary())
	} else {
		fmt.Fprintf(w, "%s: %s\n", c.Army, c.summary())
		// Long abilities wrap at word boundaries to keep the table near
		// terminal width; Markdown cannot wrap inside a cell.
		cfg := tablewriter.NewConfigBuilder().ForColumn(len(header) - 1).WithMaxWidth(abilitiesWidth).Build().Build()
		opts = append(opts, tablewriter.WithConfig(cfg))
	}
	cells := func(r Row) []string { return r.cells(sep) }
	out, err := c.render(header, cells, nil, opts...)
	if err != nil {
		return err
	}
	// On a terminal narrower than the card (the CLI marks its standard
	// output with Width, see report.WithWidth) the number columns take short
	// headers, the names wrap at nameWidth, and the two text columns,
	// edges and abilities, share what width is left, wrapping at word
	// boundaries (a word longer than its column is cut); when that is
	// still too wide (80 columns: the Polish names' and kinds' columns take
	// 25) each token's Polish name, in brackets, and its kind go under its
	// name, in one column. Piped or to a file the card keeps its full width.
	if width := terminalWidth(w); !markdown && width > 0 && textWidth(out) > width {
		for _, merged := range []bool{false, true} {
			if out, err = c.narrow(width, merged); err != nil || textWidth(out) <= width {
				break
			}
		}
		if err != nil {
			return err
		}
	}
	if _, err = w.Write(out); err != nil {
		return err
	}
	c.writeStatuses(w, markdown)
	return nil
}

// render renders the card's table with these headers and each row's cells;
// wrap, when set, gives each column's widest line: cells are wrapped to it
// here rather than by the table writer, whose wrapping lets a long word
// widen its column.
func (c *Card) render(hdr []string, cells func(Row) []string, wrap []int, opts ...tablewriter.Option) ([]byte, error) {
	var buf bytes.Buffer
	t := tablewriter.NewTable(&buf, opts...)
	t.Header(toAny(hdr)...)
	for _, r := range c.Rows {
		row := cells(r)
		for i := range row {
			if wrap != nil && wrap[i] > 0 {
				row[i] = wrapCell(row[i], wrap[i])
			}
		}
		if err := t.Append(toAny(row)...); err != nil {
			return nil, err
		}
	}
	err := t.Render()
	return buf.Bytes(), err
}

// narrow renders the card for a terminal width columns wide: short
// headers for the numbers, names wrapped, edges and abilities sharing what
// is left; merged puts each Polish name and the token's kind under its
// name, in one column.
func (c *Card) narrow(width int, merged bool) ([]byte, error) {
	hdr := append([]string(nil), header...)
	hdr[4], hdr[5] = "init", "tough"
	cells := func(r Row) []string { return r.cells("\n") }
	names := 2 // the name columns: token and polish
	if merged {
		hdr = append([]string{"token (polish)\nkind"}, hdr[3:]...)
		cells = func(r Row) []string {
			all := r.cells("\n")
			name := all[0]
			if r.Polish != "" {
				name += "\n(" + r.Polish + ")"
			}
			all[2] = name + "\n" + r.Kind
			return all[2:]
		}
		names = 1
	}
	ini := 4 // the initiative's column
	if merged {
		ini = 2
	}
	// The table writer's header formatting would space out the brackets
	// ("TOKEN ( POLISH )"): the headers are upper-cased here.
	for i, h := range hdr {
		hdr[i] = strings.ToUpper(h)
	}
	raw := tablewriter.WithHeaderAutoFormat(tw.Off)
	narrow, err := c.render(hdr, cells, nil, raw)
	if err != nil {
		return nil, err
	}
	cols := columnWidths(narrow) // each with a space of padding either side
	if len(cols) != len(hdr) {
		return narrow, nil
	}
	const nameWidth = 12
	longest := func(i int) int {
		n := 0
		for _, r := range c.Rows {
			for _, word := range strings.Fields(cells(r)[i]) {
				n = max(n, utf8.RuneCountInString(word))
			}
		}
		return n
	}
	wrap := make([]int, len(cols))
	fixed := len(cols) + 1 // the borders
	for i, cw := range cols[:len(cols)-2] {
		// A name wraps at spaces, never inside a word
		// ("Hunter-Killer" stays whole).
		// Nor narrower than its header's widest line.
		if n := max(nameWidth, longest(i), widestLine(hdr[i])); i < names && cw > n+2 {
			wrap[i], cw = n, n+2
		}
		// "2 + agony" goes on two lines: the initiative's column
		// is as wide as its longest word (or its header).
		if n := max(len(hdr[i]), longest(i)); i == ini && cw > n+2 {
			wrap[i], cw = n, n+2
		}
		fixed += cw
	}
	// What is left, less the padding, goes to the edges (up to their
	// natural width, and at most a third) and the abilities.
	left := max(width-fixed-4, 2*minText)
	edges := min(cols[len(cols)-2]-2, max(minText, left/3))
	wrap[len(cols)-2], wrap[len(cols)-1] = edges, left-edges
	return c.render(hdr, cells, wrap, raw)
}

// widestLine is the width in runes of the widest line of s.
func widestLine(s string) int {
	return textWidth([]byte(s))
}

// terminalWidth is the width of the terminal w shows on, 0 when it is not
// one: a writer says so with a Width method (report.WithWidth makes one).
func terminalWidth(w io.Writer) int {
	if ww, ok := w.(interface{ Width() int }); ok {
		return ww.Width()
	}
	return 0
}

// columnWidths reads the width of each column of a rendered table from its
// top border ("┌───┬─────┐").
func columnWidths(table []byte) []int {
	first, _, _ := strings.Cut(string(table), "\n")
	first = strings.Trim(first, "┌┐")
	var out []int
	for _, seg := range strings.Split(first, "┬") {
		out = append(out, utf8.RuneCountInString(seg))
	}
	return out
}

// textWidth is the width of the widest line of b, in runes (box-drawing
// characters are one column wide).
func textWidth(b []byte) int {
	n := 0
	for _, l := range strings.Split(string(b), "\n") {
		n = max(n, utf8.RuneCountInString(l))
	}
	return n
}

// abilitiesWidth is the widest the abilities column of the terminal table gets.
const abilitiesWidth = 44

// minText is the narrowest a text column of a narrowed card gets: on a
// terminal too narrow even for that, the card is wider than the terminal
// rather than a column of single letters.
const minText = 12

// wrapCell wraps each line of a cell at spaces to at most width runes; a
// word longer than that is cut into pieces of width.
func wrapCell(cell string, width int) string {
	var out []string
	for _, line := range strings.Split(cell, "\n") {
		cur := ""
		for _, word := range strings.Fields(line) {
			for utf8.RuneCountInString(word) > width {
				if cur != "" {
					out, cur = append(out, cur), ""
				}
				r := []rune(word)
				out, word = append(out, string(r[:width])), string(r[width:])
			}
			switch {
			case cur == "":
				cur = word
			case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(word) <= width:
				cur += " " + word
			default:
				out, cur = append(out, cur), word
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

var header = []string{"token", "polish", "kind", "count", "initiative", "toughness", "edges", "abilities"}

// csvHeader is the CSV card's header: the table's columns with the
// initiative as numbers a spreadsheet can sort ("2, 1 + agony" is
// initiative 2, initiatives "2;1", agony true). A cell that does not apply
// (an instant's initiative and toughness) is empty.
var csvHeader = []string{"token", "polish", "kind", "count", "initiative", "initiatives", "agony", "toughness", "edges", "abilities"}

// csvCells is the row of the CSV card: every number a plain number.
func (r Row) csvCells() []string {
	cells := r.cells("; ")
	ini, all, agony := "", "", ""
	if r.Kind != rules.Instant.String() {
		var s []string
		for _, n := range r.Initiatives {
			s = append(s, strconv.Itoa(n))
		}
		if len(s) > 0 {
			ini = s[0] // the highest: printed highest first
		}
		all, agony = strings.Join(s, ";"), strconv.FormatBool(r.Agony)
	}
	return []string{cells[0], cells[1], cells[2], cells[3], ini, all, agony, cells[5], cells[6], cells[7]}
}

func (c *Card) summary() string {
	return fmt.Sprintf("%d tokens (size %d)", c.Total, c.Size)
}

// cells are a row's table cells, lists joined with sep; uncertain facts
// are listed with the abilities so no reader misses them.
func (r Row) cells(sep string) []string {
	tough := ""
	if r.Toughness > 0 {
		tough = fmt.Sprint(r.Toughness)
	}
	ab := append([]string{}, r.Abilities...)
	for _, u := range r.Uncertain {
		ab = append(ab, "uncertain: "+u)
	}
	return []string{r.Token, r.Polish, r.Kind, fmt.Sprint(r.Count), r.Initiative, tough,
		strings.Join(r.Edges, sep), strings.Join(ab, sep)}
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}
