package study

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

func balanceArmy(t *testing.T, ref string) *rules.Army {
	t.Helper()
	l, err := armies.Loader{}.Load(ref)
	if err != nil {
		t.Fatal(err)
	}
	return l.Army
}

// balanceCase is a deliberately unbalanced variant of an embedded army
// (testdata/balance) against that army, and the change that made it so,
// undone: the fix balance should find.
type balanceCase struct {
	file, opp  string
	knob       string // armies.Knob.Name of the known fix
	from, to   int
	knobs      []string
	wantStrong bool // the variant is too strong (else too weak)
}

var balanceCases = []balanceCase{
	{file: "strong-moloch.army", opp: "moloch", knob: "Juggernaut.count", from: 2, to: 1, knobs: []string{"Juggernaut", "Gauss Cannon"}, wantStrong: true},
	{file: "weak-borgo.army", opp: "borgo", knob: "Net Fighter.count", from: 1, to: 2, knobs: []string{"Net Fighter", "Claws"}},
}

// On a variant made too strong (one Juggernaut more) and one made too
// weak (one Net Fighter fewer), balance with a cheap player and a small
// budget finds the army outside the band, proposes a fix that passes its
// own fair-band verification, and has the known change undone (or a
// change as small: one knob, one step) among its first three
// suggestions. Every suggestion's variant file compiles to the army its
// --set lines make.
func TestBalanceFindsKnownFix(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 16,000 games (about 30 s of CPU)")
	}
	for _, c := range balanceCases {
		t.Run(c.file, func(t *testing.T) {
			ref := filepath.Join("testdata", "balance", c.file)
			r := greedyRun(t, 2, 0)
			r.Seed = 1
			army := balanceArmy(t, ref)
			res, err := RunBalance(context.Background(), r, army, ref, armies.Loader{}, []*rules.Army{balanceArmy(t, c.opp)}, []string{c.opp},
				BalanceOptions{Lo: 0.45, Hi: 0.55, Budget: 8000, Verify: 2, Alpha: 0.05, Beta: 0.05, Knobs: c.knobs})
			if err != nil {
				t.Fatal(err)
			}
			if res.Games > res.Budget || res.Games != res.SearchGames+res.VerifyGames {
				t.Errorf("played %d games (search %d, verification %d) on a budget of %d", res.Games, res.SearchGames, res.VerifyGames, res.Budget)
			}
			base := res.Base.Opponents[0].WinRate
			if c.wantStrong && base <= 0.55 || !c.wantStrong && base >= 0.45 {
				t.Fatalf("the army as it is wins %.3f: not the unbalanced case this test needs", base)
			}
			if len(res.Suggestions) < 3 {
				t.Fatalf("%d suggestions, want at least 3", len(res.Suggestions))
			}
			known, passed := false, false
			for _, s := range res.Suggestions[:3] {
				ok := s.Verified != nil && s.Verified.Passed
				passed = passed || ok
				if len(s.Changes) == 1 && s.Changes[0].Knob == c.knob && s.Changes[0].From == c.from && s.Changes[0].To == c.to {
					known = true
				}
				if s.Knobs == 1 && s.Steps == 1 {
					known = true // as small as the known change
				}
			}
			if !passed || !known {
				for _, s := range res.Suggestions[:3] {
					t.Logf("%d: %v %+v verified %+v", s.Rank, s.Sets, s.Estimate, s.Verified)
				}
				t.Fatalf("no verified fix (%v) or the known change %s %d→%d not among the first three (%v)", passed, c.knob, c.from, c.to, known)
			}
			// The variant file, saved beside the army's file, is the army
			// of the --set lines.
			dir := t.TempDir()
			src, err := os.ReadFile(ref)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, c.file), src, 0o644); err != nil {
				t.Fatal(err)
			}
			for _, s := range res.Suggestions[:3] {
				p := filepath.Join(dir, "fix.army")
				if err := os.WriteFile(p, []byte(s.Variant), 0o644); err != nil {
					t.Fatal(err)
				}
				fromFile, err := armies.Loader{}.Load(p)
				if err != nil {
					t.Fatalf("suggestion %d's variant file does not load: %v\n%s", s.Rank, err, s.Variant)
				}
				sets, err := armies.ParseSets(s.Sets)
				if err != nil {
					t.Fatal(err)
				}
				fromSets, err := armies.Loader{}.LoadVariant(ref, sets)
				if err != nil {
					t.Fatal(err)
				}
				fromFile.Army.Name = fromSets.Army.Name // the file names its army after the suggestion
				if d := compiler.Diff(fromFile.Army, fromSets.Army); len(d) > 0 {
					t.Errorf("suggestion %d: the variant file and the --set lines differ: %v", s.Rank, d)
				}
				if d := compiler.Diff(army, fromSets.Army); len(d) == 0 {
					t.Errorf("suggestion %d (%v) changes nothing", s.Rank, s.Sets)
				}
			}
		})
	}
}

