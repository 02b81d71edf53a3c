package position

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// Statuses on a unit line (docs/positions.md): `status NAME [by=P]
// [giver=HEX]`, as often as the unit carries statuses. NAME is a status
// of an army of the position (quoted when it has spaces); by=P says whose
// army's, needed only when two armies declare the name; giver=HEX names
// the unit that gave a status that ends when its giver leaves.

// heldWords is one status a unit line gives, as written.
type heldWords struct {
	line, col       int
	name            string
	by              int // the player whose army declares it (0: the one army that does)
	giver           string
	byCol, giverCol int
}

// heldOn is the statuses of the unit placed on h.
type heldOn struct {
	h     engine.Hex
	kind  rules.Kind
	words []heldWords
}

// readHeld reads the status at w[i] ("status") and the by= and giver=
// words after it; next is the index of its last word.
func readHeld(w []word, i, line int, errs *diag.List, pos func(line, col int) diag.Pos) (hw heldWords, next int, ok bool) {
	hw = heldWords{line: line, col: w[i].col}
	if i+1 >= len(w) {
		errs.Errorf(pos(line, w[i].col), "status needs the status's name, e.g. status Marked")
		return hw, i, false
	}
	hw.name = w[i+1].text
	next, ok = i+1, true
	for next+1 < len(w) {
		k, v, has := strings.Cut(w[next+1].text, "=")
		switch {
		case has && strings.EqualFold(k, "by"):
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > engine.MaxPlayers {
				errs.Errorf(pos(line, w[next+1].col+len(k)+1), "by=P names the player whose army declares the status, not %q", diag.Clip(v))
				ok = false
			}
			hw.by, hw.byCol = n, w[next+1].col
		case has && strings.EqualFold(k, "giver"):
			hw.giver, hw.giverCol = v, w[next+1].col+len(k)+1
		default:
			return hw, next, ok
		}
		next++
	}
	return hw, next, ok
}

// holdStatuses puts the statuses of the unit lines on their units, once
// every unit is on the board.
func holdStatuses(s *engine.State, held []heldOn, errs *diag.List, pos func(line, col int) diag.Pos) {
	for _, ho := range held {
		for _, hw := range ho.words {
			if !ho.kind.IsUnit() {
				errs.Errorf(pos(hw.line, hw.col), "a status goes on a unit, not on a foundation")
				continue
			}
			army, name, err := statusArmy(s, hw)
			if err != nil {
				errs.Errorf(pos(hw.line, hw.col), "%s", err)
				continue
			}
			hs := engine.HeldStatus{Army: army, Name: name, Giver: engine.NoHex}
			if hw.giver != "" {
				g, ok := s.Board.Hex(hw.giver)
				if !ok {
					errs.Errorf(pos(hw.line, hw.giverCol), "unknown hex %q", diag.Clip(hw.giver))
					continue
				}
				hs.Giver = g
			}
			if err := s.Hold(ho.h, hs); err != nil {
				errs.Errorf(pos(hw.line, hw.col), "%s", err)
			}
		}
	}
}

// statusArmy finds the army whose status hw names: by=P's, or the one
// army that declares it (its exact name, or its name in another case).
func statusArmy(s *engine.State, hw heldWords) (uint8, string, error) {
	var found []uint8
	name := ""
	for p := range uint8(s.Players()) {
		if hw.by != 0 && int(p) != hw.by-1 {
			continue
		}
		for _, st := range s.Armies[p].Statuses {
			if strings.EqualFold(st.Name, hw.name) {
				found, name = append(found, p), st.Name
			}
		}
	}
	switch {
	case len(found) == 1:
		return found[0], name, nil
	case len(found) > 1:
		return 0, "", fmt.Errorf("the armies of players %d and %d both declare a status %q: say whose with by=P", found[0]+1, found[1]+1, hw.name)
	case hw.by != 0:
		return 0, "", fmt.Errorf("player %d's army has no status %q", hw.by, hw.name)
	}
	var names []string
	for p := range s.Players() {
		for _, st := range s.Armies[p].Statuses {
			names = append(names, st.Name)
		}
	}
	if len(names) == 0 {
		return 0, "", fmt.Errorf("no army of the position declares a status (%q)", hw.name)
	}
	return 0, "", fmt.Errorf("no army of the position declares a status %q (statuses: %s)", hw.name, strings.Join(names, ", "))
}

// WriteHeld writes a line for each unit that carries statuses ("P2
// Stormtrooper on d1 carries Marked, Slowed"), for battle's report of a
// position; nothing when no unit does.
func WriteHeld(w io.Writer, s *engine.State) error {
	for h := 0; h < s.Board.Size; h++ {
		names := s.StatusesOn(engine.Hex(h))
		if len(names) == 0 {
			continue
		}
		u := s.Cells[h].Unit
		if _, err := fmt.Fprintf(w, "P%d %s on %s carries %s\n", u.Owner+1, s.Tok(u).Name, s.Board.Names[h], strings.Join(names, ", ")); err != nil {
			return err
		}
	}
	return nil
}
