package sim

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/stats"
)

// Agreement compares the round robin of a cheaper player (the base) with
// the round robin of the same armies under a stronger one: does the
// verdict survive better play? Every matchup's win rate is compared, and
// the two rankings are compared by Kendall's τ. The runs are different
// players' games, so they are treated as independent samples.
type Agreement struct {
	Base, Strong string // the players of each round robin
	Cells        []AgreeCell
	MaxDiff      float64 // the largest |strong - base| over the matchups
	Beyond       int     // matchups whose difference exceeds Within
	Tau          float64 // Kendall's τ-b between the two rankings' win rates
	Within       float64 // the largest difference allowed, as a rate (0.05 = 5 points)
	MinTau       float64 // the smallest τ allowed
	Agree        bool
	// Inconclusive: not Agree only because some matchups differ by more
	// than Within, none of them significantly (Holm), with τ high enough.
	// Such a result is what the noise of the games alone often gives, so
	// it asks for more games, not for a stronger default.
	Inconclusive bool
	// ChanceBeyond is how many matchups would differ by more than Within
	// by chance alone if the two round robins' games came from one and the
	// same player (each matchup's difference normal with its standard
	// error), and ChanceAllWithin the probability that none would. They
	// say how much the bound can demand of the games played: with 1,000
	// and 400 games a matchup, a 5-point bound over 28 matchups is missed
	// by identical players most of the time.
	ChanceBeyond, ChanceAllWithin float64
}

// AgreeCell is one matchup: the row army's win rate against the column
// army under each player, the difference with its 95% interval, and
// whether the difference is significant after Holm's correction over all
// matchups.
type AgreeCell struct {
	Row, Col     string
	Base, Strong Tally
	Diff, Lo, Hi float64
	Significant  bool
}

// Compare lines up two round robins of the same armies (in any order) and
// measures their agreement: within (a rate) bounds every matchup's
// difference and minTau the rankings' τ. Mirror matches are left out.
func Compare(base, strong *RoundRobin, within, minTau float64) (*Agreement, error) {
	if len(base.Armies) != len(strong.Armies) {
		return nil, fmt.Errorf("the round robins have %d and %d armies", len(base.Armies), len(strong.Armies))
	}
	idx := make([]int, len(base.Armies)) // base army i is strong army idx[i]
	for i, a := range base.Armies {
		j := slices.Index(strong.Armies, a)
		if j < 0 {
			return nil, fmt.Errorf("army %s is in the first round robin, not in the second", a)
		}
		idx[i] = j
	}
	if err := sameGames(base, strong, idx); err != nil {
		return nil, err
	}
	ag := &Agreement{Base: base.Players, Strong: strong.Players, Within: within, MinTau: minTau, ChanceAllWithin: 1}
	var ps []float64
	for i := range base.Armies {
		for j := i + 1; j < len(base.Armies); j++ {
			b, ok1 := base.Rate(i, j)
			s, ok2 := strong.Rate(idx[i], idx[j])
			if !ok1 || !ok2 {
				return nil, fmt.Errorf("%s vs %s is missing from a round robin", base.Armies[i], base.Armies[j])
			}
			c := AgreeCell{Row: base.Armies[i], Col: base.Armies[j], Base: b, Strong: s, Diff: s.Rate() - b.Rate()}
			se := math.Hypot(b.Pairs.StdErr(), s.Pairs.StdErr())
			c.Lo, c.Hi = c.Diff-stats.Z95*se, c.Diff+stats.Z95*se
			p, beyond := 1.0, 0.0
			if se > 0 {
				p = math.Erfc(math.Abs(c.Diff) / se / math.Sqrt2)
				beyond = math.Erfc(within / se / math.Sqrt2)
			}
			ag.ChanceBeyond += beyond
			ag.ChanceAllWithin *= 1 - beyond
			ps = append(ps, p)
			ag.Cells = append(ag.Cells, c)
			ag.MaxDiff = math.Max(ag.MaxDiff, math.Abs(c.Diff))
			if math.Abs(c.Diff) > within {
				ag.Beyond++
			}
		}
	}
	sig := 0
	for k, p := range stats.Holm(ps) {
		ag.Cells[k].Significant = p < 0.05
		if p < 0.05 {
			sig++
		}
	}
	rate := func(rr *RoundRobin) map[string]float64 {
		m := map[string]float64{}
		for _, r := range rr.Ranking() {
			m[r.Army] = r.Tally.Rate()
		}
		return m
	}
	rb, rs := rate(base), rate(strong)
	var xb, xs []float64
	for _, a := range base.Armies {
		xb, xs = append(xb, rb[a]), append(xs, rs[a])
	}
	ag.Tau = stats.KendallTau(xb, xs)
	ag.Agree = ag.Beyond == 0 && ag.Tau >= minTau
	ag.Inconclusive = !ag.Agree && sig == 0 && ag.Tau >= minTau
	return ag, nil
}

