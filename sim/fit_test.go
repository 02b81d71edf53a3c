package sim

import (
	"context"
	"testing"
)

// A seed gives the same fit games with one worker and with two.
func TestFitIsDeterministic(t *testing.T) {
	sameWithOneAndTwoWorkers(t, match(t, "hegemony", "moloch", "fit", "greedy", 3, 17))
}

// The fit player is greedy with its close calls played out: it must beat
// greedy on a fixed seed set in three mirrors (seats swapped in pairs).
func TestFitBeatsGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 120 games")
	}
	for _, armies := range [][2]string{{"moloch", "moloch"}, {"steelpolice", "steelpolice"}, {"vegas", "vegas"}} {
		m := match(t, armies[0], armies[1], "fit", "greedy", 20, 4)
		recs, _, err := m.Run(context.Background(), 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := Summarize(m, recs, false)
		if rate := s.Tally.Rate(); rate < 0.6 {
			t.Errorf("%s mirror: fit scored %.1f%% of %d games against greedy (%+v); want at least 60%%", armies[0], 100*rate, len(recs), s.Tally)
		} else {
			t.Logf("%s mirror: fit %.1f%% of %d games against greedy", armies[0], 100*rate, len(recs))
		}
	}
}
