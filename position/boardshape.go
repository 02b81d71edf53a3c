package position

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
)

// boardWords are the first words of a board file's lines, for the
// did-you-mean of an unknown line.
var boardWords = []string{"name", "radius", "terminals", "energy", "tie", "stalemate", "holes", "blocked", "label", "full"}

// MinOpenHexes is the fewest hexes a token can stand on that a board
// needs: room for the HQs of a four-player game and a battle.
const MinOpenHexes = 7

// shapeLines are a board file's shape lines as read (docs/dsl.md, "Board
// files"): holes and blocked hexes (any number of lines each), labels (one
// hex and its name a line) and the full line. Their hexes are resolved
// once the radius is known (build).
type shapeLines struct {
	holes, blocked []placed
	labels         [][2]placed // the hex, the name
	full           string      // "", "all" or "inner"
	fullLine       int
}

// placed is one word of a shape line and where it is.
type placed struct {
	text string
	pos  diag.Pos
}

// coordinate is the look of a hex's own name (a column letter and a row
// number), which a label may not take.
var coordinate = regexp.MustCompile(`^[A-Za-z][0-9]+$`)

// labelWord is what a label may be: a letter, then letters, digits, - and _.
var labelWord = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)

// read takes one shape line (w[0] is holes, blocked, label or full).
func (sh *shapeLines) read(errs *diag.List, pos func(line, col int) diag.Pos, line int, w []word) {
	at := func(x word) placed { return placed{x.text, pos(line, x.col)} }
	switch strings.ToLower(w[0].text) {
	case "holes", "blocked":
		if len(w) < 2 {
			errs.Errorf(pos(line, w[0].col), "%s needs one hex or more, e.g. %s d4 e5", strings.ToLower(w[0].text), strings.ToLower(w[0].text))
			return
		}
		// A board has at most engine.MaxHexes hexes: a longer list is
		// refused at once, so a hostile file costs no more than a board.
		if n := len(sh.holes) + len(sh.blocked) + len(w) - 1; n > engine.MaxHexes {
			errs.Errorf(pos(line, w[0].col), "holes and blocked hexes name %d hexes; a board has at most %d", n, engine.MaxHexes)
			return
		}
		for _, x := range w[1:] {
			if strings.EqualFold(w[0].text, "holes") {
				sh.holes = append(sh.holes, at(x))
			} else {
				sh.blocked = append(sh.blocked, at(x))
			}
		}
	case "label":
		if len(w) != 3 {
			errs.Errorf(pos(line, w[0].col), "label needs a hex and its name, e.g. label d1 bunker")
			return
		}
		if len(sh.labels) == engine.MaxHexes {
			errs.Errorf(pos(line, w[0].col), "more than %d labels; a board has at most %d hexes", engine.MaxHexes, engine.MaxHexes)
			return
		}
		if !labelWord.MatchString(w[2].text) || coordinate.MatchString(w[2].text) || len(w[2].text) > 32 {
			errs.Errorf(pos(line, w[2].col), "label %q: a label is a letter, then letters, digits, - or _ (at most 32), and not a hex's own name like c3", diag.Clip(w[2].text))
			return
		}
		sh.labels = append(sh.labels, [2]placed{at(w[1]), at(w[2])})
	case "full":
		rule := ""
		if len(w) == 2 {
			rule = strings.ToLower(w[1].text)
		}
		if rule != "all" && rule != "inner" {
			errs.Errorf(pos(line, w[0].col), "full needs all (a full board is every hex a token can stand on: a map of its own) or inner (the basic 19-hex area: the enlarged battlefield)")
			return
		}
		if sh.fullLine != 0 {
			errs.Errorf(pos(line, w[0].col), "full given twice (first on line %d)", sh.fullLine)
			return
		}
		sh.full, sh.fullLine = rule, line
	}
}

