package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNewWritesAnArmyThatChecks: the starting army passes check, plays,
// and new never overwrites a file.
func TestNewWritesAnArmyThatChecks(t *testing.T) {
	file := filepath.Join(t.TempDir(), "wolves.army")
	if _, stderr, code := run(t, "new", "Iron Wółves", "--out", file); code != 0 {
		t.Fatalf("new: exit %d\n%s", code, stderr)
	}
	stdout, stderr, code := run(t, "check", file)
	if code != 0 || stderr != "" || !strings.Contains(stdout, `army "Iron Wółves" ok`) {
		t.Fatalf("check of the new army: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, stderr, code := run(t, "sim", file, "moloch", "--games", "2", "--players", "random"); code != 0 {
		t.Fatalf("sim of the new army: exit %d\n%s", code, stderr)
	}
	before, _ := os.ReadFile(file)
	if _, stderr, code := run(t, "new", "Other", "--out", file); code == 0 || !strings.Contains(stderr, "already exists") {
		t.Errorf("new over an existing file: exit %d\n%s", code, stderr)
	}
	if after, _ := os.ReadFile(file); string(after) != string(before) {
		t.Error("new changed an existing file")
	}
	if stdout, _, code := run(t, "new", "Solo", "--out", "-"); code != 0 || !strings.Contains(stdout, `army "Solo" {`) {
		t.Errorf("new --out -: exit %d\n%s", code, stdout)
	}
	if _, _, code := run(t, "new", "two\nlines"); code == 0 {
		t.Error("a name with a newline was accepted")
	}
}
