package study

import (
	"context"
	"fmt"

	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
)

// ImportanceRow is one variant of an importance study: the army without
// one token type (or one copy of it).
type ImportanceRow struct {
	Without     string     `json:"without"`
	Token       string     `json:"token"`          // the token type removed, or one copy of it
	Removed     int        `json:"copies_removed"` // how many of its copies
	Left        int        `json:"copies_left"`
	WinRate     float64    `json:"win_rate"`
	Interval    [2]float64 `json:"interval"`
	Change      float64    `json:"change"`    // variant minus the army, paired over the same seeds
	ChangeCI    [2]float64 `json:"change_ci"` // its 95% interval
	P           float64    `json:"p"`         // two-sided p-value of no change
	PHolm       float64    `json:"p_holm"`    // Holm-corrected over the variants
	Significant bool       `json:"significant"`
	Games       int        `json:"games"`   // per opponent: fewer than the study's when it stopped early
	Verdict     string     `json:"verdict"` // changes, within (±Margin), undecided or futile (stopped undecided: it could not be decided by the last look)
}

// Importance is which tokens carry an army: its win rate as it is and
// without each token type, against the same opponents on the same seeds.
type Importance struct {
	Army      string
	Opponents []string
	Players   [2]player.Spec
	Seed      uint64
	Games     int    // per opponent and variant
	Leaders   string // "; leaders A vs B", or ""
	Partial   bool   // stopped early: only the games finished are counted
	Base      sim.Tally
	Rows      []ImportanceRow
	Looks     []int   // the pairs per opponent at each look (one look: no early stop)
	Margin    float64 // the change within which a variant is "within"
}

// Variants is how many armies an importance study plays: the army and one
// variant per token type but the HQ.
func Variants(a *rules.Army) int {
	n := 1
	for _, t := range a.Tokens {
		if t.Kind != rules.HQ {
			n++
		}
	}
	return n
}

// PairedAgainst plays an army against each opponent in turn (play plays
// one match, keeping its pair scores) and returns the tally of all the
// games and every pair's score in order: what a paired comparison of two
// variants on the same seeds needs.
func PairedAgainst(opps []*rules.Army, play func(opp *rules.Army) (*sim.Summary, error)) (sim.Tally, []int8, error) {
	var total sim.Tally
	var points []int8
	for _, opp := range opps {
		s, err := play(opp)
		if err != nil {
			return total, nil, err
		}
		total.Merge(s.Tally)
		points = append(points, s.PairPoints()...)
	}
	return total, points, nil
}

// RunImportance plays army against the opponents, then again with one
// token type removed at a time (one copy fewer with oneCopy), on the same
// seeds, and measures each change pair by pair. With early, each variant
// stops once decided (staged.go: changed, or within ±margin); the
// corrections for the variants and the looks keep the chance of calling
// any unchanged variant changed at 5%. Cancelling ctx stops it with the
// variants played so far.
func RunImportance(ctx context.Context, r *Run, army *rules.Army, opps []*rules.Army, oppNames []string, oneCopy bool, margin float64, early bool) (*Importance, error) {
	// Every variant plays the same seeds against the same opponents in the
	// same order as the army itself, so pair k of a variant and pair k of
	// the army share their draws: the change is measured pair by pair.
	var variants []*rules.Army
	var tokens []int
	for i, t := range army.Tokens {
		if t.Kind != rules.HQ {
			variants, tokens = append(variants, RemoveToken(army, i, oneCopy)), append(tokens, i)
		}
	}
	st, err := runStaged(ctx, r, army, variants, opps, margin, early, early)
	if err != nil {
		return nil, err
	}
	res := &Importance{Army: army.Name, Opponents: oppNames, Players: r.Players, Seed: r.Seed, Games: r.PlayedGames(), Leaders: r.leaderWords(),
		Base: st.ref.total(), Looks: r.Looks(early), Margin: margin}
	for k, v := range st.vars {
		if v.played() == 0 {
			continue // not reached before the run was stopped
		}
		t := army.Tokens[tokens[k]]
		label, removed := t.Name, t.Count
		if oneCopy && t.Count > 1 {
			label, removed = fmt.Sprintf("one %s (%d left)", t.Name, t.Count-1), 1
		}
		vt := v.total()
		lo, hi := v.diff.Interval(stats.Z95)
		iv := vt.Interval()
		res.Rows = append(res.Rows, ImportanceRow{Without: label, Token: t.Name, Removed: removed, Left: t.Count - removed, WinRate: vt.Rate(), Interval: [2]float64{iv.Lo, iv.Hi},
			Change: v.diff.Mean(), ChangeCI: [2]float64{lo, hi}, P: v.p, PHolm: v.pAdj, Significant: v.pAdj <= 0.05, Games: v.played() / len(opps), Verdict: v.verdict})
	}
	res.Partial = ctx.Err() != nil
	return res, nil
}

// RemoveToken returns a copy of a without token type i (or one copy of it).
func RemoveToken(a *rules.Army, i int, oneCopy bool) *rules.Army {
	v := *a
	v.Tokens = append([]rules.Token(nil), a.Tokens...)
	if oneCopy && v.Tokens[i].Count > 1 {
		v.Tokens[i].Count--
		return &v
	}
	v.Tokens = append(v.Tokens[:i], v.Tokens[i+1:]...)
	for j := range v.Tokens {
		for k := range v.Tokens[j].Triggers {
			tr := &v.Tokens[j].Triggers[k]
			switch {
			case int(tr.FreeIf) == i:
				tr.FreeIf = -1
			case int(tr.FreeIf) > i:
				tr.FreeIf--
			}
		}
	}
	if v.HQ > i {
		v.HQ--
	}
	return &v
}

// leaderWords names the run's leaders for a report's title: "" without
// leaders, else "; leaders A vs B" (the studied army's first).
func (r *Run) leaderWords() string {
	if r.Leaders[0] == nil && r.Leaders[1] == nil {
		return ""
	}
	return fmt.Sprintf("; leaders %s vs %s", sim.LeaderName(r.Leaders[0]), sim.LeaderName(r.Leaders[1]))
}
