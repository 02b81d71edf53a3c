package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const messy = "army \"M\" {\n  size 1;hq \"H\" {initiative 0\n toughness 20 # t\n edge all: melee 1}\n}\n"

const tidy = "army \"M\" {\n    size 1\n    hq \"H\" {\n        initiative 0\n        toughness 20 # t\n        edge all: melee 1\n    }\n}\n"

func writeTemp(t *testing.T, name, src string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFmtModes(t *testing.T) {
	p := writeTemp(t, "m.army", messy, 0o600)
	if out, _, code := run(t, "fmt", p); code != 0 || out != tidy {
		t.Errorf("fmt: exit %d, out:\n%s", code, out)
	}
	if out, _, code := run(t, "fmt", "-l", p); code != 0 || out != p+"\n" {
		t.Errorf("fmt -l: exit %d, out %q", code, out)
	}
	out, _, code := run(t, "fmt", "-d", p)
	if code != 0 || !strings.HasPrefix(out, "--- "+p+".orig\n+++ "+p+"\n@@ -1,") || !strings.Contains(out, "\n+    size 1\n") {
		t.Errorf("fmt -d: exit %d, out:\n%s", code, out)
	}
	if _, stderr, code := run(t, "check", "--fmt", p); code != 1 || stderr != "" {
		t.Errorf("check --fmt on a messy file: exit %d, stderr %q", code, stderr)
	}
	if out, _, code := run(t, "fmt", "-w", p); code != 0 || out != "" {
		t.Errorf("fmt -w: exit %d, out %q", code, out)
	}
	got, _ := os.ReadFile(p)
	st, _ := os.Stat(p)
	if string(got) != tidy || st.Mode().Perm() != 0o600 {
		t.Errorf("after -w: mode %v, file:\n%s", st.Mode().Perm(), got)
	}
	if out, _, code := run(t, "fmt", "-l", filepath.Dir(p)); code != 0 || out != "" {
		t.Errorf("fmt -l on a formatted dir: exit %d, out %q", code, out)
	}
	if _, _, code := run(t, "check", "--fmt", p); code != 0 {
		t.Errorf("check --fmt on a formatted file: exit %d", code)
	}
}

// runStdin runs hexforge with stdin as its standard input.
func runStdin(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	root := newRoot()
	var out, errb bytes.Buffer
	root.SetIn(strings.NewReader(stdin))
	root.SetOut(&out)
	root.SetErr(&errb)
	root.SetArgs(args)
	code := 0
	if err := execute(context.Background(), root); err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			code = ee.code
		} else {
			code = 2
			errb.WriteString(errorText(err, &errb))
		}
	}
	return out.String(), errb.String(), code
}

// fmt - is what editors' format commands and pre-commit hooks call: it
// reads standard input and behaves as gofmt does with it.
func TestFmtStdin(t *testing.T) {
	big := strings.Repeat("# a comment line that pads the file\n", 40000)
	for _, c := range []struct {
		name, stdin string
		args        []string
		code        int
		out, err    string // out exact, err a part of stderr
	}{
		{"format", messy, []string{"fmt", "-"}, 0, tidy, ""},
		{"formatted", tidy, []string{"fmt", "-"}, 0, tidy, ""},
		{"list", messy, []string{"fmt", "-l", "-"}, 0, "<standard input>\n", ""},
		{"list formatted", tidy, []string{"fmt", "-l", "-"}, 0, "", ""},
		{"diff", "army \"M\" {\n size 1\n}\n", []string{"fmt", "-d", "-"}, 0,
			"--- <standard input>.orig\n+++ <standard input>\n@@ -1,3 +1,3 @@\n army \"M\" {\n- size 1\n+    size 1\n }\n", ""},
		{"syntax error", "army \"a\" {\n  size 1\n  hq \"H\" {", []string{"fmt", "-"}, 1, "", "<standard input>:3:"},
		{"write", messy, []string{"fmt", "-w", "-"}, 2, "", "cannot use -w with standard input"},
		{"mixed", messy, []string{"fmt", "-", "x.army"}, 2, "", "cannot be mixed with files"},
		{"too big", big, []string{"fmt", "-"}, 2, "", "larger than an army file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, code := runStdin(t, c.stdin, c.args...)
			if code != c.code || out != c.out || !strings.Contains(stderr, c.err) {
				t.Errorf("exit %d (want %d), stderr %q (want %q), out:\n%s\nwant:\n%s", code, c.code, stderr, c.err, out, c.out)
			}
			noPanic(t, c.name, stderr)
		})
	}
}

func TestFmtSyntaxErrorLeavesFile(t *testing.T) {
	bad := "army \"a\" {\n  size 1\n  hq \"H\" {"
	p := writeTemp(t, "bad.army", bad, 0o644)
	_, stderr, code := run(t, "fmt", "-w", p)
	if code != 1 || !strings.Contains(stderr, p+":3:") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if got, _ := os.ReadFile(p); string(got) != bad {
		t.Errorf("file changed:\n%s", got)
	}
}

func TestFmtNoArgsPrintsUsage(t *testing.T) {
	out, _, code := run(t, "fmt")
	if code != 0 || !strings.Contains(out, "Usage:") {
		t.Errorf("exit %d, out %q", code, out)
	}
}

func TestNewWritesACleanArmy(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pirates.army")
	if _, stderr, code := run(t, "new", "Sky Pirates", "--out", p); code != 0 {
		t.Fatalf("new: exit %d, stderr %q", code, stderr)
	}
	out, stderr, code := run(t, "check", "--fmt", p)
	if code != 0 || stderr != "" || !strings.Contains(out, `army "Sky Pirates" ok`) {
		t.Errorf("check --fmt: exit %d, out %q, stderr %q", code, out, stderr)
	}
	if _, stderr, code := run(t, "new", "Other", "--out", p); code == 0 || !strings.Contains(stderr, "already exists") {
		t.Errorf("overwrite: exit %d, stderr %q", code, stderr)
	}
	if got, _ := os.ReadFile(p); !strings.Contains(string(got), `army "Sky Pirates"`) {
		t.Error("the existing file was overwritten")
	}
}
