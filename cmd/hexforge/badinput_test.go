package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The bad-input matrix: every command that reads an army, a position or a
// result file, given each kind of bad file, answers with a clear message
// naming the file and a non-zero exit, never a panic.

// badKinds are the kinds of bad input every file-reading command meets.
// "garbage" is a text file with a mistake on every line: thousands of
// errors, of which the first hundred are shown.
var badKinds = []string{"missing", "unreadable", "emptydir", "binary", "huge", "utf8", "deep", "garbage"}

// resultKinds are the extra kinds merge meets: files that are JSON-ish but
// not a result.
var resultKinds = []string{"truncated", "notresult", "nullmatch", "emptymatch", "empty", "negative"}

// badFiles writes one bad file per kind in a fresh directory, in the flavour
// of a family: "army" (.army files), "pos" (position files) or "result"
// (sim JSON results). A missing file is only a name; a directory has no
// armies in it.
func badFiles(t *testing.T, family string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	ext := map[string]string{"army": ".army", "pos": ".pos", "result": ".json"}[family]
	files := map[string]string{}
	write := func(kind string, data []byte, mode os.FileMode) {
		p := filepath.Join(dir, kind+ext)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		files[kind] = p
	}
	files["missing"] = filepath.Join(dir, "missing"+ext)
	empty := filepath.Join(dir, "emptydir")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(empty, "notes.txt"), []byte("no armies here\n"), 0o644)
	files["emptydir"] = empty
	write("binary", []byte{0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3e, 0}, 0o644)
	write("huge", bytes.Repeat([]byte("# padding\n"), 10<<20/10), 0o644)
	switch family {
	case "army":
		write("unreadable", []byte("army \"x\" {}\n"), 0o000)
		write("utf8", []byte("army \"Gra\xf1a\" {}\n"), 0o644)
		write("deep", []byte("army \"x\" "+strings.Repeat("{", 100000)), 0o644)
		write("garbage", []byte("army \"x\" {\n"+strings.Repeat("    unit \"a\" { initiative 99 }\n", 3000)+"}\n"), 0o644)
	case "pos":
		write("unreadable", []byte("armies moloch moloch\n1 HQ c3 N\n2 HQ c1 S\n"), 0o000)
		write("utf8", []byte("armies moloch moloch\n1 HQ c3 N\n2 HQ c1 S # Gra\xf1a\n"), 0o644)
		// The position format has no blocks; deep nesting is a line of brackets.
		write("deep", []byte("armies moloch moloch\n"+strings.Repeat("{", 100000)+"\n"), 0o644)
		write("garbage", []byte("armies moloch moloch\n"+strings.Repeat("x\n", 100000)), 0o644)
	case "result":
		write("unreadable", []byte(`{"a":"Moloch","b":"Borgo"}`), 0o000)
		write("utf8", []byte("{\"a\":\"Gra\xf1a\",\"b\":\"Borgo\",\"players\":[\"greedy\",\"greedy\"]}"), 0o644)
		write("deep", []byte(`{"matches":`+strings.Repeat("[", 100000)), 0o644)
		write("garbage", bytes.Repeat([]byte("x\n"), 100000), 0o644)
		write("truncated", []byte(`{"a": "Moloch", "b": "Borgo", "players": ["greedy", "gre`), 0o644)
		write("notresult", []byte(`{"name": "Moloch", "tokens": []}`), 0o644)
		write("nullmatch", []byte(`{"matches": [null]}`), 0o644)
		write("emptymatch", []byte(`{"matches": [{}]}`), 0o644)
		write("empty", nil, 0o644)
		write("negative", []byte(`{"a":"Moloch","b":"Borgo","players":["greedy","greedy"],"tally":{"wins":-5},"tokens":[[{"games":-1}],null],"game_pairs":[[-3,0]]}`), 0o644)
	}
	return files
}

// wants is the text each family's message must hold for each kind.
var wants = map[string]map[string]string{
	"army": {
		"missing": "no such file", "unreadable": "permission denied", "emptydir": "directory",
		"binary": "NUL byte", "huge": "at most", "utf8": "invalid UTF-8", "deep": "nested more than",
		"garbage": "more diagnostic(s) not shown",
	},
	"pos": {
		"missing": "no such file", "unreadable": "permission denied", "emptydir": "is a directory",
		"binary": "NUL byte", "huge": "at most", "utf8": "not valid UTF-8", "deep": "unknown line",
		"garbage": "more diagnostic(s) not shown",
	},
	"result": {
		"missing": "no such file", "unreadable": "permission denied", "emptydir": "is a directory",
		"binary": "binary", "huge": "not a hexforge sim JSON result", "utf8": "not valid UTF-8",
		"deep": "not a hexforge sim JSON result", "garbage": "not a hexforge sim JSON result", "truncated": "unexpected end of JSON",
		"notresult": "not a hexforge sim JSON result", "nullmatch": "match 1 is empty",
		"emptymatch": "match 1: no army names", "empty": "empty file", "negative": "negative",
	},
}

