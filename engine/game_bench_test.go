package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// midGame plays random actions until turn 10 or later of a game between
// the two test armies, stopping in the middle of player 1's turn holding a
// board token and an instant.
func midGame(t testing.TB) *Game {
	a0, a1 := testArmies(t)
	g, err := NewGame(Config{Board: Standard}, []*rules.Army{a0, a1}, 12345)
	if err != nil {
		t.Fatal(err)
	}
	d := NewRandomDecider(99)
	buf := make([]Action, 0, 4096)
	for !g.Over() {
		if g.Turn >= 10 && g.Phase == PhasePlay && g.Player == 0 && g.HandLen[0] == 2 {
			k0 := g.S.Armies[0].Tokens[g.Hand[0][0]].Kind
			k1 := g.S.Armies[0].Tokens[g.Hand[0][1]].Kind
			if k0.OnBoard() != k1.OnBoard() {
				return g
			}
		}
		buf = g.LegalActions(buf[:0])
		// Prefer placing tokens so that the board fills up.
		pick := buf[d.Intn(len(buf))]
		for _, a := range buf {
			if a.Kind == KPlace && d.Intn(3) == 0 {
				pick = a
				break
			}
		}
		if err := g.Apply(pick, d); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("game over before the middle")
	return nil
}

func BenchmarkLegalActions(b *testing.B) {
	g := midGame(b)
	buf := make([]Action, 0, 4096)
	n := len(g.LegalActions(buf[:0]))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		buf = g.LegalActions(buf[:0])
	}
	b.ReportMetric(float64(n), "actions")
}

func BenchmarkApply(b *testing.B) {
	g := midGame(b)
	buf := g.LegalActions(make([]Action, 0, 4096))
	d := NewRandomDecider(5)
	var g2 Game
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g2 = *g
		if err := g2.Apply(buf[i%len(buf)], d); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkRandomGame plays whole games (set-up to result) with uniformly
// random legal actions, reusing one Game.
func BenchmarkRandomGame(b *testing.B) {
	a0, a1 := testArmies(b)
	cfg, armies := &Config{Board: Standard}, []*rules.Army{a0, a1}
	g, _ := NewGame(*cfg, armies, 0)
	d := NewRandomDecider(1)
	buf := make([]Action, 0, 4096)
	actions := 0
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if err := g.Init(cfg, armies, seed); err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			buf = g.LegalActions(buf[:0])
			if err := g.Apply(buf[d.Intn(len(buf))], d); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

func TestNoAllocsPerAction(t *testing.T) {
	g := midGame(t)
	buf := g.LegalActions(make([]Action, 0, 4096))
	d := NewRandomDecider(5)
	var g2 Game
	i := 0
	n := testing.AllocsPerRun(200, func() {
		g2 = *g
		buf = g2.LegalActions(buf[:0])
		if err := g2.Apply(buf[i%len(buf)], d); err != nil {
			t.Fatal(err)
		}
		i++
	})
	if n != 0 {
		t.Fatalf("LegalActions+Apply allocate %.1f times per action, want 0", n)
	}
}
