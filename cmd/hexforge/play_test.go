package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/player"
)

func TestPlaySummary(t *testing.T) {
	stdout, stderr, code := run(t, "play", "moloch", "borgo", "--seed", "7")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"game 1, seed 7: Moloch (" + player.Default + ") moves first", "HQ Moloch", "turns"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout)
		}
	}
	// Game 2 is the seat-swapped game of the same pair.
	stdout, _, _ = run(t, "play", "moloch", "borgo", "--seed", "7", "--game", "2")
	if !strings.Contains(stdout, "Borgo ("+player.Default+") moves first") {
		t.Errorf("game 2 does not give army B the first seat:\n%s", stdout)
	}
}

func TestPlayTraceReplay(t *testing.T) {
	dir := t.TempDir()
	army, err := os.ReadFile("testdata/clean.army")
	if err != nil {
		t.Fatal(err)
	}
	// An army given as a path is named relative to the trace, so the two
	// move together.
	if err := os.WriteFile(filepath.Join(dir, "mine.army"), army, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ a, b, players string }{
		{"moloch", "borgo", "greedy"},
		{"hegemony", "outpost", "random,greedy"},
		{filepath.Join(dir, "mine.army"), "moloch", "greedy"},
	} {
		file := filepath.Join(dir, "game.jsonl")
		stdout, stderr, code := run(t, "play", c.a, c.b, "--seed", "3", "--players", c.players, "--trace", file)
		if code != 0 {
			t.Fatalf("play %v: exit %d: %s", c, code, stderr)
		}
		if !strings.Contains(stdout, "trace: "+file) {
			t.Errorf("play --trace does not say where the trace went:\n%s", stdout)
		}
		stdout, stderr, code = run(t, "replay", file)
		if code != 0 {
			t.Fatalf("replay %v: exit %d: %s", c, code, stderr)
		}
		for _, want := range []string{"player 1: ", "-- turn 1: player 1", "final: ", "replay ok: "} {
			if !strings.Contains(stdout, want) {
				t.Errorf("replay output lacks %q", want)
			}
		}
		for i, l := range strings.Split(stdout, "\n") {
			if len([]rune(l)) > 100 {
				t.Errorf("line %d is wider than 100 columns: %q", i+1, l)
			}
		}
		if stdout, _, code = run(t, "replay", "--quiet", file); code != 0 || strings.Count(stdout, "\n") != 1 {
			t.Errorf("replay --quiet: exit %d, output %q", code, stdout)
		}
	}
}

func TestReplayRejects(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--seed", "5", "--trace", good); code != 0 {
		t.Fatalf("play: %s", stderr)
	}
	raw, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	lines := strings.SplitAfter(string(raw), "\n")
	tampered := strings.Replace(string(raw), `"e":"draw","p":2,"tok":"`, `"e":"draw","p":2,"tok":"X`, 1)
	cases := []struct {
		name, file, want string
		code             int
	}{
		{"missing", filepath.Join(dir, "nope.jsonl"), "no such file", 2},
		{"directory", dir, "is a directory", 2},
		{"malformed", write("bad.jsonl", lines[0]+"{\"e\": \n"), "line 2: malformed JSON", 2},
		{"schema", write("schema.jsonl", strings.Replace(string(raw), `"schema":1`, `"schema":2`, 1)), "trace schema version 2: this hexforge reads version 1", 2},
		{"not a trace", write("other.jsonl", `{"a":"Moloch"}`+"\n"), "not a trace header", 2},
		{"empty", write("empty.jsonl", ""), "empty file", 2},
		{"binary", write("binary.jsonl", "\x7fELF\x02\x01\x01\x00\x00"), "the header is not JSON", 2},
		{"truncated", write("cut.jsonl", lines[0]+lines[1]), "the trace ends before the game does", 2},
		{"tampered", write("tampered.jsonl", tampered), "the replay differs from the trace", 1},
		{"army outside", write("outside.jsonl", strings.Replace(string(raw), `"ref":"moloch"`, `"ref":"../x/evil.army"`, 1)), "outside the trace's directory", 2},
		{"army not .army", write("passwd.jsonl", strings.Replace(string(raw), `"ref":"moloch"`, `"ref":"/etc/passwd"`, 1)), "a path ending in .army", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code := run(t, "replay", "--quiet", c.file)
			noPanic(t, c.name, stdout+stderr)
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, c.code, stderr)
			}
			if !strings.Contains(stderr, c.want) {
				t.Errorf("stderr lacks %q:\n%s", c.want, stderr)
			}
			if !strings.Contains(stderr, c.file) {
				t.Errorf("stderr does not name the file %s:\n%s", c.file, stderr)
			}
		})
	}
}

// Flags are checked before any army is loaded or game played.
func TestPlayFlagsFirst(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "0"}, "--game 0: want 1 to"},
		{[]string{"--players", "wizard"}, `unknown player "wizard"`},
		{[]string{"--max-actions", "3"}, "--max-actions 3"},
		{[]string{"--trace", "/no/such/dir/g.jsonl"}, "--trace: cannot write /no/such/dir/g.jsonl"},
	} {
		// The missing army would be the error if the flags came second.
		args := append([]string{"play", "no-such-army", "borgo"}, c.args...)
		_, stderr, code := run(t, args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", args, code, stderr, c.want)
		}
	}
}

func TestSimRecord(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "traces")
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "4", "--record", "3", "--record-dir", dir); code != 0 {
		t.Fatalf("sim --record: exit %d: %s", code, stderr)
	}
	for i := 1; i <= 3; i++ {
		file := filepath.Join(dir, fmt.Sprintf("game-%04d.jsonl", i))
		if stdout, stderr, code := run(t, "replay", "--quiet", file); code != 0 {
			t.Errorf("replay %s: exit %d: %s%s", file, code, stdout, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "game-0004.jsonl")); err == nil {
		t.Error("--record 3 wrote a fourth trace")
	}
	// Game 2 of the run is play --game 2: the same events.
	p2 := filepath.Join(t.TempDir(), "p2.jsonl")
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--game", "2", "--trace", p2); code != 0 {
		t.Fatal(stderr)
	}
	a, _ := os.ReadFile(p2)
	b, _ := os.ReadFile(filepath.Join(dir, "game-0002.jsonl"))
	_, restA, _ := strings.Cut(string(a), "\n")
	_, restB, _ := strings.Cut(string(b), "\n")
	if restA == "" || restA != restB {
		t.Error("sim --record's game 2 is not play --game 2")
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"moloch", "borgo", "--games", "2", "--record", "3"}, "--record 3: the run plays only 2 games"},
		{[]string{"moloch", "borgo", "outpost", "--record", "1"}, "give two armies"},
		{[]string{"moloch", "borgo", "--shard", "0/2", "--record", "1"}, "do not mix"},
		{[]string{"moloch", "borgo", "--record", "-1"}, "--record -1"},
		{[]string{"moloch", "borgo", "--record", "1", "--record-dir", "/proc/no/such"}, "--record-dir"},
	} {
		_, stderr, code := run(t, append([]string{"sim"}, c.args...)...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("sim %v: exit %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
	}
}
