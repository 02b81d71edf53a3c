package sim

import (
	"fmt"
	"maps"
	"strings"
	"testing"
)

// tallyOfPairs is a tally of n pairs at a win rate of about rate: pairs
// scoring 2, 1 and 0 games in proportions giving that rate, with a spread
// like real pairs.
func tallyOfPairs(n int, rate float64) Tally {
	var t Tally
	wins := int(rate*float64(n)*2 + 0.5) // games won of 2n
	for k := 0; k < n; k++ {
		switch {
		case wins >= 2 && k%2 == 0:
			t.Pairs[4]++
			t.Wins += 2
			wins -= 2
		case wins >= 1:
			t.Pairs[2]++
			t.Wins++
			t.Losses++
			wins--
		default:
			t.Pairs[0]++
			t.Losses += 2
		}
	}
	return t
}

// rrRates is a round robin of the given armies where army i scores
// rates[i][j] against army j (i < j), over n pairs each.
func rrRates(players string, armies []string, rates map[[2]int]float64, n int) *RoundRobin {
	rr := &RoundRobin{Armies: armies, Players: players, Matches: map[[2]int]*Summary{}}
	for k, r := range rates {
		rr.Matches[k] = &Summary{A: armies[k[0]], B: armies[k[1]], Tally: tallyOfPairs(n, r)}
	}
	return rr
}

func TestCompareRoundRobins(t *testing.T) {
	armies := []string{"A", "B", "C", "D"}
	base := rrRates("cheap", armies, map[[2]int]float64{
		{0, 1}: 0.60, {0, 2}: 0.65, {0, 3}: 0.70, {1, 2}: 0.55, {1, 3}: 0.60, {2, 3}: 0.55,
	}, 6000)
	// The same verdict under the strong player, with the armies listed in
	// another order: every matchup within 2 points, the same ranking, in
	// enough games to show each within 5 points.
	same := rrRates("strong", []string{"D", "C", "B", "A"}, map[[2]int]float64{
		{3, 2}: 0.62, {3, 1}: 0.66, {3, 0}: 0.69, {2, 1}: 0.54, {2, 0}: 0.61, {1, 0}: 0.56,
	}, 3000)
	// Swap each (i < j) key's roles: rrRates keys are (row, col) with row's
	// rate, so D-first listing needs the row's own view.
	for k, s := range same.Matches {
		if k[0] > k[1] {
			delete(same.Matches, k)
			s.A, s.B = s.B, s.A
			s.Tally = s.Tally.Swap()
			same.Matches[[2]int{k[1], k[0]}] = s
		}
	}
	ag, err := Compare(base, same, 0.05, 0.85)
	if err != nil {
		t.Fatal(err)
	}
	if !ag.Agree || ag.Differs || ag.Beyond != 0 || ag.Tau != 1 || ag.MaxDiff > 0.021 || !strings.HasPrefix(ag.Verdict(), "agree: every matchup shown within 5 points") {
		t.Errorf("the same verdict: agree %v, differs %v, beyond %d, τ %v, max %.3f; want agreement, τ 1, max 0.02: %q", ag.Agree, ag.Differs, ag.Beyond, ag.Tau, ag.MaxDiff, ag.Verdict())
	}
	for _, c := range ag.Cells {
		if !c.Equivalent || c.Significant && (c.Lo <= 0 && c.Hi >= 0) {
			t.Errorf("%s vs %s: %+v", c.Row, c.Col, c)
		}
	}
	// The same verdict in 100 pairs a matchup is not shown within 5
	// points: not enough games, never "agree" for want of a difference.
	few := rrRates("strong", armies, map[[2]int]float64{
		{0, 1}: 0.61, {0, 2}: 0.66, {0, 3}: 0.69, {1, 2}: 0.56, {1, 3}: 0.61, {2, 3}: 0.54,
	}, 100)
	if ag, err := Compare(base, few, 0.05, 0.85); err != nil || ag.Agree || ag.Differs || !ag.Inconclusive || ag.NeedGames <= 200 ||
		ag.NeedDiffers ||
		!strings.HasPrefix(ag.Verdict(), fmt.Sprintf("not enough games (need about %d a matchup in each round robin to show every matchup within 5 points)", ag.NeedGames)) {
		t.Errorf("100 pairs: %v, agree %v, differs %v, need %d: %q", err, ag.Agree, ag.Differs, ag.NeedGames, ag.Verdict())
	}
	// A strong player that turns C into the best army: C's matchups move
	// by 20 points and more, the ranking changes.
	moved := rrRates("strong", armies, map[[2]int]float64{
		{0, 1}: 0.60, {0, 2}: 0.40, {0, 3}: 0.70, {1, 2}: 0.35, {1, 3}: 0.60, {2, 3}: 0.75,
	}, 400)
	ag, err = Compare(base, moved, 0.05, 0.85)
	if err != nil {
		t.Fatal(err)
	}
	if ag.Agree || !ag.Differs || ag.Inconclusive || ag.Beyond != 3 || ag.Tau >= 0.85 {
		t.Errorf("a moved verdict: agree %v, differs %v, beyond %d, τ %v; want a difference, 3 matchups beyond, τ < 0.85", ag.Agree, ag.Differs, ag.Beyond, ag.Tau)
	}
	sig := 0
	for _, c := range ag.Cells {
		if c.Significant {
			sig++
			if c.Row != "C" && c.Col != "C" {
				t.Errorf("%s vs %s called significant; it did not move", c.Row, c.Col)
			}
		}
	}
	if sig != 3 {
		t.Errorf("%d significant differences, want C's 3", sig)
	}
	// The verdict names its figures (the report prints it; report's tests).
	if v := ag.Verdict(); !strings.HasPrefix(v, "differs: 3 of 6 matchups differ significantly (Holm-corrected p <= 0.05; the largest difference 25.0 points)") {
		t.Errorf("verdict %q", v)
	}
	// Different armies cannot be compared.
	other := rrRates("strong", []string{"A", "B", "C", "E"}, nil, 10)
	if _, err := Compare(base, other, 0.05, 0.85); err == nil || !strings.Contains(err.Error(), "army D") {
		t.Errorf("different armies: %v, want an error naming army D", err)
	}
}

