package player

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

var refitThreat = flag.Bool("refit-threat", false, "TestRefitThreat: play race:8 self-play games, fit the threat evaluation and rewrite threat_weights.go")

// The threat evaluation is fitted on race:8 self-play among the six armies
// fit's evaluation is fitted on (fitTrainArmies) and checked on the same
// held-out armies (fitHeldOutArmies: two official armies and two fan
// armies of the test data).
const (
	threatRefitGames     = 40 // games per ordered pair of the fitted armies
	threatRefitHeldGames = 12 // per ordered pair of the held-out armies
)

// threatSample is one end of a turn: the features for the player who just
// moved and that player's result (1 won, 1/2 drawn, 0 lost).
type threatSample struct {
	f threatFeatures
	y float64
}

// threatSamples plays race:8 self-play games (refitEpsilon random actions,
// from seed refitSeed on) between every ordered pair of armies and returns
// a sample at the end of every turn with both HQs on the board: right
// after the action that passed the turn, the position the threat
// evaluation scores at the leaves of the threat player's rollouts.
func threatSamples(t testing.TB, as []*rules.Army, games int) ([]threatSample, int) {
	spec, err := Parse(fitRefitPlayer)
	if err != nil {
		t.Fatal(err)
	}
	res := new(engine.Resolver)
	var scratch engine.State
	buf := make([]engine.Action, 0, 1024)
	var out []threatSample
	played := 0
	seed := uint64(refitSeed)
	for _, a := range as {
		for _, b := range as {
			for k := 0; k < games; k++ {
				seed++
				g, err := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{a, b}, seed)
				if err != nil {
					t.Fatal(err)
				}
				g.SetWorkspace(res)
				players := [2]Player{spec.New(seed*3+1, res), spec.New(seed*3+2, res)}
				r := NewRand(seed)
				first := len(out)
				var who []uint8
				for n := 0; !g.Over() && n < maxActions; n++ {
					buf = g.LegalActions(buf[:0])
					p := players[g.Player]
					mover := g.Player
					i := p.Act(g, buf)
					if r.Intn(1000) < int(refitEpsilon*1000) {
						i = r.Intn(len(buf))
					}
					if err := g.ApplyLegal(buf[i], p); err != nil {
						t.Fatal(err)
					}
					if !g.Over() && g.Player != mover && g.S.HQ[0] != engine.NoHex && g.S.HQ[1] != engine.NoHex && g.Turn > 0 {
						out = append(out, threatSample{f: threatOf(g, mover, res, &scratch)})
						who = append(who, mover)
					}
				}
				for _, pl := range players {
					if rel, ok := pl.(releaser); ok {
						rel.release()
					}
				}
				played++
				if !g.Over() { // capped: left out
					out = out[:first]
					continue
				}
				for j := first; j < len(out); j++ {
					switch {
					case g.Result == engine.Draw:
						out[j].y = 0.5
					case (g.Result == engine.Win1) == (who[j-first] == 0):
						out[j].y = 1
					}
				}
			}
		}
	}
	return out, played
}

// threatLogLoss is the mean cross-entropy of weights w on samples.
func threatLogLoss(samples []threatSample, w *[nThreat]float64) float64 {
	xs, ys := sampleRows(samples, func(s *threatSample) ([]float64, float64) { return s.f[:], s.y })
	return meanLogLoss(xs, ys, w[:])
}

// fitThreat fits the threat weights as fitLogistic does the eight board
// features' (fitNewton), the bias unpenalised.
func fitThreat(samples []threatSample, ridge float64) [nThreat]float64 {
	xs, ys := sampleRows(samples, func(s *threatSample) ([]float64, float64) { return s.f[:], s.y })
	return [nThreat]float64(fitNewton(xs, ys, ridge, tBias))
}

// boardOnly keeps of w the eight board features and the bias: the threat
// model without its threat features, for the comparison of the refit.
func boardOnly(samples []threatSample, ridge float64) [nThreat]float64 {
	cut := make([]threatSample, len(samples))
	for i, s := range samples {
		cut[i].y = s.y
		copy(cut[i].f[:nFeatures], s.f[:nFeatures])
		cut[i].f[tBias] = 1
	}
	return fitThreat(cut, ridge)
}

// TestRefitThreat refits the threat evaluation and rewrites
// threat_weights.go:
//
//	go test ./player -run TestRefitThreat -timeout 60m -args -refit-threat
//
// It plays 1,440 race:8 games among the six fitted armies and 192 among
// the four held-out ones (about four and a half minutes of CPU, one
// core); without -refit-threat it is skipped.
func TestRefitThreat(t *testing.T) {
	if !*refitThreat {
		t.Skip("refits the threat evaluation only with -refit-threat")
	}
	train, trainGames := threatSamples(t, testArmies(t, fitTrainArmies...), threatRefitGames)
	held, heldGames := threatSamples(t, testArmies(t, fitHeldOutArmies...), threatRefitHeldGames)
	var fitOn, same []threatSample
	for i, s := range train {
		if i%5 == 4 {
			same = append(same, s)
		} else {
			fitOn = append(fitOn, s)
		}
	}
	w := fitThreat(fitOn, refitRidge)
	bo := boardOnly(fitOn, refitRidge)
	var fitW [nThreat]float64 // fit's shipped weights, no bias
	copy(fitW[:nFeatures], fitWeights[:])
	for _, c := range []struct {
		name string
		w    *[nThreat]float64
	}{{"threat", &w}, {"board features and bias only", &bo}, {"fit's shipped weights", &fitW}} {
		t.Logf("%s: log-loss %.4f on held-out positions of the fitted armies, %.4f on the held-out armies", c.name, threatLogLoss(same, c.w), threatLogLoss(held, c.w))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by TestRefitThreat -refit-threat; DO NOT EDIT.\n\npackage player\n\n")
	fmt.Fprintf(&b, "// threatWeights were fitted by logistic regression on %d ends of turns of\n", len(fitOn))
	fmt.Fprintf(&b, "// %d %s self-play games (%.0f%% random actions, seed %d) among %v.\n", trainGames, fitRefitPlayer, refitEpsilon*100, refitSeed, fitTrainArmies)
	fmt.Fprintf(&b, "// Log-loss on held-out ends of turns of those armies %.4f (the board\n// features and a bias alone %.4f, fit's weights %.4f); on %d ends of turns\n// of %d games among armies it was not fitted on,\n// %v: %.4f (%.4f, %.4f).\n",
		threatLogLoss(same, &w), threatLogLoss(same, &bo), threatLogLoss(same, &fitW), len(held), heldGames, fitHeldOutArmies,
		threatLogLoss(held, &w), threatLogLoss(held, &bo), threatLogLoss(held, &fitW))
	fmt.Fprintf(&b, "var threatWeights = [nThreat]float64{\n")
	for i, x := range w {
		fmt.Fprintf(&b, "\t%.6f, // %s\n", x, threatNames[i])
	}
	fmt.Fprintf(&b, "}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatalf("formatting the weights: %v", err)
	}
	if err := os.WriteFile("threat_weights.go", src, 0o644); err != nil {
		t.Fatalf("writing the weights: %v", err)
	}
}