// The knobs of an army are its numbers a --set can write, bounded so that
// no knob removes a token unless asked; --knobs keeps the named ones and
// refuses a name that matches none.
func TestBalanceKnobs(t *testing.T) {
	ld := armies.Loader{}
	knobs, err := ld.Knobs("moloch", false)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]armies.Knob{}
	for _, k := range knobs {
		names[k.Name()] = k
	}
	for _, want := range []string{"HQ.toughness", "Gauss Cannon.count", "Gauss Cannon.edge SW (ranged 1 piercing)", "Move.on play (move 1)", "Juggernaut.edge N (melee 2, armor)", "HQ.link all (ranged +1)"} {
		if _, ok := names[want]; !ok {
			t.Errorf("no knob %q", want)
		}
	}
	if k := names["Gauss Cannon.count"]; k.Min != 1 {
		t.Errorf("Gauss Cannon.count may go to %d without --allow-remove", k.Min)
	}
	if k := names["HQ.link all (ranged +1)"]; k.With(2, nil) != "ranged +2" {
		t.Errorf("the HQ's link at 2 writes %q", k.With(2, nil))
	}
	all, _ := ld.Knobs("moloch", true)
	for _, k := range all {
		if k.Name() == "Gauss Cannon.count" && k.Min != 0 {
			t.Errorf("with --allow-remove Gauss Cannon.count stops at %d", k.Min)
		}
	}
	got, err := FilterKnobs(knobs, []string{"Gauss Cannon", "initiative"})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range got {
		if k.Token != "Gauss Cannon" && k.Field != "initiative" {
			t.Errorf("--knobs 'Gauss Cannon,initiative' kept %s", k.Name())
		}
	}
	if !slices.ContainsFunc(got, func(k armies.Knob) bool { return k.Name() == "Hybrid.initiative" }) {
		t.Error("--knobs initiative left out Hybrid.initiative")
	}
	if _, err := FilterKnobs(knobs, []string{"Gaus Canon"}); err == nil {
		t.Error("--knobs 'Gaus Canon' accepted")
	}
}

// balanceOnce runs a small balance of the weak Borgo against Borgo and
// Hegemony with journals (the first the run's own), counting the games
// it plays itself.
func balanceOnce(t *testing.T, shard sim.Shard, workers int, journals ...string) (*Balance, int, error) {
	t.Helper()
	ref := filepath.Join("testdata", "balance", "weak-borgo.army")
	r := greedyRun(t, 2, workers)
	r.Shard = shard
	played := 0
	r.OnGames = func(recs []sim.GameRecord) { played += len(recs) }
	j, err := OpenBalanceJournal(journals)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	res, err := RunBalance(context.Background(), r, balanceArmy(t, ref), ref, armies.Loader{}, []*rules.Army{balanceArmy(t, "borgo"), balanceArmy(t, "hegemony")}, []string{"borgo", "hegemony"},
		BalanceOptions{Lo: 0.45, Hi: 0.55, Budget: 1200, Verify: 2, Alpha: 0.05, Beta: 0.05, Knobs: []string{"Net Fighter", "Mutant.count"}, Journal: j})
	return res, played, err
}

