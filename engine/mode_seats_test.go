package engine

import "testing"

// TestModeRowsSayWhoPlays: the command line reads a mode's seat count,
// leaders and custom teams from its row (sim --mode checks them before any
// game), so each row must say what the rules do.
func TestModeRowsSayWhoPlays(t *testing.T) {
	for _, tc := range []struct {
		m                    Mode
		seats                []int // the numbers of players it takes
		want                 string
		leaders, customTeams bool
	}{
		{ModeStandard, []int{2}, "2", true, false},
		{ModeFFA, []int{3, 4}, "3 or 4", false, false},
		{ModePoints, []int{3, 4}, "3 or 4", false, false},
		{ModeTeams, []int{4}, "4", true, true},
		{ModeOneVsTeam, []int{3}, "3", false, false},
	} {
		for n := 1; n <= MaxPlayers+1; n++ {
			ok, want := tc.m.Seats(n)
			takes := false
			for _, s := range tc.seats {
				takes = takes || s == n
			}
			if ok != takes || want != tc.want {
				t.Errorf("%s.Seats(%d) = %v, %q; want %v, %q", tc.m, n, ok, want, takes, tc.want)
			}
		}
		if tc.m.Leaders() != tc.leaders || tc.m.CustomTeams() != tc.customTeams {
			t.Errorf("%s: leaders %v, custom teams %v; want %v, %v", tc.m, tc.m.Leaders(), tc.m.CustomTeams(), tc.leaders, tc.customTeams)
		}
	}
}
