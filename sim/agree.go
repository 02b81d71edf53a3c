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
//
// The verdict is one of three, each shown, never inferred from a failure
// to find the opposite: Agree when every matchup is shown within Within
// by two one-sided tests at 95% (stats.Compare) and τ is at least MinTau;
// Differs when a matchup's difference is significant after Holm's
// correction over the matchups (or every matchup is within Within but the
// rankings' τ is below MinTau); otherwise Inconclusive: not enough games,
// about NeedGames a matchup in each round robin.
type Agreement struct {
	// The players of each round robin: Base the first run's, Strong the
	// second's, usually a stronger player but not necessarily (reports
	// name both runs by their players, not as "the strong player").
	Base, Strong string
	Cells        []AgreeCell
	MaxDiff      float64 // the largest |strong - base| over the matchups
	Beyond       int     // matchups whose difference exceeds Within
	Tau          float64 // Kendall's τ-b between the two rankings' win rates
	Within       float64 // the equivalence margin, as a rate (0.05 = 5 points)
	MinTau       float64 // the smallest τ allowed
	Agree        bool
	Differs      bool
	// Inconclusive: neither agreement nor a difference is shown; NeedGames
	// is about how many games a matchup each round robin would need to
	// decide, should the differences and their spread stay as they are:
	// the fewer of what shows every matchup within the margin and what
	// makes the clearest difference significant after Holm's
	// correction (NeedDiffers says it is the latter). A matchup whose
	// difference sits at the margin would ask millions of games to be
	// shown within it; the verdict is decided long before, the other way.
	Inconclusive bool
	NeedGames    int
	NeedDiffers  bool
	// NeedArmyGames is, when some army's change is not yet shown within
	// the margin but every one is inside it, about how many games a
	// matchup each round robin would need to show every army's within
	// it, should the changes and their spread stay as they are (0 when
	// every army is shown, or one is at the margin or beyond it).
	NeedArmyGames int
	// ChanceBeyond is how many matchups would differ by more than Within
	// by chance alone if the two round robins' games came from one and the
	// same player (each matchup's difference normal with the spread of its
	// interval), and ChanceAllWithin the probability that none would: what
	// a bare count of matchups beyond the bound is worth with these games.
	ChanceBeyond, ChanceAllWithin float64
	// Armies is the change of each army's win rate against the others
	// (the mean of its matchups' changes, mirrors left out): a player
	// that moves one army a few points in every matchup shows it here long
	// before any one matchup is significant. Its significance is corrected
	// with the matchups' (Holm over both), and a significant change makes
	// the verdict "differs" as a matchup's does. An army's change shown
	// within Within is said in the verdict too, but never makes it
	// "agree": that asks every matchup to be shown within the margin.
	Armies []AgreeArmy
	// Missing is the number of matchups neither round robin holds: results
	// of one army's matches against a field (sim A B for each B, merged
	// with merge --round-robin) compare those matchups and that army's
	// win rate against the others, and no ranking (Tau is NaN, and the
	// verdict does not ask for it).
	Missing int
}

// AgreeArmy is one army's change: the mean over its matchups of the
// change of its win rate (second run minus first), with its 95% interval
// (the matchups' differences independent), whether it is significant
// after Holm's correction over the matchups and the armies, and whether it
// is shown within the margin by two one-sided tests at 95% (its 90%
// interval inside ±Within). An army's change averages seven matchups'
// (with eight armies), so it is shown within the margin with about a
// seventh of the games a matchup needs: the first convergence a long
// study can show.
type AgreeArmy struct {
	Army         string
	Diff, Lo, Hi float64
	Significant  bool
	Equivalent   bool
}

// AgreeCell is one matchup: the row army's win rate against the column
// army under each player, the difference with its 95% interval, whether
// the difference is significant after Holm's correction over all
// matchups, and whether it is shown within the margin.
type AgreeCell struct {
	Row, Col     string
	Base, Strong Tally
	Diff, Lo, Hi float64
	Significant  bool
	Equivalent   bool
}

