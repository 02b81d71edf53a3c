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
// has one is an error before any game; a multiplayer run refuses it.
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
	if _, stderr, code := run(t, "sim", fortress, "moloch", "borgo", "--mode", "ffa", "--structures", "--games", "2"); code == 0 || !strings.Contains(stderr, "--structures is not read by a multiplayer run") {
		t.Errorf("a multiplayer run with --structures: exit %d, stderr %q", code, stderr)
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
