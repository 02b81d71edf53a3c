package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// shellWords splits a command line as a POSIX shell does for the README's
// examples: words at spaces, '...' and "..." quoting, a # comment ending it.
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	inWord, quote := false, rune(0)
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '#' && !inWord:
			return words
		case r == ' ' || r == '\t':
			if inWord {
				words, inWord = append(words, cur.String()), false
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// tourCommands are the commands of the README's "A 30-second tour", each
// as its arguments after "go run ./cmd/hexforge".
func tourCommands(t *testing.T) [][]string {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)## A 30-second tour\n.*?```sh\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README has no tour")
	}
	var out [][]string
	for _, l := range strings.Split(string(m[1]), "\n") {
		w := shellWords(l)
		if len(w) < 3 || w[0] != "go" || w[1] != "run" || w[2] != "./cmd/hexforge" {
			continue
		}
		out = append(out, w[3:])
	}
	return out
}

// lockedBuffer is a buffer written by a running command and read by the
// test meanwhile.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// runUntil runs a command that runs until stopped (watch, serve) until its
// standard output holds want, or a minute passes, then stops it as Ctrl-C
// would, and returns what it wrote and its exit code.
func runUntil(t *testing.T, want string, args ...string) (string, string, int) {
	t.Helper()
	root := newRoot()
	var out, errb lockedBuffer
	root.SetOut(&out)
	root.SetErr(&errb)
	root.SetArgs(args)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- execute(ctx, root) }()
	for deadline := time.Now().Add(time.Minute); !strings.Contains(out.String(), want) && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	code := 0
	if err := <-done; err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			code = ee.code
		} else {
			code = 2
			errb.Write([]byte(errorText(err, &errb)))
		}
	}
	return out.String(), errb.String(), code
}

// games is how many games the tour's command plays here: a ladder's are
// pairs at each of its levels (search and mcts among them), so one.
func games(cmd string) string {
	if cmd == "ladder" {
		return "1"
	}
	return "2"
}

// TestReadmeTourFits80Columns: each command of the README's tour, run as
// a new user would (in an empty directory, in the tour's order, so that
// `new` makes the army the later commands use: every command succeeds as
// written), fits 80 columns: its output goes to no terminal, with
// COLUMNS=80 (as `COLUMNS=80 hexforge ... | less` would), and no line of
// it, standard output or error, is wider (issue 27). The games are cut to a
// few, and a command that names no player plays the greedy one (the
// default race:8 costs thirty times as much a game, and neither the exit
// nor a line's width depends on who plays; the default player is the sim
// package's to test), so that the whole tour takes seconds; watch and
// serve run until their first results (serve: its start line) and are
// then stopped as Ctrl-C would. Output for programs (--format json) is not
// held to the width.
func TestReadmeTourFits80Columns(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every command of the tour")
	}
	const width = 80
	cmds := tourCommands(t)
	if len(cmds) < 20 {
		t.Fatalf("found %d tour commands, want the whole tour", len(cmds))
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir()) // the tour's files (game.jsonl, rr.html, ...) land here
	old := terminalWidth
	defer func() { terminalWidth = old }()
	terminalWidth = func(io.Writer) int { return 0 }
	t.Setenv("COLUMNS", strconv.Itoa(width))
	for _, args := range cmds {
		args = slices.Clone(args)
		name := args[0]
		for i, a := range args {
			switch {
			case a == "--games" && i+1 < len(args):
				args[i+1] = games(name)
			case strings.Contains(a, "/") && !strings.Contains(a, "=") && !strings.HasPrefix(a, "-"):
				// A path of the repository (armies/, armies/testdata/...).
				if _, err := os.Stat(filepath.Join(repo, a)); err == nil {
					args[i] = filepath.Join(repo, a)
				}
			}
		}
		switch name {
		case "sim", "importance", "sweep", "watch", "serve", "ladder":
			if !slices.Contains(args, "--games") {
				args = append(args, "--games", games(name))
			}
			if name != "ladder" && !slices.Contains(args, "--players") {
				args = append(args, "--players", "greedy")
			}
		}
		if name == "report" { // a report spends a budget, not --games
			if i := slices.Index(args, "--budget"); i >= 0 {
				args = slices.Delete(args, i, i+2)
			}
			args = append(args, "--budget", "300", "--players", "greedy")
		}
		if name == "serve" {
			args = append(args, "--addr", "127.0.0.1:0")
		}
		start := time.Now()
		var stdout, stderr string
		var code int
		switch name {
		case "watch": // until its first results, however loaded the machine
			stdout, stderr, code = runUntil(t, "vs Moloch", args...)
		case "serve":
			stdout, stderr, code = runUntil(t, "serving", args...)
		default:
			stdout, stderr, code = run(t, args...)
		}
		t.Logf("%v: exit %d, %v", args, code, time.Since(start).Round(time.Millisecond))
		if name == "watch" && !strings.Contains(stdout, "vs Moloch") {
			t.Errorf("watch stopped before its first results:\n%s", stdout)
		}
		if code != 0 {
			t.Errorf("%v: exit %d\n%s", args, code, stderr)
		}
		if name == "fmt" && stdout != "" { // issue 16: fmt -l armies/ prints nothing
			t.Errorf("%v: files not in canonical layout:\n%s", args, stdout)
		}
		if slices.Contains(args, "json") {
			// JSON is for programs (jq, a script), and a line of it
			// cannot be wrapped without changing a string: it is exempt.
			continue
		}
		for _, out := range []string{stdout, stderr} {
			for _, l := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(l); n > width {
					t.Errorf("%v: a line of %d columns with COLUMNS=%d:\n%s", args, n, width, l)
				}
			}
		}
	}
}
