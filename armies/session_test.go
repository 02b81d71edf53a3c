package armies_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
)

// TestSessionNamesAndSets: a run's armies are named as their files name
// them, two of one name fall back to what the command line called them, an
// override names the armies loaded, and one that names none is refused.
func TestSessionNamesAndSets(t *testing.T) {
	sets, err := armies.ParseSets([]string{"moloch/Gauss Cannon.initiative=3"})
	if err != nil {
		t.Fatal(err)
	}
	s := &armies.Session{Sets: sets}
	var diags bytes.Buffer
	list, names, err := s.LoadAll(&diags, []string{"moloch", "borgo", "Moloch"})
	if err != nil {
		t.Fatal(err, diags.String())
	}
	if want := []string{"moloch", "Borgo", "Moloch"}; !slices.Equal(names, want) {
		t.Errorf("names %q, want %q (the two Molochs by their references)", names, want)
	}
	if g := list[0].Tokens[list[0].Lookup("Gauss Cannon")]; len(g.Initiative) == 0 || g.Initiative[0] != 3 {
		t.Errorf("the override did not apply: Gauss Cannon initiative %v", g.Initiative)
	}
	if raw := s.Raw(); !slices.Equal(raw, []string{"moloch/Gauss Cannon.initiative=3"}) {
		t.Errorf("Raw %q", raw)
	}
	if err := s.Unused(); err != nil {
		t.Errorf("an override of a loaded army refused: %v", err)
	}
	sets, _ = armies.ParseSets([]string{"molok/Gauss Cannon.initiative=3"})
	s = &armies.Session{Sets: sets}
	if _, err := s.Load(&diags, "moloch"); err != nil {
		t.Fatal(err)
	}
	if err := s.Unused(); err == nil || !strings.Contains(err.Error(), "molok") {
		t.Errorf("a misspelt override: %v", err)
	}
}

// TestCompleteSet: --set completes step by step: the army, its tokens, the
// fields; an army that does not load completes nothing.
func TestCompleteSet(t *testing.T) {
	var l armies.Loader
	for _, tc := range []struct {
		partial string
		has     string
		ok      bool
	}{
		{"mol", "moloch/", true},
		{"moloch/Gau", "moloch/Gauss Cannon.", true},
		{"moloch/Gauss Cannon.ini", "moloch/Gauss Cannon.initiative=", true},
		{"nosuch/x", "", false},
	} {
		out, ok := l.CompleteSet(tc.partial)
		if ok != tc.ok || tc.has != "" && !slices.Contains(out, tc.has) {
			t.Errorf("CompleteSet(%q) = %q, %v; want %q among them, %v", tc.partial, out, ok, tc.has, tc.ok)
		}
	}
}
