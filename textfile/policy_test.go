//go:build unix

package textfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var army = Kind{What: "an army", Ext: ".army", Limit: 1 << 20}

func mkfile(t *testing.T, p, text string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func mklink(t *testing.T, target, p string) string {
	t.Helper()
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReadJudgesLinks: Read judges a file by the name it resolves to:
// a link named .army to any other file is refused, and so is a chain of
// links ending there; a link to an .army file is read.
func TestReadJudgesLinks(t *testing.T) {
	dir := t.TempDir()
	secret := mkfile(t, filepath.Join(dir, "passwd"), "SECRET\n")
	good := mkfile(t, filepath.Join(dir, "good.army"), "army\n")
	for _, tc := range []struct {
		name, path, want string
	}{
		{"plain army", good, ""},
		{"link to an army", mklink(t, good, filepath.Join(dir, "l.army")), ""},
		{"link to another file", mklink(t, secret, filepath.Join(dir, "x.army")), "symbolic link to a file whose name does not end in .army"},
		{"chain ending at another file", mklink(t, "x.army", filepath.Join(dir, "y.army")), "symbolic link to a file whose name does not end in .army"},
		{"not named .army", secret, "the name does not end in .army"},
		{"an army named .ARMY", mkfile(t, filepath.Join(dir, "CAPS.ARMY"), "army\n"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Read(tc.path, army)
			if tc.want == "" {
				if err != nil || string(b) != "army\n" {
					t.Errorf("Read: %q, %v", b, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "SECRET") {
				t.Errorf("Read: %v, want a refusal with %q", err, tc.want)
			}
		})
	}
}

// TestNamedTree: a path a file names must end in the kind's extension (by
// its text) and stay in the naming file's tree after links, unless
// outside; outside never lifts the kind rule.
func TestNamedTree(t *testing.T) {
	root := t.TempDir()
	fan := filepath.Join(root, "fan")
	mkfile(t, filepath.Join(fan, "sub", "base.army"), "army\n")
	elsewhere := mkfile(t, filepath.Join(root, "elsewhere", "base.army"), "army\n")
	mklink(t, elsewhere, filepath.Join(fan, "out.army"))
	mklink(t, filepath.Join(root, "elsewhere"), filepath.Join(fan, "dirlink"))
	mklink(t, "sub", filepath.Join(fan, "inlink"))
	for _, tc := range []struct {
		ref     string
		outside bool
		want    string // "" read
	}{
		{"sub/base.army", false, ""},
		{"inlink/base.army", false, ""},
		{"out.army", false, "a symbolic link leads out of it"},
		{"dirlink/base.army", false, "a symbolic link leads out of it"},
		{"../elsewhere/base.army", false, "outside the naming file's directory"},
		{elsewhere, false, "outside the naming file's directory"},
		{"/etc/passwd", false, "want a path ending in .army"},
		{"/etc/passwd", true, "want a path ending in .army"},
		{"out.army", true, ""},
		{"../elsewhere/base.army", true, ""},
		{"missing.army", false, ""},
	} {
		p, err := Named(tc.ref, fan, "the naming file's directory", army, tc.outside)
		if tc.want == "" {
			if err != nil {
				t.Errorf("Named(%q, outside=%v): %v", tc.ref, tc.outside, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Named(%q, outside=%v) = %q, %v; want %q", tc.ref, tc.outside, p, err, tc.want)
		}
	}
}
