package report

import (
	"testing"

	"github.com/hexforge/hexforge/sim"
)

// A rating that rounds to zero prints "+0", never "-0" (issue 25).
func TestRatingTextNoNegativeZero(t *testing.T) {
	for _, c := range []struct {
		r    sim.Rating
		want string
	}{
		{sim.Rating{Elo: -0.4, EloCI: [2]float64{-9.6, 0.3}}, "+0 [-10, +0]"},
		{sim.Rating{Elo: 12.5, EloCI: [2]float64{-0.49, 20}}, "+13 [+0, +20]"},
		{sim.Rating{Elo: -3, EloCI: [2]float64{-7, -0.2}}, "-3 [-7, +0]"},
	} {
		if got := ratingText(c.r); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}
