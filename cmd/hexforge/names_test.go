package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestUnknownArmyDidYouMean: a misspelt army name gets the same message,
// with a suggestion, from every command that takes an army, and from an
// extends; a name that is no slip gets the list without a guess.
func TestUnknownArmyDidYouMean(t *testing.T) {
	dir := t.TempDir()
	ext := filepath.Join(dir, "ext.army")
	os.WriteFile(ext, []byte("army \"E\" extends \"molloch\" {\n}\n"), 0o644)
	const want = `no such army "molloch" (did you mean "moloch"?): neither an embedded army (beasts, borgo`
	for _, args := range [][]string{
		{"check", "molloch"},
		{"dump", "molloch"},
		{"card", "molloch"},
		{"diff", "molloch", "borgo"},
		{"diff", "borgo", "molloch"},
		{"sim", "molloch", "borgo", "--games", "2"},
		{"importance", "moloch", "--vs", "molloch", "--games", "2"},
		{"sweep", "molloch/Hybrid.initiative=1..2", "--vs", "borgo", "--games", "2"},
		{"ladder", "molloch", "borgo", "--games", "1"},
		{"play", "molloch", "borgo"},
		{"watch", "testdata/clean.army", "--vs", "molloch"},
		{"check", ext},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, stderr, code := runCtx(t, ctx, args...)
		cancel()
		if code == 0 || !strings.Contains(stderr, want) {
			t.Errorf("%v: exit %d, stderr lacks %q:\n%s", args, code, want, stderr)
		}
	}
	_, stderr, _ := run(t, "card", "xyzzy")
	if !strings.Contains(stderr, `no such army "xyzzy": neither an embedded army`) {
		t.Errorf("a name that is no slip: %s", stderr)
	}
	// The likeliest slip of all: an embedded army named as a file.
	_, stderr, _ = run(t, "check", "Moloch.army")
	if !strings.Contains(stderr, `Moloch.army: no such file (did you mean the embedded army "moloch"?)`) {
		t.Errorf("moloch.army: %s", stderr)
	}
}

// TestNoSuchFileOneWording: every command says "PATH: no such file" of a
// file that is not there, never Go's "stat PATH: no such file or directory".
func TestNoSuchFileOneWording(t *testing.T) {
	dir := t.TempDir()
	missing := func(ext string) string { return filepath.Join(dir, "missing"+ext) }
	for _, args := range [][]string{
		{"check", missing(".army")},
		{"fmt", missing(".army")},
		{"card", missing(".army")},
		{"sim", missing(".army"), "moloch", "--games", "2"},
		{"watch", missing(".army")},
		{"watch", missing("")},
		{"battle", missing(".pos")},
		{"play", "--from", missing(".pos")},
		{"replay", missing(".jsonl")},
		{"merge", missing(".json")},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, stderr, code := runCtx(t, ctx, args...)
		cancel()
		want := args[len(args)-1] + ": no such file\n"
		if args[0] == "sim" {
			want = args[1] + ": no such file\n"
		}
		if code == 0 || !strings.Contains(stderr, want) || strings.Contains(stderr, "no such file or directory") {
			t.Errorf("%v: exit %d, stderr is not %q:\n%s", args, code, want, stderr)
		}
	}
}

// TestSetNamingNoArmy: a --set whose army is none of the command's armies
// is refused before any game with a did-you-mean, instead of being ignored
// and the unchanged armies played.
func TestSetNamingNoArmy(t *testing.T) {
	const set = "molloch/Hybrid.initiative=1"
	const want = `--set "molloch/Hybrid.initiative=1": "molloch" is none of the armies of this command (did you mean "moloch"?)`
	for _, args := range [][]string{
		{"sim", "moloch", "borgo", "--games", "10000000"},
		{"card", "moloch"},
		{"diff", "moloch", "moloch"},
		{"diff", "moloch", "moloch", "--sim", "--vs", "borgo", "--games", "10000000"},
		{"importance", "moloch", "--vs", "borgo", "--games", "10000000"},
		{"play", "moloch", "borgo"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, stderr, code := runCtx(t, ctx, append(args, "--set", set)...)
		cancel()
		if code == 0 || !strings.Contains(stderr, want) {
			t.Errorf("%v: exit %d, stderr lacks %q:\n%s", args, code, want, stderr)
		}
	}
	// An override that names an army of the command still applies.
	if out, stderr, code := run(t, "diff", "moloch", "moloch", "--set", "Moloch/Hybrid.initiative=1"); code != 0 || !strings.Contains(out, `"Hybrid" initiative`) {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
}
