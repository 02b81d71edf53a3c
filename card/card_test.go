package card

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/internal/golden"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
)

// molochArmy loads testdata/moloch.army, a frozen copy of armies/moloch.army:
// the goldens test the renderer, so they must not change when the official
// army is corrected.
func molochArmy(t *testing.T) *rules.Army {
	t.Helper()
	l, err := armies.Loader{}.Load("testdata/moloch.army")
	if err != nil {
		t.Fatal(err)
	}
	return l.Army
}

func TestGolden(t *testing.T) {
	a := molochArmy(t)
	c := New(a)
	for f, write := range map[string]func(io.Writer) error{
		"table":    func(w io.Writer) error { return c.Text(w, false) },
		"markdown": func(w io.Writer) error { return c.Text(w, true) },
		"csv":      c.CSV,
		"html":     c.HTML,
		"json":     c.JSON,
	} {
		t.Run(f, func(t *testing.T) {
			var buf bytes.Buffer
			if err := write(&buf); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "moloch."+f+".golden"), buf.Bytes())
		})
	}
}

// The rows say what the tables say, equal edges grouped.
func TestRows(t *testing.T) {
	c := New(molochArmy(t))
	byName := map[string]Row{}
	for _, r := range c.Rows {
		byName[r.Token] = r
	}
	check := func(name, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	check("Armored Hunter edges", strings.Join(byName["Armored Hunter"].Edges, " | "), "N, NW: melee 1, armor | NE, SE, S, SW: melee 1")
	check("HQ edges", strings.Join(byName["HQ"].Edges, " | "), "all: melee 1, link")
	check("Gauss Polish", byName["Gauss Cannon"].Polish, "Działko Gaussa")
	check("Stormtrooper initiative", byName["Stormtrooper"].Initiative, "2, 1")
	check("Battle abilities", strings.Join(byName["Battle"].Abilities, " | "), "Played: a battle starts")
	check("Brain abilities", strings.Join(byName["The Brain"].Abilities, " | "), "link N,SE,SW: melee +1 | link N,SE,SW: ranged +1")
	if c.Total != 35 || len(c.Rows) != 23 {
		t.Errorf("total %d, rows %d", c.Total, len(c.Rows))
	}
}

var (
	svgRe   = regexp.MustCompile(`(?s)<svg\b.*?</svg>`)
	labelRe = regexp.MustCompile(`<svg class="token"[^>]*aria-label="([^"]*)"`)
	countRe = regexp.MustCompile(`>×(\d+)</text>`)
	edgeRe  = regexp.MustCompile(`<g class="edge (N|NE|SE|S|SW|NW)"`)
)

// The HTML card is self-contained, has one well-formed SVG per token (plus
// the legend) in the army's order, with the right count and one drawn group
// per printed edge.
func TestHTMLStructure(t *testing.T) {
	a := molochArmy(t)
	var buf bytes.Buffer
	if err := New(a).HTML(&buf); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, bad := range []string{"<script", "<link", "<img", "src=", "url(", "@import", "https://"} {
		if strings.Contains(page, bad) {
			t.Errorf("page is not self-contained: it contains %q", bad)
		}
	}
	if !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.HasSuffix(page, "</html>\n") {
		t.Error("not a whole HTML document")
	}
	svgs := svgRe.FindAllString(page, -1)
	if len(svgs) != len(a.Tokens)+1 {
		t.Fatalf("%d <svg> elements, want one per token (%d) and the legend", len(svgs), len(a.Tokens))
	}
	if !strings.HasPrefix(svgs[len(svgs)-1], `<svg class="legend"`) {
		t.Error("the last SVG is not the legend")
	}
	for i, s := range svgs {
		d := xml.NewDecoder(strings.NewReader(s))
		for {
			if _, err := d.Token(); err != nil {
				if err.Error() != "EOF" {
					t.Errorf("SVG %d is not well-formed: %v", i, err)
				}
				break
			}
		}
	}
	labels := labelRe.FindAllStringSubmatch(page, -1)
	if len(labels) != len(a.Tokens) {
		t.Fatalf("%d token SVGs, want %d", len(labels), len(a.Tokens))
	}
	for i := range a.Tokens {
		tok := &a.Tokens[i]
		if labels[i][1] != tok.Name {
			t.Errorf("SVG %d is labelled %q, want %q", i, labels[i][1], tok.Name)
		}
		counts := countRe.FindAllStringSubmatch(svgs[i], -1)
		if len(counts) != 1 || counts[0][1] != fmt.Sprint(tok.Count) {
			t.Errorf("%s: count badges %v, want ×%d", tok.Name, counts, tok.Count)
		}
		var want []string
		for d := rules.N; d <= rules.NW; d++ {
			if !tok.Edges[d].Empty() {
				want = append(want, d.String())
			}
		}
		var got []string
		for _, m := range edgeRe.FindAllStringSubmatch(svgs[i], -1) {
			got = append(got, m[1])
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: edges drawn %v, want %v", tok.Name, got, want)
		}
		if len(tok.Aliases) > 0 && !strings.Contains(page, `<div class="pl">`+tok.Aliases[0]+`</div>`) {
			t.Errorf("%s: Polish name %q missing", tok.Name, tok.Aliases[0])
		}
	}
}

// TestCardNamesStructureParts: a Structure's part (count 0) says on the
// card which Structure it belongs to.
func TestCardNamesStructureParts(t *testing.T) {
	l, err := armies.Loader{}.Load("../engine/testdata/struct.army")
	if err != nil {
		t.Fatal(err)
	}
	c := New(l.Army)
	found := false
	for _, r := range c.Rows {
		if r.Token == "Gun" {
			found = slices.Contains(r.Abilities, `part of Structure "Fort": never drawn, placed with its mate (--structures)`)
		}
	}
	if !found {
		t.Error("the Gun's row does not name its Structure")
	}
}

// TestCardShowsConditions: a conditional edge feature and a conditional
// trait are on the card, with their condition (the row lists them with
// the token's abilities).
func TestCardShowsConditions(t *testing.T) {
	l, err := armies.Loader{}.Load("../engine/testdata/tcond.army")
	if err != nil {
		t.Fatal(err)
	}
	c := New(l.Army)
	want := map[string]string{
		"Hearthward": "edge N: melee 3 if=adjacent_own_hq",
		"Counter":    `edge N: ranged "count(friend adjacent of=self)"`,
		"Glider":     "trait flying if=adjacent_own_hq",
	}
	for _, r := range c.Rows {
		if w, ok := want[r.Token]; ok {
			if !slices.Contains(r.Abilities, w) {
				t.Errorf("%s: abilities %q lack %q", r.Token, r.Abilities, w)
			}
			delete(want, r.Token)
		}
	}
	if len(want) > 0 {
		t.Errorf("no rows for %v", want)
	}
}
