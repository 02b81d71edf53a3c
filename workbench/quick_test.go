package workbench

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
)

func TestWatchChange(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, cur []int8
		want     string
	}{
		{"first version", nil, []int8{2, 2}, ""},
		{"same games", []int8{0, 2, 4, 1}, []int8{0, 2, 4, 1}, "no significant change"},
		{"noise", []int8{0, 4, 2, 2}, []int8{4, 0, 2, 2}, "no significant change"},
		// Six pairs each better by about half a pair's points are not yet
		// enough (a pair could as well swing the whole way back); twelve are.
		{"better on every pair, 6 pairs", []int8{0, 1, 2, 0, 1, 2}, []int8{2, 3, 4, 3, 3, 4}, "no significant change"},
		{"better on every pair, 12 pairs", []int8{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}, []int8{2, 3, 4, 3, 3, 4, 2, 3, 4, 3, 3, 4}, "significant)"},
		{"capped pairs left out", []int8{-1, 2, 2}, []int8{4, 2, 2}, "no significant change"},
	} {
		if got := Compare(tc.old, tc.cur).String(); (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestWatchSimComparesPaired: the same version again is "no significant
// change"; a version stripped of most of its warriors is a significant drop.
func TestWatchSimComparesPaired(t *testing.T) {
	on := (&Quick{Vs: []string{"borgo"}, Games: 60, Players: greedyBoth}).OnGood()
	base, err := armies.Loader{}.Load("moloch")
	if err != nil {
		t.Fatal(err)
	}
	var sets []armies.Set
	for _, s := range []string{"moloch/Gauss Cannon.count=0", "moloch/Juggernaut.count=0", "moloch/Hunter-Killer.count=0", "moloch/Hybrid.count=0", "moloch/Clown.count=0"} {
		st, err := armies.ParseSet(s)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, st)
	}
	weak, err := armies.Loader{}.LoadVariant("moloch", sets)
	if err != nil {
		t.Fatal(err)
	}
	// The file's army keeps its name from save to save; a variant is named
	// after its base, so name it as the file would.
	w := *weak.Army
	w.Name = base.Army.Name
	var out bytes.Buffer
	ctx := context.Background()
	on(ctx, &out, "moloch.army", base.Army, nil)
	on(ctx, &out, "moloch.army", base.Army, base.Army)
	on(ctx, &out, "moloch.army", &w, base.Army)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.HasSuffix(lines[0], " games") || !strings.Contains(lines[1], "no significant change") ||
		!strings.Contains(lines[2], "points, paired 95% interval [-") || !strings.Contains(lines[2], "significant)") {
		t.Errorf("want no change, then a significant drop:\n%s", out.String())
	}
}

// greedyBoth is the greedy player on both sides: the cheap player for tests
// of the commands' plumbing, where the player's strength is not the point.
var greedyBoth = [2]player.Spec{{Kind: player.Greedy}, {Kind: player.Greedy}}
