package engine

import (
	"slices"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// zeroWhys are the reasons of a battle log's hits and blasts that wounded
// nothing; a hit that wounds must carry no reason.
func zeroWhys(t *testing.T, l *BattleLog) []string {
	t.Helper()
	var out []string
	for _, e := range l.Events {
		if e.Kind != EvHit && e.Kind != EvBlast {
			continue
		}
		if e.Wounds > 0 && e.Why != WhyNone {
			t.Errorf("a hit of %d wounds on %s carries the reason %q", e.Wounds, e.TargetToken, e.Why)
		}
		if e.Wounds == 0 {
			out = append(out, e.TargetToken+" "+e.Why.String())
		}
	}
	return out
}

// TestZeroWoundReasons: every hit of no wounds in the rule scenarios says
// why (the replay page prints it): the HQ rule, a flying target, armor.
func TestZeroWoundReasons(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		want     []string
	}{
		{"hq_rules", []string{"HQ hq", "HQ hq"}},
		{"reflection_hq", []string{"HQ hq"}},
		{"flying", []string{"Kestrel flying", "Kestrel flying"}},
		{"flying_reflected", []string{"Kestrel flying"}},
		{"piercing", []string{"Shield armor"}},
		{"ranged_first_enemy", []string{"Wall armor"}},
		{"basic_melee_ranged", nil},
	} {
		s := loadPosition(t, tc.scenario)
		var r Resolver
		var l BattleLog
		r.Resolve(s, FirstOption{}, &l)
		if got := zeroWhys(t, &l); !slices.Equal(got, tc.want) {
			t.Errorf("%s: hits of no wounds %q, want %q", tc.scenario, got, tc.want)
		}
	}
}

// TestZeroWoundReasonBlast: a blast of an HQ's battle ability on another
// HQ wounds nothing (act makes it 0) for the HQ rule; a blast of 0 on
// another unit names no reason of it.
func TestZeroWoundReasonBlast(t *testing.T) {
	s := loadPosition(t, "hq_rules")
	var l BattleLog
	l.blast(s, s.HQ[0], s.HQ[1], 0)
	other := NoHex
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		if u := s.Cells[h].Unit; !u.Empty() && u.Owner == 1 && s.Tok(u).Kind != rules.HQ {
			other = h
		}
	}
	l.blast(s, s.HQ[0], other, 0)
	if len(l.Events) != 2 || l.Events[0].Why != WhyHQ || l.Events[1].Why != WhyNone {
		t.Errorf("blasts %+v: want the HQ rule for the HQ's, none for the %s", l.Events, s.Tok(s.Cells[other].Unit).Name)
	}
}

// TestZeroWoundReasonStatus: a shot of 1 on a Block wounds it, unless a
// status takes the wound (Warded: exposed -1 ranged), armor from a status
// stops it (Shielded), or both; the log says which.
func TestZeroWoundReasonStatus(t *testing.T) {
	for _, tc := range []struct {
		give   []string
		wounds int
		want   string
	}{
		{nil, 1, ""},
		{[]string{"Ward"}, 0, "status"},
		{[]string{"Shield"}, 0, "armor"},
		{[]string{"Ward", "Shield"}, 0, "armor+status"},
	} {
		a := loadArmy(t, "testdata/twhy.army")
		g := setUpGame(t, a, a, 7, "a1", "e3")
		g.fresh = false
		put(t, g, 0, "Gunner", "c4", rules.N)
		block := put(t, g, 1, "Block", "c2", rules.N) // two hexes up the Gunner's line
		setHand(t, g, 0, append(append([]string(nil), tc.give...), "Battle")...)
		for range tc.give {
			play(t, g, block)
		}
		var rec whyTrace
		g.SetTracer(&rec)
		play(t, g, NoHex)
		if w := wounds(g, block); w != tc.wounds {
			t.Errorf("%v: the Block has %d wounds, want %d", tc.give, w, tc.wounds)
		}
		if len(rec.hits) != 1 || rec.hits[0] != tc.want {
			t.Errorf("%v: the hits' reasons %q, want [%q]", tc.give, rec.hits, tc.want)
		}
	}
}

// whyTrace records the reasons of a game's traced hits.
type whyTrace struct{ hits []string }

func (r *whyTrace) Trace(e TraceEvent) {
	if e.Kind == TrBattleEvent && e.Battle.Kind == EvHit {
		r.hits = append(r.hits, e.Battle.Why.String())
	}
}

// TestZeroWoundReasonPoints: in a points game a hit on an HQ scores points
// and wounds nothing, and says so.
func TestZeroWoundReasonPoints(t *testing.T) {
	g := multiGame(t, 3, ModePoints, 0)
	hq := g.S.HQ[1]
	for d := rules.N; d <= rules.NW; d++ {
		if n := Standard.Nb[hq][d]; n != NoHex && g.S.Cells[n].Unit.Empty() {
			put(t, g, 0, "Brute", Standard.Names[n], d.Opposite())
			break
		}
	}
	var r Resolver
	var l BattleLog
	r.Resolve(&g.S, FirstOption{}, &l)
	got := zeroWhys(t, &l)
	if g.S.Score[0] == 0 || !slices.Contains(got, "HQ points") {
		t.Errorf("player 1 scored %d; hits of no wounds %q, want one on the HQ for points", g.S.Score[0], got)
	}
}