// sameGames checks that two round robins played the same games but for
// the players: the same compiled armies (their hashes), board, action cap
// and variants (start rule, Reinforcements, Structures, leaders). Runs
// that differ in any of them measure something else than the players, so
// their comparison is refused, naming every difference. idx maps base's
// armies to strong's. Results that record no run details (written by an
// older hexforge) cannot be checked and are refused too.
func sameGames(base, strong *RoundRobin, idx []int) error {
	var diffs []string
	seen := map[string]bool{}
	differ := func(format string, args ...any) {
		if d := fmt.Sprintf(format, args...); !seen[d] {
			seen[d] = true
			diffs = append(diffs, d)
		}
	}
	for i := range base.Armies {
		for j := i + 1; j < len(base.Armies); j++ {
			b, _ := base.runOf(i, j)
			s, ok := strong.runOf(idx[i], idx[j])
			if !ok {
				continue // Compare says the match is missing
			}
			if b == nil || s == nil {
				if b != s {
					differ("run details (one result records none: written by an older hexforge?)")
				}
				continue
			}
			for k, army := range []string{base.Armies[i], base.Armies[j]} {
				if b.ArmyHashes[k] != s.ArmyHashes[k] {
					differ("army %s (rules hash %s vs %s: edited, or another --set)", army, b.ArmyHashes[k], s.ArmyHashes[k])
				}
			}
			if b.Board != s.Board {
				differ("board (%s vs %s)", b.Board, s.Board)
			}
			if b.MaxActions != s.MaxActions {
				differ("max_actions (%d vs %d)", b.MaxActions, s.MaxActions)
			}
			if b.Start != s.Start {
				differ("start (%q vs %q)", b.Start, s.Start)
			}
			if b.Reinforce != s.Reinforce {
				differ("reinforcements (%v vs %v)", b.Reinforce, s.Reinforce)
			}
			if b.Structures != s.Structures {
				differ("structures (%v vs %v)", b.Structures, s.Structures)
			}
			if !slices.Equal(b.Leaders, s.Leaders) {
				differ("leaders of %s vs %s (%v vs %v)", base.Armies[i], base.Armies[j], b.Leaders, s.Leaders)
			}
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("the round robins are not of the same games; agree compares the same games under two players, but they differ in:\n  %s", strings.Join(diffs, "\n  "))
	}
	return nil
}

// runOf is the run details of army i against army j, seen from i (the
// army hashes and leaders in the order i, j), and whether the match is
// there.
func (rr *RoundRobin) runOf(i, j int) (*RunInfo, bool) {
	swap := i > j
	if swap {
		i, j = j, i
	}
	s, ok := rr.Matches[[2]int{i, j}]
	if !ok {
		return nil, false
	}
	if s.Run == nil || !swap {
		return s.Run, true
	}
	r := *s.Run
	r.ArmyHashes[0], r.ArmyHashes[1] = r.ArmyHashes[1], r.ArmyHashes[0]
	if len(r.Leaders) == 2 {
		r.Leaders = []string{r.Leaders[1], r.Leaders[0]}
	}
	return &r, true
}

// Verdict says in words whether the two round robins agree, and how many
// matchups beyond the bound chance alone would give with these games.
func (a *Agreement) Verdict() string {
	tau := fmt.Sprintf("Kendall's τ of the rankings %.2f", a.Tau)
	noise := fmt.Sprintf("with these games, chance alone would put about %.1f of %d matchups beyond %.0f points (all within it %.0f%% of the time) if both were one player",
		a.ChanceBeyond, len(a.Cells), 100*a.Within, 100*a.ChanceAllWithin)
	if a.Agree {
		return fmt.Sprintf("agree: every matchup within %.0f points (the largest difference %.1f), %s (at least %.2f); %s", 100*a.Within, 100*a.MaxDiff, tau, a.MinTau, noise)
	}
	sig := 0
	for _, c := range a.Cells {
		if c.Significant {
			sig++
		}
	}
	if a.Inconclusive {
		return fmt.Sprintf("inconclusive: %d of %d matchups differ by more than %.0f points (the largest %.1f), none significantly after Holm, %s (at least %.2f); %s: play more games a matchup", a.Beyond, len(a.Cells), 100*a.Within, 100*a.MaxDiff, tau, a.MinTau, noise)
	}
	return fmt.Sprintf("disagree: %d of %d matchups differ by more than %.0f points (the largest %.1f; %d of all the differences significant after Holm), %s (at least %.2f wanted); %s", a.Beyond, len(a.Cells), 100*a.Within, 100*a.MaxDiff, sig, tau, a.MinTau, noise)
}
