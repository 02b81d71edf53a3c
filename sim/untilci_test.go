package sim

import "testing"

// UntilCICheck's estimate: a multiple of the batch, more than played, and
// never past Max; met when the half-width is below the target, as the
// unsharded --until-ci decides.
func TestUntilCICheckNeed(t *testing.T) {
	for _, c := range []struct {
		c    UntilCICheck
		met  bool
		need int
	}{
		{UntilCICheck{Target: 0.05, HalfWidth: 0.04, Games: 400, Batch: 400, Max: MaxGames}, true, 400},
		{UntilCICheck{Target: 0.05, HalfWidth: 0.1, Games: 400, Batch: 400, Max: MaxGames}, false, 1600},
		{UntilCICheck{Target: 0.05, HalfWidth: 0.0501, Games: 400, Batch: 400, Max: MaxGames}, false, 800},
		{UntilCICheck{Target: 0.001, HalfWidth: 0.1, Games: 400, Batch: 400, Max: 2000}, false, 2000},
		{UntilCICheck{Target: 0.05, HalfWidth: 0.05, Games: 400, Batch: 400, Max: 400}, false, 400},
	} {
		if c.c.Met() != c.met || c.c.Need() != c.need {
			t.Errorf("%+v: met %v need %d, want %v %d (%s)", c.c, c.c.Met(), c.c.Need(), c.met, c.need, c.c)
		}
	}
}
