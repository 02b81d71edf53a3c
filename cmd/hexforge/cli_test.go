package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run executes the CLI in-process and returns stdout, stderr and the exit
// code main would use.
func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return runCtx(t, context.Background(), args...)
}

func TestCheckReportsEveryMistake(t *testing.T) {
	_, stderr, code := run(t, "check", "testdata/three-mistakes.army")
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	for _, want := range []string{
		"testdata/three-mistakes.army:6:19: error: unknown edge feature \"meele\" (did you mean \"melee\"?)",
		"testdata/three-mistakes.army:9:20: error: initiative 42 is out of range (0 to 20)",
		"testdata/three-mistakes.army:12:13: error: token name \"Runner\" is already used by \"Runner\" (line 8)",
		"            edge all: meele 1\n                      ^\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q; got:\n%s", want, stderr)
		}
	}
}

func TestCheckClean(t *testing.T) {
	stdout, stderr, code := run(t, "check", "testdata/clean.army")
	if code != 0 || stderr != "" {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if !strings.Contains(stdout, `army "Clean" ok`) {
		t.Errorf("stdout %q", stdout)
	}
}

func TestCheckEmbeddedAndDirectory(t *testing.T) {
	if _, stderr, code := run(t, "check"); code != 0 {
		t.Errorf("embedded armies: exit %d\n%s", code, stderr)
	}
	dir := t.TempDir()
	if _, _, code := run(t, "check", dir); code == 0 {
		t.Error("a directory with no armies passed")
	}
}

func TestBadInputNeverPanics(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin.army")
	os.WriteFile(bin, []byte{0x7f, 'E', 'L', 'F', 0, 0, 1}, 0o644)
	huge := filepath.Join(dir, "huge.army")
	os.WriteFile(huge, bytes.Repeat([]byte("# padding\n"), 1<<20), 0o644)
	latin1 := filepath.Join(dir, "latin1.army")
	os.WriteFile(latin1, []byte("army \"Gra\xf1a\" {}\n"), 0o644)
	deep := filepath.Join(dir, "deep.army")
	os.WriteFile(deep, []byte("army \"x\" "+strings.Repeat("{", 10000)), 0o644)
	unreadable := filepath.Join(dir, "locked.army")
	os.WriteFile(unreadable, []byte("army \"x\" {}"), 0o000)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"check", filepath.Join(dir, "missing.army")}, "no such file"},
		{[]string{"check", bin}, "NUL byte"},
		{[]string{"check", huge}, "at most"},
		{[]string{"check", latin1}, "invalid UTF-8"},
		{[]string{"check", deep}, "nested more than"},
		{[]string{"check", "nosucharmy"}, "neither an embedded army"},
		{[]string{"dump", "--nosuchflag", "moloch"}, "unknown flag"},
		{[]string{"dump"}, "accepts 1 arg"},
		{[]string{"card", "nosucharmy"}, `no such army "nosucharmy"`},
		{[]string{"card", "moloch", "--format", "xml"}, `unknown format "xml": use table, markdown, csv, html, json or print`},
		{[]string{"card", "moloch", "--set", "moloch/Nobody.count=1"}, "Nobody"},
		{[]string{"card"}, "accepts 1 arg"},
	}
	if os.Geteuid() != 0 { // root reads anything
		cases = append(cases, struct {
			args []string
			want string
		}{[]string{"check", unreadable}, "permission denied"})
	}
	for _, c := range cases {
		_, stderr, code := run(t, c.args...)
		if code == 0 {
			t.Errorf("%v: exit 0", c.args)
		}
		if !strings.Contains(stderr, c.want) {
			t.Errorf("%v: stderr %q lacks %q", c.args, stderr, c.want)
		}
	}
}

func TestDumpJSON(t *testing.T) {
	stdout, _, code := run(t, "dump", "moloch", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{`"name": "Gauss Cannon"`, `"piercing"`, `"kind": "hq"`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("JSON lacks %s", want)
		}
	}
}

func TestVersionAndHelp(t *testing.T) {
	if out, _, code := run(t, "version"); code != 0 || !strings.HasPrefix(out, "hexforge ") {
		t.Errorf("version: %q %d", out, code)
	}
	for _, cmd := range newRoot().Commands() {
		if cmd.Name() == "help" || cmd.Name() == "completion" {
			continue
		}
		if cmd.Example == "" {
			t.Errorf("command %s has no example in its --help", cmd.Name())
		}
	}
	if out, _, code := run(t, "completion", "bash"); code != 0 || !strings.Contains(out, "bash completion") {
		t.Errorf("completion bash: exit %d", code)
	}
}

// TestPositionArmyPathsRelativeToFile: an army path in a position file is
// resolved against the position file's directory, not the working
// directory, so a position and its armies travel together.
func TestPositionArmyPathsRelativeToFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "study")
	if err := os.MkdirAll(filepath.Join(dir, "fan"), 0o755); err != nil {
		t.Fatal(err)
	}
	army, err := os.ReadFile("testdata/clean.army")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fan", "mine.army"), army, 0o644); err != nil {
		t.Fatal(err)
	}
	pos := filepath.Join(dir, "test.pos")
	if err := os.WriteFile(pos, []byte("armies fan/mine.army moloch\n1 HQ a1 N\n2 HQ e3 N\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, "battle", pos)
	if code != 0 || !strings.Contains(stdout, "HQ: player 1 20 -> 20") {
		t.Fatalf("exit %d (want 0 and a battle)\n%s%s", code, stdout, stderr)
	}
}