func balanceJSON(t *testing.T, b *Balance) string {
	t.Helper()
	var buf bytes.Buffer
	if err := b.Write(&buf, report.JSON, ""); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// A balance run is the same for any workers; run again with its journal
// it plays no game and gives the same report byte for byte; its shards,
// each run again with every shard's journal until none waits, give the
// unsharded run's search (the verification of shards is fixed-length, as
// sim's shards' sequential tests are).
func TestBalanceResumeAndShards(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 4,000 quick games")
	}
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	first, played, err := balanceOnce(t, sim.Shard{}, 1, whole)
	if err != nil {
		t.Fatal(err)
	}
	if played == 0 || played != first.Games {
		t.Fatalf("played %d games, the report counts %d", played, first.Games)
	}
	again, played, err := balanceOnce(t, sim.Shard{}, 2, whole)
	if err != nil {
		t.Fatal(err)
	}
	if played != 0 {
		t.Errorf("resumed from a whole journal, the run played %d games", played)
	}
	if a, b := balanceJSON(t, first), balanceJSON(t, again); a != b {
		t.Errorf("the resumed run's report differs:\n%s\n%s", a, b)
	}
	fresh, _, err := balanceOnce(t, sim.Shard{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := balanceJSON(t, first), balanceJSON(t, fresh); a != b {
		t.Errorf("with 2 workers the report differs from 1's")
	}
	shards := []string{filepath.Join(dir, "s0.jsonl"), filepath.Join(dir, "s1.jsonl")}
	for _, f := range shards {
		j, err := OpenBalanceJournal([]string{f}) // each shard's journal exists before the other reads it
		if err != nil {
			t.Fatal(err)
		}
		j.Close()
	}
	var got *Balance
	for round := 0; got == nil; round++ {
		if round > 20 {
			t.Fatal("the shards still wait after 20 rounds")
		}
		for i := range shards {
			res, _, err := balanceOnce(t, sim.Shard{I: i, N: 2}, 1, shards[i], shards[1-i])
			switch {
			case err == ErrBalanceWaiting:
			case err != nil:
				t.Fatal(err)
			default:
				got = res
			}
		}
	}
	if !got.VerifyFixedLength {
		t.Error("the shards' verification is not marked fixed-length")
	}
	if got.SearchGames != first.SearchGames || len(got.Suggestions) != len(first.Suggestions) {
		t.Fatalf("the shards' search played %d games for %d suggestions, the whole run's %d for %d", got.SearchGames, len(got.Suggestions), first.SearchGames, len(first.Suggestions))
	}
	for i, s := range got.Suggestions {
		w := first.Suggestions[i]
		if !slices.Equal(s.Sets, w.Sets) || s.Estimate.Distance != w.Estimate.Distance {
			t.Errorf("suggestion %d: shards %v (%g), whole %v (%g)", i+1, s.Sets, s.Estimate.Distance, w.Sets, w.Estimate.Distance)
		}
	}
	// The shards' journals merged make one journal of whole matches: the
	// unsharded run resumed from it alone plays none of the search's games
	// again and writes the unsharded report.
	var merged bytes.Buffer
	if partial, err := MergeBalanceJournals(shards, &merged); err != nil || partial != 0 {
		t.Fatalf("merging the shards' journals: %d partial, %v", partial, err)
	}
	mergedFile := filepath.Join(dir, "merged.jsonl")
	os.WriteFile(mergedFile, merged.Bytes(), 0o644)
	if !IsBalanceJournal(mergedFile) || IsBalanceJournal(bad0(t, dir)) {
		t.Error("IsBalanceJournal does not tell a journal from a report")
	}
	resumed, played, err := balanceOnce(t, sim.Shard{}, 2, mergedFile)
	if err != nil {
		t.Fatal(err)
	}
	if played != first.Games-first.SearchGames {
		t.Errorf("resumed from the merged shards, the run played %d games; its verification alone has %d (the shards' verification is fixed-length, its own is not)", played, first.Games-first.SearchGames)
	}
	t.Logf("resumed from the merged shards: played %d of %d games", played, first.Games)
	if a, b := balanceJSON(t, first), balanceJSON(t, resumed); a != b {
		t.Errorf("resumed from the merged shards, the report differs:\n%s\n%s", a, b)
	}
	// One shard alone merges partial; a slice whose games differ is refused.
	if partial, err := MergeBalanceJournals(shards[:1], io.Discard); err != nil || partial == 0 {
		t.Errorf("one shard of two merged: %d partial, %v", partial, err)
	}
	raw, _ := os.ReadFile(shards[1])
	lines := strings.SplitAfter(string(raw), "\n")
	lines[1] = strings.Replace(lines[1], `"wins":`, `"wins":1`, 1)
	edited := filepath.Join(dir, "edited.jsonl")
	os.WriteFile(edited, []byte(strings.Join(lines, "")), 0o644)
	if _, err := MergeBalanceJournals([]string{shards[1], edited}, io.Discard); err == nil || !strings.Contains(err.Error(), "edited.jsonl") || !strings.Contains(err.Error(), "different games") {
		t.Errorf("an edited slice merged: %v", err)
	}
	// A file that is not a journal is refused, naming it.
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("{\"a\": 1}\n"), 0o644)
	if _, err := OpenBalanceJournal([]string{whole, bad}); err == nil || !strings.Contains(err.Error(), "bad.jsonl") {
		t.Errorf("a foreign file as a journal: %v", err)
	}
}

// bad0 writes a JSON file that is not a journal.
func bad0(t *testing.T, dir string) string {
	t.Helper()
	f := filepath.Join(dir, "report.json")
	if err := os.WriteFile(f, []byte("{\"kind\": \"match\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// pairsTally is a tally of pairs: ww pairs won twice, wl won once and
// lost once, ll lost twice.
func pairsTally(ww, wl, ll int) sim.Tally {
	var t sim.Tally
	for range ww {
		t.Add(sim.Win)
		t.Add(sim.Win)
		t.AddPair(sim.Win, sim.Win)
	}
	for range wl {
		t.Add(sim.Win)
		t.Add(sim.Loss)
		t.AddPair(sim.Win, sim.Loss)
	}
	for range ll {
		t.Add(sim.Loss)
		t.Add(sim.Loss)
		t.AddPair(sim.Loss, sim.Loss)
	}
	return t
}

// An army that wins 30% against one opponent and 70% against the other
// is outside the band against every opponent, and inside it on average:
// the field goal judges the mean.
func TestBalanceFieldEstimate(t *testing.T) {
	tallies := []sim.Tally{pairsTally(0, 6, 4), pairsTally(4, 6, 0)} // 30%, 70%
	for _, field := range []bool{false, true} {
		b := &balancer{o: BalanceOptions{Lo: 0.45, Hi: 0.55, Field: field}, res: &Balance{Opponents: []string{"Borgo", "Smart"}}}
		e := b.estimate(&arm{tallies: tallies})
		if e.InBand != field {
			t.Errorf("field goal %v: in the band %v", field, e.InBand)
		}
		if field && (e.Field == nil || e.Field.WinRate != 0.5 || e.Field.Games != 40 || e.Distance != 0) {
			t.Errorf("field goal: the mean %+v, distance %g; want 50%% of 40 games, distance 0", e.Field, e.Distance)
		}
		if !field && (e.Field != nil || e.Distance < 0.19) {
			t.Errorf("every opponent: field %+v, distance %g (want 0.2)", e.Field, e.Distance)
		}
	}
}

// With the field goal, balance ranks and verifies by the mean over the
// opponents: each estimate's band and distance are the mean's, each
// verification is one fair-band test of the pooled games (as many pairs
// against each opponent), its verdict the suggestion's.
func TestBalanceFieldGoal(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 1,200 quick games")
	}
	ref := filepath.Join("testdata", "balance", "weak-borgo.army")
	res, err := RunBalance(context.Background(), greedyRun(t, 2, 2), balanceArmy(t, ref), ref, armies.Loader{}, []*rules.Army{balanceArmy(t, "borgo"), balanceArmy(t, "hegemony")}, []string{"borgo", "hegemony"},
		BalanceOptions{Lo: 0.45, Hi: 0.55, Budget: 1200, Verify: 2, Alpha: 0.05, Beta: 0.05, Knobs: []string{"Net Fighter", "Mutant.count"}, Field: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Goal != GoalField || res.Base.Field == nil {
		t.Fatalf("goal %q, the army's field estimate %v", res.Goal, res.Base.Field)
	}
	verified := 0
	for _, s := range res.Suggestions {
		f := s.Estimate.Field
		if f == nil {
			t.Fatalf("suggestion %d has no field estimate", s.Rank)
		}
		mean := (s.Estimate.Opponents[0].WinRate + s.Estimate.Opponents[1].WinRate) / 2
		if s.Estimate.Opponents[0].Games == s.Estimate.Opponents[1].Games && abs64(f.WinRate-mean) > 1e-9 {
			t.Errorf("suggestion %d: field %.4f, the mean of its opponents %.4f", s.Rank, f.WinRate, mean)
		}
		if s.Estimate.InBand != (f.WinRate >= 0.45 && f.WinRate <= 0.55) || abs64(s.Estimate.Distance-abs64(f.WinRate-0.5)) > 1e-12 {
			t.Errorf("suggestion %d: in band %v, distance %g for a mean of %.4f", s.Rank, s.Estimate.InBand, s.Estimate.Distance, f.WinRate)
		}
		v := s.Verified
		if v == nil {
			continue
		}
		verified++
		if v.Field == nil || v.Field.Verdict == "" || v.Passed != (v.Field.Verdict == sim.VerdictInside) {
			t.Fatalf("suggestion %d: verification %+v", s.Rank, v)
		}
		sum := 0
		for _, o := range v.Opponents {
			sum += o.Games
			if o.Verdict != "" || o.Games != v.Opponents[0].Games {
				t.Errorf("suggestion %d: an opponent's row %+v (no verdict, as many games as the others)", s.Rank, o)
			}
		}
		if sum != v.Field.Games || sum != v.Games {
			t.Errorf("suggestion %d: %d games over the opponents, the field's %d, the verification's %d", s.Rank, sum, v.Field.Games, v.Games)
		}
	}
	if verified == 0 {
		t.Error("nothing verified")
	}
	var out bytes.Buffer
	if err := res.Write(&out, report.Table, ""); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"goal: the mean win rate over the opponents", fieldLabel, "over the field"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("the table lacks %q:\n%s", w, out.String())
		}
	}
}

// The hint to try the field goal is given when the army is above the band
// against some opponents and below it against others, and nothing passed.
func TestBalanceHint(t *testing.T) {
	rates := func(rs ...float64) BalanceEstimate {
		var e BalanceEstimate
		for i, r := range rs {
			e.Opponents = append(e.Opponents, OpponentRate{Opponent: []string{"Borgo", "Smart", "Vegas"}[i], WinRate: r})
		}
		return e
	}
	for _, c := range []struct {
		name   string
		b      Balance
		want   bool
		naming string
	}{
		{"straddles", Balance{Army: "Warband", Goal: GoalEvery, Band: [2]float64{0.45, 0.55}, Base: rates(0.33, 0.61, 0.50)}, true, "against Smart and less against Borgo"},
		{"only weak", Balance{Army: "Warband", Goal: GoalEvery, Band: [2]float64{0.45, 0.55}, Base: rates(0.33, 0.40, 0.50)}, false, ""},
		{"a fix passed", Balance{Army: "Warband", Goal: GoalEvery, Band: [2]float64{0.45, 0.55}, Base: rates(0.33, 0.61, 0.50), VerifiedPass: 1}, false, ""},
		{"already the field", Balance{Army: "Warband", Goal: GoalField, Band: [2]float64{0.45, 0.55}, Base: rates(0.33, 0.61, 0.50)}, false, ""},
	} {
		h := c.b.Hint()
		if (h != "") != c.want || !strings.Contains(h, c.naming) || (c.want && !strings.Contains(h, "--goal field")) {
			t.Errorf("%s: hint %q", c.name, h)
		}
	}
}
