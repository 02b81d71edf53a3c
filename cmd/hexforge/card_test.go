package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
)

func TestCardTable(t *testing.T) {
	out, stderr, code := run(t, "card", "moloch")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Moloch: 35 tokens", "Gauss Cannon", "Działko Gaussa", "SW: ranged 1 piercing", "N, NW: melee 1, armor"} {
		if !strings.Contains(out, want) {
			t.Errorf("card lacks %q:\n%s", want, out)
		}
	}
}

// --set variants are carded like sim plays them.
func TestCardSetAndOut(t *testing.T) {
	file := filepath.Join(t.TempDir(), "moloch.html")
	_, stderr, code := run(t, "card", "moloch", "--set", "moloch/Gauss Cannon.initiative=3", "--format", "html", "--out", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	if !strings.Contains(page, "<h2>Gauss Cannon</h2>") || !strings.Contains(page, "initiative 3 · toughness 2") {
		t.Error("the HTML card does not show the --set initiative of Gauss Cannon")
	}
	l, err := armies.Loader{}.Load("moloch")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(page, `<svg class="token"`); n != len(l.Army.Tokens) {
		t.Errorf("%d token SVGs, want %d", n, len(l.Army.Tokens))
	}
	out, _, code := run(t, "card", "moloch", "--format", "csv", "--set", "moloch/Gauss Cannon.count=0")
	if code != 0 || strings.Contains(out, "Gauss Cannon") || !strings.HasPrefix(out, "token,polish,kind,count") {
		t.Errorf("count=0 did not remove the token from the card (exit %d):\n%s", code, out)
	}
}
