package player

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
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

var (
	refit       = flag.Bool("refit", false, "TestRefitEval: play self-play games, fit the evaluation weights and rewrite eval_weights.go")
	refitPlayer = flag.String("refit-player", "greedy", "TestRefitEval: the player of the self-play games")
)

// Refit settings: games per ordered pair of embedded armies, the chance of a
// random action in the self-play games (so that the positions are not only
// those the greedy player reaches), the ridge penalty of the fit, and the
// seed. Changing any of them changes the shipped weights.
const (
	refitGames   = 40
	refitEpsilon = 0.1
	refitRidge   = 1.0
	refitSeed    = 2026
)

// sample is one position's features for the player to move and whether
// that player went on to win (1), draw (1/2) or lose (0).
type sample struct {
	f evalFeatures
	y float64
}

// selfPlay plays games of player spec (with a few random actions) between
// every ordered pair of armies and returns one sample per position where a
// player acts.
func selfPlay(t testing.TB, as []*rules.Army, games int, spec Spec) []sample {
	var out []sample
	res := new(engine.Resolver)
	var scratch engine.State
	ys, _ := selfPlayResults(t, as, games, spec, position.Standard, func(g *engine.Game, me uint8) bool {
		out = append(out, sample{f: features(g, me, res, &scratch)})
		return true
	})
	kept := out[:0]
	for i, s := range out {
		if !math.IsNaN(ys[i]) {
			s.y = ys[i]
			kept = append(kept, s)
		}
	}
	return kept
}

// selfPlayResults plays games of player spec (with refitEpsilon random
// actions) on board between every ordered pair of armies, from seed
// refitSeed on. At every position where a player is to play a token with
// both HQs on the board it calls observe, and for each position observe
// kept (it returned true) it returns, in order, the result for the player
// to move: 1 won, 1/2 drawn, 0 lost, NaN when the game hit the action cap.
func selfPlayResults(t testing.TB, as []*rules.Army, games int, spec Spec, board *engine.Board, observe func(g *engine.Game, me uint8) bool) (ys []float64, played int) {
	res := new(engine.Resolver)
	buf := make([]engine.Action, 0, 1024)
	var g *engine.Game
	seed := uint64(refitSeed)
	for _, a := range as {
		for _, b := range as {
			for k := 0; k < games; k++ {
				seed++
				if g == nil {
					var err error
					if g, err = engine.NewGame(engine.Config{Board: board}, []*rules.Army{a, b}, seed); err != nil {
						t.Fatal(err)
					}
					g.SetWorkspace(res)
				} else if err := g.Init(&engine.Config{Board: board}, []*rules.Army{a, b}, seed); err != nil {
					t.Fatal(err)
				}
				players := [2]Player{spec.New(seed*3+1, res), spec.New(seed*3+2, res)}
				r := NewRand(seed)
				first := len(ys)
				var who []uint8
				for n := 0; !g.Over() && n < maxActions; n++ {
					buf = g.LegalActions(buf[:0])
					p := players[g.Player]
					if g.Phase == engine.PhasePlay && g.S.HQ[0] != engine.NoHex && g.S.HQ[1] != engine.NoHex && observe(g, g.Player) {
						ys = append(ys, 0)
						who = append(who, g.Player)
					}
					i := p.Act(g, buf)
					if r.Intn(1000) < int(refitEpsilon*1000) {
						i = r.Intn(len(buf))
					}
					if err := g.ApplyLegal(buf[i], p); err != nil {
						t.Fatal(err)
					}
				}
				played++
				for j := first; j < len(ys); j++ {
					switch {
					case !g.Over():
						ys[j] = math.NaN() // capped: left out by the caller
					case g.Result == engine.Draw:
						ys[j] = 0.5
					case (g.Result == engine.Win1) == (who[j-first] == 0):
						ys[j] = 1
					}
				}
			}
		}
	}
	return ys, played
}

// logLoss is the mean cross-entropy of weights w on samples.
func logLoss(samples []sample, w *[nFeatures]float64) float64 {
	xs, ys := sampleRows(samples, func(s *sample) ([]float64, float64) { return s.f[:], s.y })
	return meanLogLoss(xs, ys, w[:])
}

// fitLogistic fits the eight board features' weights, every one of them
// penalised (fitNewton).
func fitLogistic(samples []sample, ridge float64) [nFeatures]float64 {
	xs, ys := sampleRows(samples, func(s *sample) ([]float64, float64) { return s.f[:], s.y })
	return [nFeatures]float64(fitNewton(xs, ys, ridge, -1))
}

// sampleRows views samples as rows of features and targets, for the
// fitting helpers below (shared by the board and the threat evaluations).
func sampleRows[S any](samples []S, row func(*S) ([]float64, float64)) (xs [][]float64, ys []float64) {
	xs, ys = make([][]float64, len(samples)), make([]float64, len(samples))
	for i := range samples {
		xs[i], ys[i] = row(&samples[i])
	}
	return xs, ys
}

// meanLogLoss is the mean cross-entropy of weights w on rows xs with
// targets ys.
func meanLogLoss(xs [][]float64, ys []float64, w []float64) float64 {
	var sum float64
	for i, f := range xs {
		p := min(max(sigmoid(dotRow(f, w)), 1e-12), 1-1e-12)
		sum -= ys[i]*math.Log(p) + (1-ys[i])*math.Log(1-p)
	}
	return sum / float64(len(xs))
}