// Compare lines up two round robins of the same armies (in any order) and
// measures their agreement: within (a rate) is the equivalence margin of
// every matchup's difference and minTau the rankings' smallest τ. Mirror
// matches are left out. A matchup that neither holds is left out too (a
// field: Agreement.Missing); one that only one holds is an error.
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
	var ps []float64 // each matchup's p-value
	var chs []stats.Change
	allEquivalent, need := true, 0
	// The fewest pairs a matchup would need for its difference to be
	// significant after Holm's correction, should it and its spread stay
	// as they are: Holm's first step is Bonferroni's, p <= 0.05/m
	// two-sided over the m matchups and armies.
	na := len(base.Armies)
	cells, whole, err := present(base, strong, idx)
	if err != nil {
		return nil, err
	}
	ag.Missing = na*(na-1)/2 - cells
	zReq := math.Sqrt2 * math.Erfinv(1-0.05/float64(cells+whole))
	needDiff := math.Inf(1)
	nmin := math.Inf(1) // the fewest pairs of a matchup in either run
	for i := range base.Armies {
		for j := i + 1; j < len(base.Armies); j++ {
			b, ok := base.Rate(i, j)
			s, _ := strong.Rate(idx[i], idx[j])
			if !ok {
				continue // in neither (present)
			}
			ch := stats.Compare(b.Sample(), s.Sample(), within)
			c := AgreeCell{Row: base.Armies[i], Col: base.Armies[j], Base: b, Strong: s, Diff: ch.Diff, Lo: ch.Lo, Hi: ch.Hi, Equivalent: ch.Equivalent}
			if !ch.Equivalent {
				allEquivalent = false
				need = max(need, ch.NeedN())
			}
			beyond := 0.0
			se := stats.SE95(ch.Lo, ch.Hi)
			chs = append(chs, ch)
			n := min(b.Sample().N(), s.Sample().N())
			nmin = min(nmin, n)
			if se > 0 {
				beyond = math.Erfc(within / se / math.Sqrt2)
				if z := math.Abs(ch.Diff) / se; z > 0 {
					needDiff = min(needDiff, max(math.Ceil(math.Pow(zReq/z, 2)*n), n+1))
				}
			}
			ag.ChanceBeyond += beyond
			ag.ChanceAllWithin *= 1 - beyond
			ps = append(ps, ch.P)
			ag.Cells = append(ag.Cells, c)
			ag.MaxDiff = math.Max(ag.MaxDiff, math.Abs(c.Diff))
			if math.Abs(c.Diff) > within {
				ag.Beyond++
			}
		}
	}
	armyPs, armyNeed, armyReach := ag.armyChanges(base.Armies, chs)
	ps = append(ps, armyPs...)
	sig := 0
	for k, p := range stats.Holm(ps) {
		if k < len(ag.Cells) {
			ag.Cells[k].Significant = p <= 0.05
		} else {
			ag.Armies[k-len(ag.Cells)].Significant = p <= 0.05
		}
		if p <= 0.05 {
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
	ag.Tau = math.NaN()
	if ag.Missing == 0 {
		ag.Tau = stats.KendallTau(xb, xs)
	}
	lowTau := ag.Missing == 0 && !(ag.Tau >= minTau) // NaN (a ranking all tied) is not enough; a field has no ranking
	ag.Agree = allEquivalent && !lowTau
	ag.Differs = sig > 0 || (allEquivalent && lowTau)
	ag.Inconclusive = !ag.Agree && !ag.Differs
	if ag.Inconclusive {
		if armyReach && armyNeed > 1 && nmin > 0 && !math.IsInf(nmin, 1) {
			ag.NeedArmyGames = 2 * max(int(math.Ceil(armyNeed*nmin)), int(nmin)+1)
		}
		ag.NeedGames = 2 * need
		if nd := 2 * needDiff; nd < float64(ag.NeedGames) {
			ag.NeedGames, ag.NeedDiffers = int(nd), true
		}
	}
	return ag, nil
}

// armyChanges adds each army's change to ag.Armies (the mean of its
// matchups' changes chs, seen from it: stats.MeanChange) and returns their
// p-values, the factor of games that would show every army within the
// margin, and whether every army can be (none at the margin or beyond it).
func (ag *Agreement) armyChanges(armies []string, chs []stats.Change) (ps []float64, need float64, reach bool) {
	need, reach = 1, true
	for _, a := range armies {
		var cs []stats.Change
		for i, c := range ag.Cells {
			switch a {
			case c.Row:
				cs = append(cs, chs[i])
			case c.Col:
				cs = append(cs, chs[i].Neg())
			}
		}
		if len(cs) < len(armies)-1 {
			continue // not against every other army: no win rate against the others
		}
		m := stats.MeanChange(cs, ag.Within)
		switch {
		case m.Equivalent:
		case math.Abs(m.Diff) < ag.Within && m.SD > 0:
			need = max(need, m.NeedFactor())
		default:
			reach = false
		}
		ag.Armies = append(ag.Armies, AgreeArmy{Army: a, Diff: m.Diff, Lo: m.Lo, Hi: m.Hi, Equivalent: m.Equivalent})
		ps = append(ps, m.P)
	}
	return ps, need, reach
}

// present counts the matchups both round robins hold and the armies all of
// whose matchups they hold; a matchup that only one holds is an error
// (a matchup neither holds is a field's: left out).
func present(base, strong *RoundRobin, idx []int) (cells, whole int, err error) {
	na := len(base.Armies)
	per := make([]int, na)
	for i := range na {
		for j := i + 1; j < na; j++ {
			_, ok1 := base.Rate(i, j)
			_, ok2 := strong.Rate(idx[i], idx[j])
			if ok1 != ok2 {
				return 0, 0, fmt.Errorf("%s vs %s is missing from a round robin", base.Armies[i], base.Armies[j])
			}
			if ok1 {
				cells++
				per[i]++
				per[j]++
			}
		}
	}
	if cells == 0 {
		return 0, 0, fmt.Errorf("the round robins hold no matchup of two armies (mirror matches are not compared)")
	}
	for _, k := range per {
		if k == na-1 {
			whole++
		}
	}
	return cells, whole, nil
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
			b, okb := base.runOf(i, j)
			s, ok := strong.runOf(idx[i], idx[j])
			if !ok || !okb {
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
			for _, f := range runFields {
				d := f.diff(b, s)
				if !f.games || d == "" {
					continue
				}
				if f.ofMatch {
					differ("%s of %s vs %s (%s)", f.name, base.Armies[i], base.Armies[j], d)
				} else {
					differ("%s (%s)", f.name, d)
				}
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

// Verdict says in words whether the two round robins agree, differ, or
// need more games, with the figures that decided it.
func (a *Agreement) Verdict() string {
	tau := fmt.Sprintf("Kendall's τ of the rankings %.2f (at least %.2f wanted)", a.Tau, a.MinTau)
	if a.Missing > 0 {
		word := "matchups"
		if a.Missing == 1 {
			word = "matchup"
		}
		tau = fmt.Sprintf("no rankings compared (%d %s of the round robin in neither run)", a.Missing, word)
	}
	eq, sig := 0, 0
	for _, c := range a.Cells {
		if c.Equivalent {
			eq++
		}
		if c.Significant {
			sig++
		}
	}
	switch {
	case a.Agree:
		return fmt.Sprintf("agree: every matchup shown within %.0f points (two one-sided tests at 95%%; the largest difference %.1f), %s",
			100*a.Within, 100*a.MaxDiff, tau)
	case a.Differs && sig > 0:
		return fmt.Sprintf("differs: %d of %d matchups differ significantly (Holm-corrected p <= 0.05; the largest difference %.1f points)%s, %s",
			sig, len(a.Cells), 100*a.MaxDiff, a.armiesMoved(), tau)
	case a.Differs && a.armiesMoved() != "":
		return fmt.Sprintf("differs: no single matchup differs significantly, but%s (Holm-corrected p <= 0.05 over the %d matchups and %d armies; the largest matchup difference %.1f points), %s",
			strings.TrimPrefix(a.armiesMoved(), ";"), len(a.Cells), len(a.Armies), 100*a.MaxDiff, tau)
	case a.Differs:
		return fmt.Sprintf("differs: every matchup is shown within %.0f points, but the rankings are not the same: %s", 100*a.Within, tau)
	}
	what := fmt.Sprintf("every matchup within %.0f points", 100*a.Within)
	if a.NeedDiffers {
		what = "the clearest difference significant"
	}
	return fmt.Sprintf("not enough games (need about %d a matchup in each round robin to show %s): %d of %d matchups shown within %.0f points (two one-sided tests at 95%%), none differs significantly (Holm), the largest difference %.1f points; %s; %s",
		a.NeedGames, what, eq, len(a.Cells), 100*a.Within, 100*a.MaxDiff, a.armiesWithin(), tau)
}

// armiesWithin says how many armies' win rates against the others are
// shown within the margin ("every army's win rate against the others
// shown within 5 points (the largest change 1.2)").
func (a *Agreement) armiesWithin() string {
	if len(a.Armies) == 0 {
		return "no army's win rate against the others compared (no army meets every other in these runs)"
	}
	eq, most := 0, 0.0
	for _, m := range a.Armies {
		if m.Equivalent {
			eq++
		}
		most = max(most, math.Abs(m.Diff))
	}
	if eq == len(a.Armies) && eq > 0 {
		return fmt.Sprintf("every army's win rate against the others shown within %.0f points (the largest change %.1f)", 100*a.Within, 100*most)
	}
	all := ""
	if a.NeedArmyGames > 0 {
		all = fmt.Sprintf(" (every army: about %d games a matchup in each round robin)", a.NeedArmyGames)
	}
	return fmt.Sprintf("%d of %d armies' win rates against the others shown within %.0f points%s", eq, len(a.Armies), 100*a.Within, all)
}

// armiesMoved names the armies whose change is significant ("; Vegas's
// win rate against the others moved +4.2 points [+2.8, +5.6]"), or "".
func (a *Agreement) armiesMoved() string {
	var parts []string
	for _, m := range a.Armies {
		if m.Significant {
			parts = append(parts, fmt.Sprintf("%s's win rate against the others moved %+.1f points [%+.1f, %+.1f]", m.Army, 100*m.Diff, 100*m.Lo, 100*m.Hi))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}
