package main

import (
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
	if code != 0 || !strings.HasPrefix(out, "--- "+p+"\n+++ "+p+"\n@@ -1,") || !strings.Contains(out, "\n+    size 1\n") {
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