// build makes the board of the given radius with the shape's holes,
// labels, blocked hexes and full rule, every bad hex a positioned error;
// nil when there is one.
func (sh *shapeLines) build(errs *diag.List, pos func(line, col int) diag.Pos, name string, radius int) *engine.Board {
	whole := engine.NewBoard(name, radius)
	var holes []engine.Hex
	seen := map[engine.Hex]bool{}
	for _, x := range sh.holes {
		h, ok := hexOf(errs, x.pos, whole, x.text)
		if !ok {
			continue
		}
		if seen[h] {
			errs.Errorf(x.pos, "hole %s given twice", whole.Names[h])
			continue
		}
		seen[h] = true
		holes = append(holes, h)
	}
	if errs.HasErrors() {
		return nil
	}
	b, err := engine.NewShapedBoard(name, radius, holes)
	if err != nil {
		errs.Errorf(sh.holes[0].pos, "%v", err)
		return nil
	}
	for _, l := range sh.labels {
		h, ok := hexOf(errs, l[0].pos, b, l[0].text)
		if !ok {
			continue
		}
		if err := b.Label(h, l[1].text); err != nil {
			errs.Errorf(l[1].pos, "label %s: %v", diag.Clip(l[1].text), err)
		}
	}
	for _, x := range sh.blocked {
		h, ok := hexOf(errs, x.pos, b, x.text)
		if !ok {
			continue
		}
		if b.Blocked[h] {
			errs.Errorf(x.pos, "blocked hex %s given twice", b.Names[h])
			continue
		}
		b.Block(h)
	}
	if errs.HasErrors() {
		return nil
	}
	// A board with holes is a map of its own (an Atlas page): a full board
	// is every hex a token can stand on. A hexagon keeps the inner 19 (the
	// enlarged battlefield); on radius 2 that is every hex.
	b.FillAll(sh.full == "all" || (sh.full == "" && len(holes) > 0))
	where := diag.Pos{File: pos(1, 1).File, Line: 1, Column: 1}
	if sh.fullLine != 0 {
		where = pos(sh.fullLine, 1)
	}
	if n := b.Open(); n < MinOpenHexes {
		errs.Errorf(where, "the board has %d hexes a token can stand on; a board needs at least %d", n, MinOpenHexes)
		return nil
	}
	if n := b.InnerSize(); n < MinOpenHexes {
		errs.Errorf(where, "a full board counts %d hexes here; it needs at least %d (full all counts every hex a token can stand on)", n, MinOpenHexes)
		return nil
	}
	return b
}

// hexOf finds the hex a board file or a position file names (its
// coordinates or its label), or says why not at p: a hole, or no such hex,
// with the closest name.
func hexOf(errs *diag.List, p diag.Pos, b *engine.Board, name string) (engine.Hex, bool) {
	if h, ok := b.Hex(name); ok {
		return h, true
	}
	if slices.ContainsFunc(b.Holes, func(x string) bool { return strings.EqualFold(x, name) }) {
		errs.Errorf(p, "%s is a hole of the board %s: it does not exist", strings.ToLower(name), b.Name)
		return engine.NoHex, false
	}
	hint := diag.Suggest(name, hexNames(b))
	if hint == "" {
		hint = fmt.Sprintf("the %s board has hexes %s..%s", b.Name, b.Names[0], b.Names[b.Size-1])
	}
	errs.Add(diag.Error, p, hint, "unknown hex %q", diag.Clip(name))
	return engine.NoHex, false
}

// hexNames are a board's hexes' names and labels.
func hexNames(b *engine.Board) []string {
	out := make([]string, 0, 2*b.Size)
	for h := range b.Size {
		out = append(out, b.Names[h])
		if b.Labels[h] != "" {
			out = append(out, b.Labels[h])
		}
	}
	return out
}

// formatShape writes a board's shape lines (none for a hexagon).
func formatShape(sb *strings.Builder, b *engine.Board) {
	if len(b.Holes) > 0 {
		fmt.Fprintf(sb, "holes %s\n", strings.Join(b.Holes, " "))
	}
	var blocked []string
	for h := range b.Size {
		if b.Blocked[h] {
			blocked = append(blocked, b.Names[h])
		}
	}
	if len(blocked) > 0 {
		fmt.Fprintf(sb, "blocked %s\n", strings.Join(blocked, " "))
	}
	for h := range b.Size {
		if b.Labels[h] != "" {
			fmt.Fprintf(sb, "label %s %s\n", b.Names[h], b.Labels[h])
		}
	}
	if all, def := b.FillsAll(), len(b.Holes) > 0 || b.Radius == 2; all != def && b.Radius != 2 {
		if all {
			sb.WriteString("full all\n")
		} else {
			sb.WriteString("full inner\n")
		}
	}
}
