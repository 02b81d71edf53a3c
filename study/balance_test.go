package study

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
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
	{file: "strong-moloch.army", opp: "moloch", knob: "Juggernaut.count", from: 2, to: 1, knobs: []string{"Juggernaut", "Hybrid", "Gauss Cannon"}, wantStrong: true},
	{file: "weak-borgo.army", opp: "borgo", knob: "Net Fighter.count", from: 1, to: 2, knobs: []string{"Net Fighter", "Mutant", "Claws"}},
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
		t.Skip("plays about 10,000 games (about 20 s of CPU)")
	}
	for _, c := range balanceCases {
		t.Run(c.file, func(t *testing.T) {
			ref := filepath.Join("testdata", "balance", c.file)
			r := greedyRun(t, 2, 0)
			r.Seed = 1
			army := balanceArmy(t, ref)
			res, err := RunBalance(context.Background(), r, army, ref, armies.Loader{}, []*rules.Army{balanceArmy(t, c.opp)}, []string{c.opp},
				BalanceOptions{Lo: 0.45, Hi: 0.55, Budget: 5000, Verify: 3, Alpha: 0.05, Beta: 0.05, Knobs: c.knobs})
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
