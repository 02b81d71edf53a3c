package engine

import (
	"errors"
	"fmt"

	"github.com/hexforge/hexforge/rules"
)

// Statuses in a position (position files, battle): what a unit carries,
// read and written by name, with the unit whose leaving ends it.

// HeldStatus is one status a unit carries, as a position states it.
type HeldStatus struct {
	Army  uint8  // the player whose army declares the status
	Name  string // the status's name in that army
	Giver Hex    // the unit that gave it, for a status that ends when its giver leaves; NoHex otherwise
}

// HeldStatuses lists the statuses the unit on h carries, in the order
// given (nil for none).
func (s *State) HeldStatuses(h Hex) []HeldStatus {
	u := s.Cells[h].Unit
	if u.Empty() || u.tag() == 0 {
		return nil
	}
	var out []HeldStatus
	for i := range s.St.In[:s.St.N] {
		in := &s.St.In[i]
		if in.Tag != u.tag() {
			continue
		}
		hs := HeldStatus{Army: in.Kind >> 4, Name: s.statusOf(in.Kind).Name, Giver: NoHex}
		if in.Giver != 0 {
			hs.Giver = s.tagHex(in.Giver)
		}
		out = append(out, hs)
	}
	return out
}

// Hold puts status hs on the unit on h as a give step would have just
// put it (its turns not yet started), credited to the giver's token when
// it is of the status's army, else to the first token that gives it. A
// status that ends when its giver leaves needs the giver on the board.
func (s *State) Hold(h Hex, hs HeldStatus) error {
	if int(hs.Army) >= s.Players() {
		return fmt.Errorf("no player %d", hs.Army+1)
	}
	a := s.Armies[hs.Army]
	idx := -1
	for i := range a.Statuses {
		if a.Statuses[i].Name == hs.Name {
			idx = i
		}
	}
	if idx < 0 {
		return fmt.Errorf("army %q has no status %q", a.Name, hs.Name)
	}
	if h < 0 || int(h) >= s.Board.Size || s.Cells[h].Unit.Empty() {
		return errors.New("a status goes on a unit")
	}
	st := &a.Statuses[idx]
	kind := hs.Army<<4 | uint8(idx)
	gtok := givingToken(a, idx)
	giver := uint8(0)
	if st.Ends&rules.EndGiverLeaves != 0 {
		if hs.Giver == NoHex || hs.Giver < 0 || int(hs.Giver) >= s.Board.Size || s.Cells[hs.Giver].Unit.Empty() || hs.Giver == h {
			return fmt.Errorf("%q ends when its giver leaves the board: say which unit gave it (giver=HEX)", st.Name)
		}
		if giver = s.newTag(hs.Giver, 0); giver == 0 {
			return fmt.Errorf("more than %d units carry or gave statuses", maxTags)
		}
		if g := s.Cells[hs.Giver].Unit; g.Owner == hs.Army {
			gtok = g.Token
		}
	} else if hs.Giver != NoHex {
		return fmt.Errorf("%q does not end when its giver leaves: it takes no giver", st.Name)
	}
	t := s.newTag(h, giver)
	if t == 0 {
		return fmt.Errorf("more than %d units carry or gave statuses", maxTags)
	}
	for i := range s.St.In[:s.St.N] {
		if s.St.In[i].Tag == t && s.St.In[i].Kind == kind {
			return fmt.Errorf("the unit carries %q already", st.Name)
		}
	}
	if int(s.St.N) >= maxStatusInst {
		return fmt.Errorf("more than %d statuses on the board", maxStatusInst)
	}
	s.St.In[s.St.N] = StatusInst{Tag: t, Kind: kind, Left: st.Turns, Giver: giver, GTok: gtok}
	s.St.N++
	return nil
}

// givingToken is the first token of army a with a step that gives status
// idx (0 when none does).
func givingToken(a *rules.Army, idx int) uint8 {
	gives := func(tr *rules.Trigger) bool {
		for _, act := range tr.Actions {
			if act.Op == rules.ActGive && int(act.Pick) == idx+1 {
				return true
			}
		}
		return false
	}
	for t := range a.Tokens {
		for k := range a.Tokens[t].Triggers {
			if gives(&a.Tokens[t].Triggers[k]) {
				return uint8(t)
			}
		}
	}
	for i := range a.Observers {
		if gives(&a.Observers[i].Steps) {
			return uint8(a.Observers[i].Token)
		}
	}
	return 0
}
