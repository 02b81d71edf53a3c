package sim

import "testing"

func TestTally(t *testing.T) {
	var ty Tally
	for _, o := range []Outcome{Win, Win, Draw, Loss, Capped} {
		ty.Add(o)
	}
	if ty.Games() != 4 || ty.Rate() != 0.625 || ty.Capped != 1 {
		t.Errorf("tally %+v rate %v", ty, ty.Rate())
	}
	if s := ty.Swap(); s.Wins != 1 || s.Losses != 2 || s.Rate() != 0.375 {
		t.Errorf("swap %+v", s)
	}
}

// A tally's interval is never a point, whatever few or lopsided games it
// counts: at n of n and 0 of n, at all pairs split, at one pair, and over
// games when there are no pairs (the first seat's tally).
func TestTallyIntervalNeverAPoint(t *testing.T) {
	type game struct{ first, second Outcome }
	for _, c := range []struct {
		name  string
		pairs []game
	}{
		{"one pair won", []game{{Win, Win}}},
		{"three pairs won", []game{{Win, Win}, {Win, Win}, {Win, Win}}},
		{"three pairs lost", []game{{Loss, Loss}, {Loss, Loss}, {Loss, Loss}}},
		{"three pairs split", []game{{Win, Loss}, {Loss, Win}, {Win, Loss}}},
		{"two pairs drawn", []game{{Draw, Draw}, {Draw, Draw}}},
	} {
		var ty, games Tally
		for _, g := range c.pairs {
			ty.Add(g.first)
			ty.Add(g.second)
			ty.AddPair(g.first, g.second)
			games.Add(g.first)
			games.Add(g.second)
		}
		for name, x := range map[string]Tally{"pairs": ty, "games": games} {
			iv := x.Interval()
			if !(iv.Lo < iv.Hi) || !iv.Contains(x.Rate()) || iv.Lo < 0 || iv.Hi > 1 {
				t.Errorf("%s over %s: rate %v, interval %+v", c.name, name, x.Rate(), iv)
			}
		}
	}
	if iv := (Tally{}).Interval(); iv != (Interval{0, 1}) {
		t.Errorf("no games: %+v", iv)
	}
}
