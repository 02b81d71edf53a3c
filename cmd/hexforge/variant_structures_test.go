package main

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/workbench"
)

// TestStructuresFlagRefusedFirst: watch and serve refuse --structures
// without a --vs opponent (their quick simulations play the variant, and
// nothing else would), and ladder refuses it when no army has a structure
// block, each before any work.
func TestStructuresFlagRefusedFirst(t *testing.T) {
	for _, args := range [][]string{
		{"watch", "testdata/clean.army", "--structures"},
		{"serve", "testdata/clean.army", "--structures", "--addr", "127.0.0.1:0"},
	} {
		if _, stderr, code := run(t, args...); code == 0 || !strings.Contains(stderr, "--structures plays the Structures variant in the quick simulations: give an opponent with --vs") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	if _, stderr, code := run(t, "ladder", "moloch", "borgo", "--structures", "--games", "2", "--levels", "random"); code == 0 || !strings.Contains(stderr, "--structures: no army of this run has a structure block") {
		t.Errorf("ladder --structures without a Structure: exit %d, stderr %q", code, stderr)
	}
}

// TestLadderStructures: ladder --structures plays the variant: other
// results than the same seeds without it, and the report says so.
func TestLadderStructures(t *testing.T) {
	ladder := func(args ...string) (study.LadderMatch, string) {
		t.Helper()
		base := []string{"ladder", fortress, "moloch", "--levels", "random,greedy", "--games", "4"}
		out, stderr, code := run(t, append(base, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
		}
		var r struct{ Ladder []study.LadderMatch }
		if strings.Contains(strings.Join(args, " "), "json") {
			if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Ladder) != 1 {
				t.Fatalf("%v: %v\n%s", args, err, out)
			}
			return r.Ladder[0], out
		}
		return study.LadderMatch{}, out
	}
	plain, _ := ladder("--format", "json")
	with, _ := ladder("--format", "json", "--structures")
	if plain.Structures || !with.Structures || reflect.DeepEqual(plain.Levels, with.Levels) {
		t.Errorf("--structures: recorded %v (without: %v), the same levels as without: %v", with.Structures, plain.Structures, with.Levels)
	}
	if _, out := ladder("--structures"); !strings.Contains(out, "at each, Structures, 95% interval") {
		t.Errorf("the table's title does not name the variant:\n%s", out)
	}
}

// TestWatchSimStructures: the quick simulation of watch and serve plays
// the Structures variant with --structures, and its line says so; an army
// pair without a structure block gets a note (the games are the plain
// ones), and a structure army without the flag the usual note.
func TestWatchSimStructures(t *testing.T) {
	fort, err := loadArmy(&bytes.Buffer{}, fortress)
	if err != nil {
		t.Fatal(err)
	}
	moloch, err := armies.Loader{}.Load("moloch")
	if err != nil {
		t.Fatal(err)
	}
	line := func(q workbench.Quick, name string) string {
		var out bytes.Buffer
		a := fort.Army
		if name == "moloch" {
			a = moloch.Army
		}
		q.Vs, q.Games, q.Players = []string{"borgo"}, 20, greedyBoth
		q.OnGood()(context.Background(), &out, name+".army", a, nil)
		return strings.TrimSpace(out.String())
	}
	std := line(workbench.Quick{}, "fortress")
	with := line(workbench.Quick{Structures: true}, "fortress")
	if !strings.Contains(std, "played only with --structures") {
		t.Errorf("no note without --structures: %s", std)
	}
	if !strings.Contains(with, "greedy games, Structures") || strings.Contains(with, "note") || with[strings.LastIndex(with, "vs Borgo"):] == std[strings.LastIndex(std, "vs Borgo"):] {
		t.Errorf("--structures: %s\nwithout: %s", with, std)
	}
	if none := line(workbench.Quick{Structures: true}, "moloch"); !strings.Contains(none, "note: --structures: no army of this run has a structure block") {
		t.Errorf("--structures without a Structure: %s", none)
	}
}