// dotRow is f·w, summed in the order the features' dot methods sum.
func dotRow(f, w []float64) float64 {
	var z float64
	for i, x := range f {
		z += w[i] * x
	}
	return z
}

// fitNewton fits logistic weights to rows xs and targets ys (which may be
// 1/2: draws) by Newton's method (iteratively reweighted least squares)
// with a ridge penalty on every weight but the one at free (-1: none),
// which keeps rare features (a game won by a battle now) from running off
// to infinity.
func fitNewton(xs [][]float64, ys []float64, ridge float64, free int) []float64 {
	n := len(xs[0])
	w := make([]float64, n)
	for iter := 0; iter < 50; iter++ {
		grad := make([]float64, n)
		hess := make([][]float64, n)
		for a := range hess {
			hess[a] = make([]float64, n)
		}
		for i, f := range xs {
			p := sigmoid(dotRow(f, w))
			r, q := p-ys[i], p*(1-p)
			for a := range n {
				grad[a] += r * f[a]
				for b := range n {
					hess[a][b] += q * f[a] * f[b]
				}
			}
		}
		for a := range n {
			if a != free {
				grad[a] += ridge * w[a]
				hess[a][a] += ridge
			}
		}
		step := solveN(hess, grad)
		var size float64
		for a := range n {
			w[a] -= step[a]
			size = max(size, math.Abs(step[a]))
		}
		if size < 1e-9 {
			break
		}
	}
	return w
}

// solveN solves m x = v by Gaussian elimination with partial pivoting (m is
// symmetric positive definite here, thanks to the ridge); it overwrites m
// and v.
func solveN(m [][]float64, v []float64) []float64 {
	n := len(v)
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		v[c], v[p] = v[p], v[c]
		for r := c + 1; r < n; r++ {
			k := m[r][c] / m[c][c]
			for j := c; j < n; j++ {
				m[r][j] -= k * m[c][j]
			}
			v[r] -= k * v[c]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := v[r]
		for j := r + 1; j < n; j++ {
			s -= m[r][j] * x[j]
		}
		x[r] = s / m[r][r]
	}
	return x
}

// The fit must recover the weights that generated the data.
func TestFitLogisticRecoversWeights(t *testing.T) {
	want := [nFeatures]float64{0.8, -0.3, 0.2, 0, 0.1, 0.05, 0.4, -0.2}
	r := NewRand(1)
	samples := make([]sample, 20000)
	for i := range samples {
		var f evalFeatures
		for j := range f {
			f[j] = float64(r.Intn(9)) - 4
		}
		y := 0.0
		if float64(r.Intn(1<<20))/(1<<20) < sigmoid(f.dot(&want)) {
			y = 1
		}
		samples[i] = sample{f, y}
	}
	got := fitLogistic(samples, 1e-6)
	for i := range want {
		if math.Abs(got[i]-want[i]) > 0.08 {
			t.Errorf("weight %s: got %.3f, want %.3f", featureNames[i], got[i], want[i])
		}
	}
}

// TestRefitEval refits the evaluation weights of the mcts player on
// self-play games between all embedded armies and rewrites eval_weights.go:
//
//	go test ./sim -run TestRefitEval -args -refit [-refit-player mcts:8]
//
// Without -refit it is skipped: it plays a few thousand games.
func TestRefitEval(t *testing.T) {
	if !*refit {
		t.Skip("refits the evaluation weights only with -refit")
	}
	var as []*rules.Army
	for _, name := range armies.Names() {
		as = append(as, testarmy.Load(t, name))
	}
	spec, err := Parse(*refitPlayer)
	if err != nil {
		t.Fatal(err)
	}
	samples := selfPlay(t, as, refitGames, spec)
	// Every fifth position is held out to check the fit on positions it
	// has not seen.
	var train, test []sample
	for i, s := range samples {
		if i%5 == 4 {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	w := fitLogistic(train, refitRidge)
	old := evalWeights
	t.Logf("%d positions from %d games; held-out log-loss %.4f with the old weights, %.4f fitted",
		len(samples), len(as)*len(as)*refitGames, logLoss(test, &old), logLoss(test, &w))
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by TestRefitEval -refit; DO NOT EDIT.\n\npackage player\n\n")
	fmt.Fprintf(&b, "// evalWeights were fitted by logistic regression on %d positions of %d\n", len(train), len(as)*len(as)*refitGames)
	fmt.Fprintf(&b, "// self-play games (%s, %.0f%% random actions, every ordered pair of\n// the embedded armies, seed %d); held-out log-loss %.4f (the weights\n// before scored %.4f).\n", spec, refitEpsilon*100, refitSeed, logLoss(test, &w), logLoss(test, &old))
	fmt.Fprintf(&b, "var evalWeights = [nFeatures]float64{\n")
	for i, x := range w {
		fmt.Fprintf(&b, "\t%.6f, // %s\n", x, featureNames[i])
	}
	fmt.Fprintf(&b, "}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatalf("formatting the weights: %v", err)
	}
	if err := os.WriteFile("eval_weights.go", src, 0o644); err != nil {
		t.Fatalf("writing the weights: %v", err)
	}
	t.Logf("weights: %v", w)
}
