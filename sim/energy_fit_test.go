package sim

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

var refitEnergy = flag.Bool("refit-energy", false, "TestRefitEnergy: play Duel-board self-play games, fit the worth of an energy point and rewrite energy_weight.go")

const refitEnergyGames = 40 // per ordered pair of armies

// energySample is one position of a Duel-board game for the player to
// move: the greedy evaluation without its energy term, the energy
// difference, and the result (1 won, ½ drawn, 0 lost).
type energySample struct{ eval, energy, y float64 }

// fitTwo fits y ~ σ(a·eval + b·energy) by Newton's method with a small
// ridge. There is no intercept: the position is scored for the player to
// move, and a position and its mirror must get opposite logits.
func fitTwo(samples []energySample, ridge float64) (a, b float64) {
	for iter := 0; iter < 50; iter++ {
		var ga, gb, haa, hab, hbb float64
		for _, s := range samples {
			p := sigmoid(a*s.eval + b*s.energy)
			r, q := p-s.y, p*(1-p)
			ga += r * s.eval
			gb += r * s.energy
			haa += q * s.eval * s.eval
			hab += q * s.eval * s.energy
			hbb += q * s.energy * s.energy
		}
		ga, gb, haa, hbb = ga+ridge*a, gb+ridge*b, haa+ridge, hbb+ridge
		det := haa*hbb - hab*hab
		if det == 0 {
			break
		}
		da, db := (hbb*ga-hab*gb)/det, (haa*gb-hab*ga)/det
		a, b = a-da, b-db
		if math.Abs(da)+math.Abs(db) < 1e-10 {
			break
		}
	}
	return a, b
}

// fitTwo recovers the weights that generated its samples.
func TestFitTwoRecoversWeights(t *testing.T) {
	r := newRng(9)
	var samples []energySample
	const a, b = 0.25, 0.1
	for range 20000 {
		s := energySample{eval: float64(r.intn(41) - 20), energy: float64(r.intn(11) - 5)}
		if float64(r.intn(1_000_000))/1e6 < sigmoid(a*s.eval+b*s.energy) {
			s.y = 1
		}
		samples = append(samples, s)
	}
	ga, gb := fitTwo(samples, 1e-6)
	if math.Abs(ga-a) > 0.02 || math.Abs(gb-b) > 0.02 {
		t.Errorf("fitted %.3f, %.3f; the samples were drawn with %.3f, %.3f", ga, gb, a, b)
	}
}

// TestRefitEnergy fits the worth of an energy point against the greedy
// evaluation on self-play games of the Duel board and rewrites
// energy_weight.go:
//
//	go test ./sim -run TestRefitEnergy -args -refit-energy
//
// The logit of winning is fitted as a·(evaluation without energy) +
// b·(energy difference); an energy point is then worth b/a of the
// evaluation's points. Positions already decided (an HQ at 0 now) are left
// out: their evaluation carries the half-win term, which no energy moves.
func TestRefitEnergy(t *testing.T) {
	if !*refitEnergy {
		t.Skip("refits the energy weight only with -refit-energy")
	}
	duel, err := engine.BoardByName("duel")
	if err != nil {
		t.Fatal(err)
	}
	var as []*rules.Army
	for _, name := range armies.Names() {
		as = append(as, testArmy(t, name))
	}
	spec := PlayerSpec{Kind: "greedy"}
	res := new(engine.Resolver)
	var scratch engine.State
	buf := make([]engine.Action, 0, 1024)
	var samples []energySample
	seed := uint64(refitSeed)
	games := 0
	for _, a := range as {
		for _, b := range as {
			for range refitEnergyGames {
				seed++
				g, err := engine.NewGame(duel, a, b, seed)
				if err != nil {
					t.Fatal(err)
				}
				g.SetWorkspace(res)
				players := [2]Player{spec.New(seed*3+1, res), spec.New(seed*3+2, res)}
				r := newRng(seed)
				first := len(samples)
				var who []uint8
				for n := 0; !g.Over() && n < DefaultMaxActions; n++ {
					buf = g.LegalActions(buf[:0])
					p := players[g.Player]
					if g.Phase == engine.PhasePlay && g.S.HQ[0] != engine.NoHex && g.S.HQ[1] != engine.NoHex {
						me := g.Player
						e := float64(g.Energy[me]) - float64(g.Energy[engine.Opp(me)])
						ev := evaluate(g, me, res, &scratch) - energyWeight*e
						if math.Abs(ev) < winScore/4 {
							samples = append(samples, energySample{eval: ev, energy: e})
							who = append(who, me)
						}
					}
					i := p.Act(g, buf)
					if r.intn(1000) < int(refitEpsilon*1000) {
						i = r.intn(len(buf))
					}
					if err := g.ApplyLegal(buf[i], p); err != nil {
						t.Fatal(err)
					}
				}
				games++
				for j := first; j < len(samples); j++ {
					switch {
					case !g.Over():
						samples[j].y = math.NaN()
					case g.Result == engine.Draw:
						samples[j].y = 0.5
					case (g.Result == engine.Win1) == (who[j-first] == 0):
						samples[j].y = 1
					}
				}
			}
		}
	}
	kept := samples[:0]
	for _, s := range samples {
		if !math.IsNaN(s.y) {
			kept = append(kept, s)
		}
	}
	ca, cb := fitTwo(kept, refitRidge)
	if ca <= 0 {
		t.Fatalf("the evaluation's fitted weight is %.4f: it does not predict the result, so it cannot price energy", ca)
	}
	w := max(cb/ca, 0) // energy is never worth less than nothing: a player may leave it unspent
	t.Logf("%d positions of %d games: logit = %.5f·evaluation + %.5f·energy; an energy point is worth %.3f (was %.3f)", len(kept), games, ca, cb, w, energyWeight)
	var buf2 bytes.Buffer
	fmt.Fprintf(&buf2, "// Code generated by TestRefitEnergy -refit-energy; DO NOT EDIT.\n\npackage sim\n\n")
	fmt.Fprintf(&buf2, "// energyWeight is the worth of an energy point in the greedy evaluation's\n// units (an HQ point is %g), fitted by logistic regression on %d positions\n", hqWeight, len(kept))
	fmt.Fprintf(&buf2, "// of %d Duel-board self-play games (greedy, %.0f%% random actions, every\n// ordered pair of the embedded armies, seed %d): the logit of winning is\n", games, refitEpsilon*100, refitSeed)
	fmt.Fprintf(&buf2, "// %.5f per point of the evaluation without energy and %.5f per energy\n// point, so an energy point is worth their ratio (the fit before it: %.3f).\n", ca, cb, energyWeight)
	fmt.Fprintf(&buf2, "const energyWeight = %.3f\n", w)
	src, err := format.Source(buf2.Bytes())
	if err != nil {
		t.Fatalf("formatting the weight: %v", err)
	}
	if err := os.WriteFile("energy_weight.go", src, 0o644); err != nil {
		t.Fatalf("writing the weight: %v", err)
	}
}
