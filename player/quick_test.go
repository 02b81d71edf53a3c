package player

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
)

// The quick player scores one facing of each token on each hex where race
// scores them all: in a middle-game position its candidates hold one
// placement per token and hex, race's several, and every placement quick
// keeps is one of race's.
func TestQuickScoresOneFacing(t *testing.T) {
	g, res, legal := midGame(t)
	type key struct {
		slot uint8
		hex  engine.Hex
	}
	count := func(spec string) (map[key]int, map[int]bool) {
		s, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		p := s.New(7, res).(*searchPlayer)
		defer p.release()
		p.scoreCandidates(g, legal, true)
		runs, idx := map[key]int{}, map[int]bool{}
		for _, c := range p.cands {
			if a := legal[c.idx]; a.Kind == engine.KPlace {
				runs[key{a.Slot, a.Hex}]++
				idx[c.idx] = true
			}
		}
		return runs, idx
	}
	race, raceIdx := count("race:8")
	quick, quickIdx := count("quick:8")
	if len(quick) == 0 || len(quick) != len(race) {
		t.Fatalf("quick places on %d token-hex pairs, race on %d: want the same, and some", len(quick), len(race))
	}
	several := 0
	for k, n := range race {
		if n > 1 {
			several++
		}
		if quick[k] != 1 {
			t.Errorf("quick scored %d facings of slot %d on hex %d, want 1", quick[k], k.slot, k.hex)
		}
	}
	if several == 0 {
		t.Fatal("race scored one facing of every token on every hex: the position tests nothing")
	}
	for i := range quickIdx {
		if !raceIdx[i] {
			t.Errorf("quick kept %v, which race does not score", legal[i])
		}
	}
}

// facingProxy points a token's attacks at the enemy: wherever a placement
// in some facing would aim a melee edge at an adjacent enemy unit, the
// facing placeRun keeps aims one there too.
func TestFacingProxyAimsAtEnemies(t *testing.T) {
	g, _, legal := midGame(t)
	me := g.Player
	aims := func(a engine.Action) bool {
		tok := &g.S.Armies[me].Tokens[g.Hand[me][a.Slot]]
		for e, ed := range tok.Edges {
			if ed.Melee == 0 {
				continue
			}
			n := g.S.Board.Nb[a.Hex][(e+int(a.Facing))%6]
			if n != engine.NoHex {
				if u := g.S.Cells[n].Unit; !u.Empty() && u.Controller() != me {
					return true
				}
			}
		}
		return false
	}
	checked := 0
	for i := 0; i < len(legal); i++ {
		if legal[i].Kind != engine.KPlace {
			continue
		}
		best, j := placeRun(g, legal, i, 1, g.PositionKey(false))
		can := false
		for k := i; k < j; k++ {
			can = can || aims(legal[k])
		}
		if can {
			checked++
			if !aims(legal[best]) {
				t.Errorf("%v aims no melee edge at an enemy, though another facing of it does", legal[best])
			}
		}
		i = j - 1
	}
	if checked == 0 {
		t.Fatal("no placement could aim a melee edge at an enemy: the position tests nothing")
	}
}