// TestCompareNeedAtTheMargin: a matchup whose difference sits near the
// margin would ask millions of games to be shown within it, but the verdict
// is decided long before by the clearest difference becoming significant:
// the need is the fewer of the two, and the verdict says which.
func TestCompareNeedAtTheMargin(t *testing.T) {
	armies := []string{"A", "B", "C", "D"}
	rates := map[[2]int]float64{{0, 1}: 0.60, {0, 2}: 0.65, {0, 3}: 0.70, {1, 2}: 0.55, {1, 3}: 0.60, {2, 3}: 0.55}
	for _, c := range []struct {
		name      string
		cd        float64 // C against D under the strong player
		differs   bool    // the need is the difference's
		lo, hi    int     // games a matchup
		wantWords string
	}{
		// 4.8 points at the 5-point margin, its standard error about 3.1
		// points in 300 pairs a side: shown within 5 only in about
		// (1.645·3.1/0.2)² = 650 times the pairs; significant after Holm
		// over 6 matchups and 4 armies (z 2.81 against 1.55 now) in about
		// 3.3 times them, about 2,000 games.
		{"at the margin", 0.599, true, 1700, 2300, "to show the clearest difference significant"},
		// 1 point: equivalence needs about (1.645·3.1/4)² = 1.6 times the
		// pairs, about 970 games; a difference some 67 times them.
		{"well inside", 0.56, false, 800, 1200, "to show every matchup within 5 points"},
	} {
		moved := maps.Clone(rates)
		moved[[2]int{2, 3}] = c.cd
		ag, err := Compare(rrRates("cheap", armies, rates, 300), rrRates("strong", armies, moved, 300), 0.05, 0.5)
		if err != nil {
			t.Fatal(err)
		}
		if !ag.Inconclusive || ag.NeedDiffers != c.differs || ag.NeedGames < c.lo || ag.NeedGames > c.hi || !strings.Contains(ag.Verdict(), c.wantWords+")") {
			t.Errorf("%s: inconclusive %v, need %d (the difference's: %v), want %d to %d (%v): %q", c.name, ag.Inconclusive, ag.NeedGames, ag.NeedDiffers, c.lo, c.hi, c.differs, ag.Verdict())
		}
	}
}