// runCtx is run with a context, for commands that keep going until stopped.
func runCtx(t *testing.T, ctx context.Context, args ...string) (string, string, int) {
	t.Helper()
	root := newRoot()
	var out, errb bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errb)
	root.SetArgs(args)
	code := 0
	if err := execute(ctx, root); err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			code = ee.code
		} else {
			code = 2
			errb.WriteString(errorText(err, &errb)) // as main shows it
		}
	}
	return out.String(), errb.String(), code
}

func noPanic(t *testing.T, name, text string) {
	t.Helper()
	for _, bad := range []string{"panic", "goroutine ", "runtime error"} {
		if strings.Contains(text, bad) {
			t.Errorf("%s: output holds %q:\n%s", name, bad, text)
		}
	}
}

// skipUnreadable says whether the unreadable case cannot be made: root
// reads a file whatever its mode.
func skipUnreadable(t *testing.T, kind string) bool {
	if kind == "unreadable" && os.Geteuid() == 0 {
		t.Log("unreadable-file case skipped: running as root, which reads any file")
		return true
	}
	return false
}

func TestBadInputMatrix(t *testing.T) {
	armyFiles := badFiles(t, "army")
	posFiles := badFiles(t, "pos")
	resFiles := badFiles(t, "result")
	// A position that is right except for its army reference.
	refDir := t.TempDir()
	posRef := func(kind string) string {
		p := filepath.Join(refDir, kind+".pos")
		src := "armies moloch " + armyFiles[kind] + "\n1 HQ c3 N\n2 HQ c1 S\n"
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}

	// A good result, merged before each bad one.
	goodResult := filepath.Join(refDir, "good.json")
	os.WriteFile(goodResult, []byte(`{"a":"Moloch","b":"Borgo","players":["greedy","greedy"],"seed":1,"pairs":1,`+
		`"tally":{"Wins":1,"Losses":1},"first_seat":{"Wins":1,"Losses":1},"tokens":[[],[]],"game_pairs":[[0,0]]}`), 0o644)
	if _, stderr, code := run(t, "merge", goodResult); code != 0 {
		t.Fatalf("the good result does not merge: %s", stderr)
	}

	type row struct {
		family string
		args   func(f string) []string
	}
	// Every command that reads a file, with the bad file in each place a
	// file is read. Simulations are never reached: loading fails first.
	rows := map[string]row{
		"check":           {"army", func(f string) []string { return []string{"check", f} }},
		"check many":      {"army", func(f string) []string { return []string{"check", "moloch", f} }},
		"dump":            {"army", func(f string) []string { return []string{"dump", f} }},
		"dump json":       {"army", func(f string) []string { return []string{"dump", "--json", f} }},
		"card":            {"army", func(f string) []string { return []string{"card", f} }},
		"card html":       {"army", func(f string) []string { return []string{"card", "--format", "html", f} }},
		"diff A":          {"army", func(f string) []string { return []string{"diff", f, "moloch"} }},
		"diff B":          {"army", func(f string) []string { return []string{"diff", "moloch", f} }},
		"battle":          {"pos", func(f string) []string { return []string{"battle", f} }},
		"battle json":     {"pos", func(f string) []string { return []string{"battle", "--json", f} }},
		"battle army ref": {"army", func(f string) []string { return nil }}, // filled below
		"sim A":           {"army", func(f string) []string { return []string{"sim", f, "moloch", "--games", "2"} }},
		"sim B":           {"army", func(f string) []string { return []string{"sim", "moloch", f, "--games", "2"} }},
		"sim round robin": {"army", func(f string) []string { return []string{"sim", "moloch", "borgo", f, "--games", "2"} }},
		"importance army": {"army", func(f string) []string { return []string{"importance", f, "--vs", "moloch", "--games", "2"} }},
		"importance vs":   {"army", func(f string) []string { return []string{"importance", "moloch", "--vs", f, "--games", "2"} }},
		"sweep vs": {"army", func(f string) []string {
			return []string{"sweep", "moloch/Hybrid.initiative=1..2", "--vs", f, "--games", "2"}
		}},
		"sweep army": {"army", func(f string) []string {
			return []string{"sweep", f + "/Hybrid.initiative=1..2", "--vs", "moloch", "--games", "2"}
		}},
		"play A": {"army", func(f string) []string { return []string{"play", f, "moloch"} }},
		"play B": {"army", func(f string) []string {
			return []string{"play", "moloch", f, "--trace", filepath.Join(refDir, "t.jsonl")}
		}},
		"merge":            {"result", func(f string) []string { return []string{"merge", f} }},
		"merge second":     {"result", func(f string) []string { return []string{"merge", goodResult, f} }},
		"merge json out":   {"result", func(f string) []string { return []string{"merge", "--format", "json", f} }},
		"watch vs":         {"army", func(f string) []string { return []string{"watch", "testdata/clean.army", "--vs", f} }},
		"armies (no file)": {"army", func(f string) []string { return []string{"armies", f} }},
	}
	for name, r := range rows {
		kinds := badKinds
		if r.family == "result" {
			kinds = append(append([]string{}, badKinds...), resultKinds...)
		}
		files := map[string]map[string]string{"army": armyFiles, "pos": posFiles, "result": resFiles}[r.family]
		for _, kind := range kinds {
			t.Run(name+"/"+kind, func(t *testing.T) {
				if skipUnreadable(t, kind) {
					t.Skip("running as root")
				}
				f := files[kind]
				args := r.args(f)
				want := wants[r.family][kind]
				switch name {
				case "battle army ref":
					// The army lies in another directory: the tree rule is lifted.
					args = []string{"battle", "--allow-extends-outside", posRef(kind)}
					if kind == "garbage" {
						want = "more: hexforge check " + f + " shows them all"
					}
				case "sweep army":
					if kind == "emptydir" {
						want = "a path to an .army file"
					}
				case "armies (no file)":
					want = "takes no arguments"
				}
				// A command that waits (watch) instead of failing fast ends
				// at the deadline with exit 0 and fails the case.
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				stdout, stderr, code := runCtx(t, ctx, args...)
				noPanic(t, strings.Join(args, " "), stdout+stderr)
				if code == 0 {
					t.Errorf("%v: exit 0", args)
				}
				if !strings.Contains(stderr, want) {
					t.Errorf("%v: stderr lacks %q:\n%s", args, want, stderr)
				}
				if !strings.Contains(stderr, f) {
					t.Errorf("%v: stderr does not name the file %s:\n%s", args, f, stderr)
				}
				if len(stderr) > 64<<10 {
					t.Errorf("%v: %d bytes of stderr for one bad file", args, len(stderr))
				}
			})
		}
	}
}

