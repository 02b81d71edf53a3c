// Package card renders help cards of an army: one row per token with its
// kind, count, initiative, toughness, edges and abilities in words, as a
// terminal table, Markdown, CSV or JSON, or as a self-contained HTML page
// that draws every token as a hexagon (see html.go).
//
// The words are the compiler's (compiler.View and its helpers), so a card
// says exactly what `hexforge dump` says, only grouped for reading.
package card

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
)

// Formats are the output formats of a card.
var Formats = []string{"table", "markdown", "csv", "html", "json"}

// CheckFormat validates a --format value.
func CheckFormat(f string) error {
	for _, x := range Formats {
		if f == x {
			return nil
		}
	}
	return fmt.Errorf("unknown format %q: use %s", f, strings.Join(Formats, ", "))
}

// Card is the help card of one army.
type Card struct {
	Army    string   `json:"army"`
	Aliases []string `json:"aliases,omitempty"`
	Notes   string   `json:"notes,omitempty"`
	Size    int      `json:"size"`
	Total   int      `json:"total"`
	Rows    []Row    `json:"tokens"`
}

// Row is one token of a card, everything in words.
type Row struct {
	Token      string   `json:"token"`
	Polish     string   `json:"polish,omitempty"` // the first alias: the Polish name by the armies' convention
	Aliases    []string `json:"aliases,omitempty"`
	Kind       string   `json:"kind"`
	Count      int      `json:"count"`
	Initiative string   `json:"initiative"` // "2, 1", "3 + agony", "none"
	Toughness  int      `json:"toughness"`
	Edges      []string `json:"edges,omitempty"`     // "N, NW: melee 1, armor": equal edges grouped
	Abilities  []string `json:"abilities,omitempty"` // traits, link effects, triggered abilities
	Uncertain  []string `json:"uncertain,omitempty"`

	tok *rules.Token
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
		}
		r.Edges = edgeWords(t.Edges)
		if len(t.Traits) > 0 {
			r.Abilities = append(r.Abilities, "traits: "+strings.Join(t.Traits, ", "))
		}
		r.Abilities = append(r.Abilities, t.Effects...)
		for k := range a.Tokens[i].Triggers {
			r.Abilities = append(r.Abilities, abilityWords(a, &a.Tokens[i].Triggers[k]))
		}
		c.Rows = append(c.Rows, r)
	}
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

// Write renders the card of an army in a format of Formats.
func Write(w io.Writer, a *rules.Army, format string) error {
	if err := CheckFormat(format); err != nil {
		return err
	}
	c := New(a)
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(c)
	case "html":
		return c.HTML(w)
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write(header)
		for _, r := range c.Rows {
			cw.Write(r.cells("; "))
		}
		cw.Flush()
		return cw.Error()
	}
	var opts []tablewriter.Option
	sep := "\n"
	if format == "markdown" {
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
	t := tablewriter.NewTable(w, opts...)
	t.Header(toAny(header)...)
	for _, r := range c.Rows {
		if err := t.Append(toAny(r.cells(sep))...); err != nil {
			return err
		}
	}
	return t.Render()
}

// abilitiesWidth is the widest the abilities column of the terminal table gets.
const abilitiesWidth = 44

var header = []string{"token", "polish", "kind", "count", "initiative", "toughness", "edges", "abilities"}

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