// TestCompareArmyMoved: a player that moves one army 4 points in every
// matchup, none of them significant alone, differs: the army's win rate
// against the others is, after Holm over the matchups and the armies.
func TestCompareArmyMoved(t *testing.T) {
	armies := []string{"A", "B", "C", "D"}
	rates := map[[2]int]float64{{0, 1}: 0.60, {0, 2}: 0.65, {0, 3}: 0.70, {1, 2}: 0.55, {1, 3}: 0.60, {2, 3}: 0.55}
	moved := maps.Clone(rates)
	for _, k := range [][2]int{{0, 3}, {1, 3}, {2, 3}} {
		moved[k] -= 0.04 // D, the column, gains 4 points against each
	}
	base := rrRates("cheap", armies, rates, 800)
	ag, err := Compare(base, rrRates("strong", armies, moved, 800), 0.05, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ag.Cells {
		if c.Significant {
			t.Errorf("%s vs %s significant alone; the test wants none", c.Row, c.Col)
		}
	}
	var d AgreeArmy
	for _, m := range ag.Armies {
		if m.Army == "D" {
			d = m
		} else if m.Significant {
			t.Errorf("%s called moved: %+v", m.Army, m)
		}
	}
	if !d.Significant || d.Diff < 0.035 || d.Diff > 0.045 || d.Lo <= 0 || !ag.Differs || ag.Agree ||
		!strings.HasPrefix(ag.Verdict(), "differs: no single matchup differs significantly, but D's win rate against the others moved +4.0 points") {
		t.Errorf("D moved 4 points: %+v, differs %v, agree %v: %q", d, ag.Differs, ag.Agree, ag.Verdict())
	}
	// The same games under one player: no army moves.
	same, err := Compare(base, rrRates("strong", armies, rates, 800), 0.05, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range same.Armies {
		if m.Significant || m.Diff != 0 || m.Lo >= 0 || m.Hi <= 0 {
			t.Errorf("unmoved %s: %+v", m.Army, m)
		}
	}
}

// A difference beyond the bound that the games cannot tell from noise is
// "not enough games", not "differs", and the verdict says about how many
// games would decide it; chance alone puts many matchups beyond the bound.
func TestCompareInconclusive(t *testing.T) {
	armies := []string{"A", "B", "C", "D"}
	rates := map[[2]int]float64{{0, 1}: 0.60, {0, 2}: 0.65, {0, 3}: 0.70, {1, 2}: 0.55, {1, 3}: 0.60, {2, 3}: 0.55}
	moved := maps.Clone(rates)
	moved[[2]int{2, 3}] = 0.62 // 7 points: beyond 5, not significant in 40 pairs
	small := rrRates("strong", armies, moved, 40)
	ag, err := Compare(rrRates("cheap", armies, rates, 40), small, 0.05, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if ag.Agree || ag.Differs || !ag.Inconclusive || ag.Beyond != 1 {
		t.Fatalf("agree %v, differs %v, inconclusive %v, beyond %d; want not enough games with 1 matchup beyond", ag.Agree, ag.Differs, ag.Inconclusive, ag.Beyond)
	}
	if !strings.HasPrefix(ag.Verdict(), "not enough games (need about ") || !strings.Contains(ag.Verdict(), "0 of 6 matchups shown within 5 points") {
		t.Errorf("verdict %q", ag.Verdict())
	}
	// 40 pairs a side: a matchup's difference has a standard error of
	// about 7 points, so most of the 6 matchups pass 5 points by chance.
	if ag.ChanceBeyond < 2.5 || ag.ChanceBeyond > 4.5 || ag.ChanceAllWithin > 0.05 {
		t.Errorf("40 pairs: chance beyond %.2f, all within %.3f; want about 3.4 and almost never", ag.ChanceBeyond, ag.ChanceAllWithin)
	}
	// With 20,000 pairs a side the same bound is almost never passed by chance.
	big, err := Compare(rrRates("cheap", armies, rates, 20000), rrRates("strong", armies, rates, 20000), 0.05, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if !big.Agree || big.Inconclusive || big.Differs || big.ChanceBeyond > 1e-6 || big.ChanceAllWithin < 0.999999 {
		t.Errorf("20,000 pairs: agree %v, inconclusive %v, chance beyond %g, all within %g", big.Agree, big.Inconclusive, big.ChanceBeyond, big.ChanceAllWithin)
	}
	// A significant difference is a disagreement, however many games.
	moved[[2]int{2, 3}] = 0.75
	dis, err := Compare(rrRates("cheap", armies, rates, 20000), rrRates("strong", armies, moved, 20000), 0.05, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if dis.Agree || dis.Inconclusive || !dis.Differs || !strings.HasPrefix(dis.Verdict(), "differs: 1 of 6") {
		t.Errorf("a significant move: agree %v, inconclusive %v, %q", dis.Agree, dis.Inconclusive, dis.Verdict())
	}
}

// TestCompareRefusesOtherGames: two round robins are compared only when
// they played the same games but for the players; every difference of
// armies' rules, board, action cap or variant is named. The same details
// with the armies listed in another order compare.
func TestCompareRefusesOtherGames(t *testing.T) {
	armies := []string{"A", "B", "C"}
	hash := map[string]string{"A": "aaaa", "B": "bbbb", "C": "cccc"}
	rates := map[[2]int]float64{{0, 1}: 0.6, {0, 2}: 0.55, {1, 2}: 0.5}
	// withRun gives every match its run details, edited by edit.
	withRun := func(rr *RoundRobin, edit func(r *RunInfo)) *RoundRobin {
		for _, s := range rr.Matches {
			r := &RunInfo{ArmyHashes: [2]string{hash[s.A], hash[s.B]}, MaxActions: 1000, Board: "standard", Leaders: []string{s.A + "-leader", s.B + "-leader"}, Version: "v1"}
			edit(r)
			s.Run = r
		}
		return rr
	}
	none := func(*RunInfo) {}
	base := withRun(rrRates("cheap", armies, rates, 100), none)
	// The same games listed C, B, A: each match seen from the other side.
	reversed := rrRates("strong", []string{"C", "B", "A"}, nil, 100)
	for k, r := range rates {
		a, b := 2-k[1], 2-k[0]
		s := &Summary{A: reversed.Armies[a], B: reversed.Armies[b], Tally: tallyOfPairs(100, 1-r)}
		reversed.Matches[[2]int{a, b}] = s
	}
	withRun(reversed, func(r *RunInfo) { r.Version = "v2" }) // another version may replay the same games
	if _, err := Compare(base, reversed, 0.05, 0.85); err != nil {
		t.Fatalf("the same games in another order: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(r *RunInfo)
		want []string
	}{
		{"board", func(r *RunInfo) { r.Board = "duel" }, []string{"board (standard vs duel)"}},
		{"max_actions", func(r *RunInfo) { r.MaxActions = 400 }, []string{"max_actions (1000 vs 400)"}},
		{"an edited army", func(r *RunInfo) {
			for k, h := range r.ArmyHashes {
				if h == "bbbb" {
					r.ArmyHashes[k] = "b2b2"
				}
			}
		}, []string{"army B (rules hash bbbb vs b2b2"}},
		{"variants", func(r *RunInfo) { r.Start, r.Reinforce, r.Structures = "alternative", true, true }, []string{"start", "reinforcements (false vs true)", "structures (false vs true)"}},
		{"leaders", func(r *RunInfo) { r.Leaders = nil }, []string{"leaders of A vs B"}},
		{"no details", nil, []string{"run details"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			strong := rrRates("strong", armies, rates, 100)
			if tc.edit != nil {
				withRun(strong, tc.edit)
			}
			_, err := Compare(base, strong, 0.05, 0.85)
			if err == nil {
				t.Fatal("compared round robins of other games")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
}

// An army's win rate against the others averages its matchups, so it is
// shown within the margin with fewer games than any one matchup: with
// eight armies under one player twice and 150 pairs a side, no matchup is
// shown within 5 points but every army is, and the verdict (still "not
// enough games") says so. An army moved 4 points in each of its matchups
// is not shown within them.
func TestCompareArmyWithin(t *testing.T) {
	armies := []string{"A", "B", "C", "D", "E", "F", "G", "H"}
	rates := map[[2]int]float64{}
	for i := range armies {
		for j := i + 1; j < len(armies); j++ {
			rates[[2]int{i, j}] = 0.5 + 0.03*float64(j-i)
		}
	}
	ag, err := Compare(rrRates("cheap", armies, rates, 150), rrRates("strong", armies, rates, 150), 0.05, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ag.Cells {
		if c.Equivalent {
			t.Fatalf("%s vs %s shown within 5 points in 150 pairs; the test wants none: %+v", c.Row, c.Col, c)
		}
	}
	for _, m := range ag.Armies {
		if !m.Equivalent || m.Significant {
			t.Errorf("%s unmoved, 7 matchups of 150 pairs: %+v; want shown within 5 points", m.Army, m)
		}
	}
	if !ag.Inconclusive || !strings.Contains(ag.Verdict(), "every army's win rate against the others shown within 5 points (the largest change 0.0)") {
		t.Errorf("verdict %q", ag.Verdict())
	}
	// In 40 pairs a matchup not every army is shown; the verdict says about
	// how many games would show them all, and that many do.
	few, err := Compare(rrRates("cheap", armies, rates, 40), rrRates("strong", armies, rates, 40), 0.05, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	n := few.NeedArmyGames
	if n <= 80 || n > 400 || !strings.Contains(few.Verdict(), fmt.Sprintf("armies' win rates against the others shown within 5 points (every army: about %d games a matchup in each round robin)", n)) {
		t.Fatalf("40 pairs: need %d games for every army; verdict %q", n, few.Verdict())
	}
	enough, err := Compare(rrRates("cheap", armies, rates, n/2), rrRates("strong", armies, rates, n/2), 0.05, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range enough.Armies {
		if !m.Equivalent {
			t.Errorf("%d games a matchup, as forecast: %s not shown within 5 points: %+v", n, m.Army, m)
		}
	}
	if enough.NeedArmyGames != 0 {
		t.Errorf("every army shown, yet a need of %d", enough.NeedArmyGames)
	}
	moved := maps.Clone(rates)
	for i := range 7 {
		moved[[2]int{i, 7}] -= 0.04 // H, the column, gains 4 points against each
	}
	mv, err := Compare(rrRates("cheap", armies, rates, 150), rrRates("strong", armies, moved, 150), 0.05, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mv.Armies {
		if m.Army == "H" && m.Equivalent {
			t.Errorf("H moved 4 points: %+v; want not shown within 5", m)
		}
	}
	if !strings.Contains(mv.Verdict(), " of 8 armies' win rates against the others shown within 5 points") {
		t.Errorf("verdict %q", mv.Verdict())
	}
}

// One army's matches against a field (sim A B for each B, merged with
// merge --round-robin) are compared as the matchups they are: that
// army's win rate against the others is judged, the other armies (one
// matchup each) are not, no ranking is compared, and a matchup only one
// run holds is refused.
func TestCompareField(t *testing.T) {
	armies := []string{"A", "B", "C", "D"}
	rates := map[[2]int]float64{{0, 1}: 0.60, {0, 2}: 0.65, {0, 3}: 0.70}
	moved := maps.Clone(rates)
	for k := range moved {
		moved[k] += 0.06 // A gains 6 points against each
	}
	base := rrRates("cheap", armies, rates, 800)
	ag, err := Compare(base, rrRates("strong", armies, moved, 800), 0.05, 0.85)
	if err != nil {
		t.Fatal(err)
	}
	if len(ag.Cells) != 3 || ag.Missing != 3 || len(ag.Armies) != 1 || ag.Armies[0].Army != "A" || !ag.Armies[0].Significant || ag.Agree || !ag.Differs {
		t.Fatalf("A's field moved 6 points: %d cells, %d missing, armies %+v, agree %v differs %v", len(ag.Cells), ag.Missing, ag.Armies, ag.Agree, ag.Differs)
	}
	if v := ag.Verdict(); !strings.Contains(v, "A's win rate against the others moved +") || !strings.Contains(v, "no rankings compared (3 matchups of the round robin in neither run)") {
		t.Errorf("verdict %q", v)
	}
	// The same rates in many pairs: every matchup within 5 points, and so
	// the field agrees with no ranking to ask for.
	same, err := Compare(rrRates("cheap", armies, rates, 4000), rrRates("strong", armies, rates, 4000), 0.05, 0.85)
	if err != nil {
		t.Fatal(err)
	}
	if !same.Agree || !same.Armies[0].Equivalent || !strings.HasPrefix(same.Verdict(), "agree: every matchup shown within 5 points") {
		t.Errorf("the same field twice: agree %v, %q", same.Agree, same.Verdict())
	}
	more := maps.Clone(rates)
	more[[2]int{1, 2}] = 0.5
	if _, err := Compare(base, rrRates("strong", armies, more, 800), 0.05, 0.85); err == nil || !strings.Contains(err.Error(), "B vs C is missing from a round robin") {
		t.Errorf("a matchup only the second run holds: %v", err)
	}
	if _, err := Compare(rrRates("cheap", armies, nil, 800), rrRates("strong", armies, nil, 800), 0.05, 0.85); err == nil {
		t.Error("two round robins without a matchup compared")
	}
	// Two matchups that share no army: no army meets every other, so no
	// army's standing is judged (it said "0 of 0 armies").
	apart := map[[2]int]float64{{0, 1}: 0.55, {2, 3}: 0.45}
	ap, err := Compare(rrRates("cheap", armies, apart, 100), rrRates("strong", armies, apart, 100), 0.05, 0.85)
	if err != nil {
		t.Fatal(err)
	}
	if v := ap.Verdict(); len(ap.Armies) != 0 || strings.Contains(v, "0 of 0") || !strings.Contains(v, "no army meets every other") {
		t.Errorf("no army meets every other: armies %+v, verdict %q", ap.Armies, v)
	}
}