// watch stops at once on a path it cannot watch (missing, a directory with
// no armies); a broken army file is not a reason to stop: it reports it,
// keeps no good version, and goes on watching for the fix.
func TestBadInputWatch(t *testing.T) {
	files := badFiles(t, "army")
	for _, kind := range []string{"missing", "emptydir"} {
		f := files[kind]
		done := make(chan struct{})
		var stderr string
		var code int
		go func() {
			defer close(done)
			_, stderr, code = run(t, "watch", f)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("watch %s (%s) did not stop", f, kind)
		}
		noPanic(t, "watch "+kind, stderr)
		want := map[string]string{"missing": "no such file", "emptydir": "directory has no .army files"}[kind]
		if code == 0 || !strings.Contains(stderr, want) || !strings.Contains(stderr, f) {
			t.Errorf("watch %s: exit %d, stderr lacks %q or the path:\n%s", kind, code, want, stderr)
		}
	}
	for _, kind := range []string{"unreadable", "binary", "huge", "utf8", "deep", "garbage"} {
		if skipUnreadable(t, kind) {
			continue
		}
		f := files[kind]
		ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
		stdout, stderr, code := runCtx(t, ctx, "watch", f)
		cancel()
		noPanic(t, "watch "+kind, stdout+stderr)
		if code != 0 {
			t.Errorf("watch %s: exit %d on a broken army file, want it to keep watching:\n%s", kind, code, stderr)
		}
		if want := wants["army"][kind]; !strings.Contains(stdout, want) || !strings.Contains(stdout, f) {
			t.Errorf("watch %s: output lacks %q or the path:\n%s", kind, want, stdout)
		}
	}
}

// sweep takes an army file by path, directories and ".." included.
func TestSweepArmyPath(t *testing.T) {
	src, _ := os.ReadFile("../../armies/moloch.army")
	dir := filepath.Join(t.TempDir(), "fan")
	os.Mkdir(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "m.army"), src, 0o644)
	arg := filepath.Join(dir, "..", "fan", "m.army") + "/Hybrid.initiative=1..2"
	stdout, stderr, code := run(t, "sweep", arg, "--vs", "moloch", "--games", "2")
	if code != 0 || !strings.Contains(stdout, "initiative over 1, 2") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}
