package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const fortress = "testdata/fortress.army"

// TestStructuresFlag: --structures plays the Structures variant: the
// report says so, the parts are played (both at once), and the same seed
// without it gives other games. Without --structures an army's structure
// blocks are not played, and a note says so; --structures with no army that
// has one is an error before any game.
func TestStructuresFlag(t *testing.T) {
	type played struct {
		Run struct {
			Structures bool `json:"structures"`
		} `json:"run"`
	}
	out, stderr, code := run(t, "sim", fortress, "moloch", "--structures", "--games", "4", "--players", "greedy")
	if code != 0 || !strings.Contains(out, "Structures") || !strings.Contains(out, "Walker Cannon") {
		t.Fatalf("sim --structures: exit %d, stderr %q\n%s", code, stderr, out)
	}
	js, _, code := run(t, "sim", fortress, "moloch", "--structures", "--games", "4", "--players", "greedy", "--format", "json")
	var p played
	if code != 0 || json.Unmarshal([]byte(js), &p) != nil || !p.Run.Structures {
		t.Errorf("sim --structures --format json does not record the variant (exit %d)", code)
	}
	plain, stderr, code := run(t, "sim", fortress, "moloch", "--games", "4", "--players", "greedy", "--format", "json")
	if code != 0 || !strings.Contains(stderr, `note: "Outpost Fortress" has structure blocks, played only with --structures`) {
		t.Errorf("sim without --structures: exit %d, stderr %q", code, stderr)
	}
	if plain == js || strings.Contains(plain, `"structures"`) {
		t.Error("the games without --structures are the games with it, or the report names the variant")
	}
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "--structures", "--games", "2"); code == 0 || !strings.Contains(stderr, "--structures: no army of this run has a structure block") {
		t.Errorf("--structures without a Structure: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--structures"); code == 0 || !strings.Contains(stderr, "--structures: no army") {
		t.Errorf("play --structures without a Structure: exit %d, stderr %q", code, stderr)
	}
}

// TestStructuresMulti: a multiplayer run plays the Structures variant too
// ("Struktur można używać w grach dla 2, 3 oraz 4 graczy"): the report
// says so, its games differ from the same seed's without it, a recorded
// game carries the variant and replays, shards with and without it do not
// merge, and --structures with no army that has one is refused.
func TestStructuresMulti(t *testing.T) {
	args := []string{"sim", "--mode", "ffa", fortress, "moloch", "borgo", "--games", "6", "--players", "random"}
	out, stderr, code := run(t, append(args, "--structures")...)
	if code != 0 || !strings.Contains(out, "Structures") {
		t.Fatalf("sim --mode ffa --structures: exit %d, stderr %q\n%s", code, stderr, out)
	}
	js, _, code := run(t, append(args, "--structures", "--format", "json")...)
	plain, stderr, code2 := run(t, append(args, "--format", "json")...)
	if code != 0 || code2 != 0 || !strings.Contains(js, `"structures": true`) || strings.Contains(plain, `"structures"`) || js == plain {
		t.Errorf("--format json with and without --structures: exits %d %d; want the variant in the first only, and other games\n%s", code, code2, js)
	}
	if !strings.Contains(stderr, "played only with --structures") {
		t.Errorf("no note without --structures: %q", stderr)
	}
	dir := t.TempDir()
	if _, stderr, code := run(t, append(args, "--structures", "--record", "2", "--record-dir", dir)...); code != 0 {
		t.Fatalf("--record: exit %d, stderr %q", code, stderr)
	}
	traces, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(traces) == 0 {
		t.Fatalf("no trace written in %s", dir)
	}
	text, err := os.ReadFile(traces[0])
	if err != nil || !strings.Contains(string(text), `"structures":true`) {
		t.Fatalf("the trace does not record the variant (%v)", err)
	}
	if out, stderr, code := run(t, "replay", "--allow-extends-outside", traces[0]); code != 0 {
		t.Errorf("replay %s: exit %d, stderr %q\n%s", traces[0], code, stderr, out)
	}
	shard := func(name, which string, extra ...string) string {
		t.Helper()
		o := filepath.Join(dir, name)
		a := append(append([]string{}, args...), "--games", "12", "--format", "json", "--shard", which, "--out", o) // two rotations
		if _, stderr, code := run(t, append(a, extra...)...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", a, code, stderr)
		}
		return o
	}
	if _, stderr, code := run(t, "merge", shard("a.json", "0/2", "--structures"), shard("b.json", "1/2")); code == 0 || !strings.Contains(stderr, "structures") {
		t.Errorf("merge of multiplayer shards with and without --structures: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := run(t, "sim", "--mode", "ffa", "moloch", "borgo", "hegemony", "--structures", "--games", "6"); code == 0 || !strings.Contains(stderr, "--structures: no army of this run has a structure block") {
		t.Errorf("--mode ffa --structures without a Structure: exit %d, stderr %q", code, stderr)
	}
}

// TestStructuresPlayTrace: play --structures traces a game whose Structure
// placement replays (the trace records the variant and the placement).
func TestStructuresPlayTrace(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(fortress)
	if err != nil {
		t.Fatal(err)
	}
	army := filepath.Join(dir, "fortress.army")
	if err := os.WriteFile(army, src, 0o644); err != nil {
		t.Fatal(err)
	}
	tr := filepath.Join(dir, "game.jsonl")
	if out, stderr, code := run(t, "play", army, "moloch", "--structures", "--players", "greedy", "--trace", tr); code != 0 {
		t.Fatalf("play: exit %d, stderr %q\n%s", code, stderr, out)
	}
	text, err := os.ReadFile(tr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), `"structures":true`) || !strings.Contains(string(text), `"act":"structure"`) {
		t.Fatalf("the trace records no variant or no placement:\n%.2000s", text)
	}
	if out, stderr, code := run(t, "replay", tr); code != 0 || !strings.Contains(out, "discards three tokens and places the Structure") {
		t.Fatalf("replay: exit %d, stderr %q\n%s", code, stderr, out)
	}
}

// TestMergeRefusesMixedStructures: merge refuses shards of which one was
// played with --structures and the other without (the games differ).
func TestMergeRefusesMixedStructures(t *testing.T) {
	dir := t.TempDir()
	shard := func(name, which string, extra ...string) string {
		t.Helper()
		out := filepath.Join(dir, name)
		args := append([]string{"sim", fortress, "moloch", "--games", "4", "--players", "random", "--format", "json", "--shard", which, "--out", out}, extra...)
		if _, stderr, code := run(t, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
		return out
	}
	first, second := shard("first.json", "0/2", "--structures"), shard("second.json", "1/2")
	if _, stderr, code := run(t, "merge", first, second); code == 0 || !strings.Contains(stderr, "structures") {
		t.Errorf("merge of shards with and without --structures: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := run(t, "merge", first, shard("third.json", "1/2", "--structures")); code != 0 {
		t.Errorf("merge of two --structures shards: exit %d, stderr %q", code, stderr)
	}
}
