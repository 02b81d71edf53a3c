package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFilePolicyOnResolvedPaths: every file an input names is judged by
// the file it resolves to after symbolic links (docs/security.md, "One
// policy for every file read"). A link named like an army, a board or a
// position that points at another kind of file is refused before it is
// read, so no line of it is ever echoed; a link inside a tree that leads
// out of it counts as outside; a trace's leaders and a position's armies,
// board and leaders stay in their file's tree.
func TestFilePolicyOnResolvedPaths(t *testing.T) {
	const secret = "SECRET-root:x:0:0"
	dir := t.TempDir()
	for _, d := range []string{"fan", "outside", "linked"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	link := func(target, name string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// The secret file's lines look like an army's, so a compiler that read
	// it would quote them in its diagnostics.
	shadow := write("outside/shadow", "army \""+secret+"\" {\n    "+secret+"\n}\n")
	base := write("outside/base.army", "army \"Base\" {\n    size 2\n    hq \"HQ\" { edge all: melee 1 }\n    instant \"Battle\" { on play: battle }\n}\n")
	linkedArmy := link(shadow, "linked/x.army")
	notes := write("fan/notes.txt", "army \""+secret+"\" {\n    "+secret+"\n}\n") // inside the tree, not an army
	link(notes, "fan/shadow.army")
	link(base, "fan/out.army") // an .army file, but outside the tree
	extendsLink := write("fan/e.army", "army \"E\" extends \"shadow.army\" {\n}\n")
	extendsOut := write("fan/f.army", "army \"F\" extends \"out.army\" {\n}\n")
	linkedBoard := link(notes, "fan/b.board")
	boardPos := write("fan/board.pos", "armies moloch borgo\nboard b.board\n1 HQ a1 N\n2 HQ e3 N\n")
	linkedPos := link(notes, "fan/linked.pos")
	notPos := write("fan/position.txt", "armies moloch borgo\n1 HQ a1 N\n2 HQ e3 N\n")
	absArmyPos := write("fan/abs.pos", "armies "+base+" borgo\n1 HQ a1 N\n2 HQ e3 N\n")
	upArmyPos := write("fan/up.pos", "armies ../outside/base.army borgo\n1 HQ a1 N\n2 HQ e3 N\n")
	linkArmyPos := write("fan/link.pos", "armies out.army borgo\n1 HQ a1 N\n2 HQ e3 N\n")
	leaderPos := write("fan/leader.pos", "armies moloch borgo\n1 HQ c3 N\n2 HQ a1 N\nleader 1 ../outside/base.army:Boss\nturn 1 7\n")

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"symlinked army", []string{"check", linkedArmy}, "symbolic link to a file whose name does not end in .army"},
		{"symlinked army in check DIR", []string{"check", filepath.Join(dir, "linked")}, "symbolic link to a file whose name does not end in .army"},
		{"symlinked army as a base", []string{"check", extendsLink}, "does not end in .army"},
		{"a base linked out of the tree", []string{"check", extendsOut}, "a symbolic link leads out of it"},
		{"symlinked army in fmt", []string{"fmt", linkedArmy}, "does not end in .army"},
		{"symlinked board", []string{"sim", "moloch", "borgo", "--games", "2", "--board", linkedBoard}, "does not end in .board"},
		{"symlinked board in a position", []string{"battle", boardPos}, "does not end in .board"},
		{"symlinked position", []string{"battle", linkedPos}, "does not end in .pos"},
		{"a position not named .pos", []string{"battle", notPos}, "does not end in .pos"},
		{"a position's absolute army", []string{"battle", absArmyPos}, "outside the position file's directory"},
		{"a position's army up the tree", []string{"battle", upArmyPos}, "outside the position file's directory"},
		{"a position's army linked out", []string{"battle", linkArmyPos}, "a symbolic link leads out of it"},
		{"a position's leader up the tree", []string{"play", "--from", leaderPos, "--players", "greedy"}, "outside the position file's directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := run(t, tc.args...)
			all := stdout + stderr
			if code == 0 || !strings.Contains(all, tc.want) {
				t.Errorf("%v: exit %d, output lacks %q:\n%s", tc.args, code, tc.want, all)
			}
			if strings.Contains(all, secret) {
				t.Errorf("a line of the linked file was printed:\n%s", all)
			}
		})
	}
	// The tree rule is lifted by --allow-extends-outside; the kind rule is not.
	if _, stderr, code := run(t, "battle", "--allow-extends-outside", absArmyPos); code != 0 {
		t.Errorf("battle --allow-extends-outside with an absolute army: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := run(t, "check", "--allow-extends-outside", extendsLink); code == 0 || !strings.Contains(stderr, "does not end in .army") || strings.Contains(stderr, secret) {
		t.Errorf("--allow-extends-outside must not lift the kind rule: exit %d\n%s", code, stderr)
	}
}

// TestTraceLeaderPaths: a trace header's leaders may name only .army
// files in the current directory's tree, judged after links: /etc/passwd,
// ../ paths and a link out of the tree are refused before they are read.
func TestTraceLeaderPaths(t *testing.T) {
	dir := t.TempDir()
	tr := filepath.Join(dir, "game.jsonl")
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--players", "greedy", "--leaders", "taktyk,dywersant", "--trace", tr); code != 0 {
		t.Fatalf("play: exit %d\n%s", code, stderr)
	}
	raw, err := os.ReadFile(tr)
	if err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	base := filepath.Join(outside, "boss.army")
	if err := os.WriteFile(base, []byte("leader \"Boss\" {\n    on after_discard: draw 1\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The current directory of the test is the package's: the link is made
	// in a directory of its own below it and removed afterwards.
	here, err := os.MkdirTemp(".", "policy-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(here) })
	linked := filepath.Join(here, "boss.army")
	if err := os.Symlink(base, linked); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, ref, want string }{
		{"/etc/passwd", "/etc/passwd", "want a path ending in .army"},
		{"an absolute leader file", base + ":Boss", "outside the current directory"},
		{"up the tree", "../../x/boss.army:Boss", "outside the current directory"},
		{"a link out of the tree", filepath.ToSlash(linked) + ":Boss", "a symbolic link leads out of it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := strings.Replace(string(raw), `"leaders":["Taktyk"`, `"leaders":["`+tc.ref+`"`, 1)
			if bad == string(raw) {
				t.Fatalf("the trace's header has no leaders to replace:\n%.300s", raw)
			}
			p := filepath.Join(dir, "bad.jsonl")
			if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
				t.Fatal(err)
			}
			stdout, stderr, code := run(t, "replay", "-q", p)
			if code != 2 || !strings.Contains(stderr, tc.want) || strings.Contains(stdout+stderr, "root:") {
				t.Errorf("exit %d (want 2), stderr lacks %q:\n%s", code, tc.want, stdout+stderr)
			}
		})
	}
}
