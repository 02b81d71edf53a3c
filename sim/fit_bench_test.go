package sim

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
)

// BenchmarkFitVsRace measures, in one run, the CPU per Moloch–Borgo game of
// race:8 and of fit (issue 25: a player ten times cheaper at race:8's
// verdict); cpuAgainstRace says how.
//
//	go test -run '^$' -bench FitVsRace -benchtime 200x ./sim
func BenchmarkFitVsRace(b *testing.B) { cpuAgainstRace(b, "fit") }

// BenchmarkQuickVsRace is BenchmarkFitVsRace for the quick player.
//
//	go test -run '^$' -bench QuickVsRace -benchtime 200x ./sim
func BenchmarkQuickVsRace(b *testing.B) { cpuAgainstRace(b, "quick") }

// BenchmarkThreatVsRace is BenchmarkFitVsRace for the threat player.
//
//	go test -run '^$' -bench ThreatVsRace -benchtime 200x ./sim
func BenchmarkThreatVsRace(b *testing.B) { cpuAgainstRace(b, "threat") }

// cpuAgainstRace measures the CPU per Moloch–Borgo game of race:8 and of
// player pl in one run. Each op plays game k (seats alternating, as a
// match does) once with race:8 on both sides and once with pl on both
// sides, one after the other on one goroutine, and charges each its
// process CPU time (getrusage), so both see the same load of the machine.
// It reports both figures and their ratio (pl/race, issue 25's bar: at
// most 0.1).
func cpuAgainstRace(b *testing.B, pl string) {
	if cpuSeconds() < 0 {
		b.Skip("CPU time cannot be read here")
	}
	race := match(b, "moloch", "borgo", "race:8", "race:8", 1, 11)
	other := match(b, "moloch", "borgo", pl, pl, 1, 11)
	w := &worker{res: new(engine.Resolver)}
	var raceCPU, otherCPU float64
	b.ReportAllocs()
	b.ResetTimer()
	for k := 0; k < b.N; k++ {
		for i, m := range []*Match{race, other} {
			c0 := cpuSeconds()
			if _, err := m.play(k, k%2 == 0, w); err != nil {
				b.Fatal(err)
			}
			if i == 0 {
				raceCPU += cpuSeconds() - c0
			} else {
				otherCPU += cpuSeconds() - c0
			}
		}
	}
	b.ReportMetric(raceCPU*1e3/float64(b.N), "race8-cpu-ms/game")
	b.ReportMetric(otherCPU*1e3/float64(b.N), pl+"-cpu-ms/game")
	b.ReportMetric(otherCPU/raceCPU, pl+"/race")
}

// BenchmarkPlan1VsRace is BenchmarkFitVsRace for plan:1, the cheapest
// player whose round robin stayed within the noise of race:8's in the
// screen of docs/players.md ("What carries race:8's verdict").
//
//	go test -run '^$' -bench 'Plan1VsRace|Race1VsRace' -benchtime 40x ./sim
func BenchmarkPlan1VsRace(b *testing.B) { cpuAgainstRace(b, "plan:1") }

// BenchmarkRace1VsRace is BenchmarkFitVsRace for race:1: race's shortlist
// of five played to the end of the opponent's turn on one world.
func BenchmarkRace1VsRace(b *testing.B) { cpuAgainstRace(b, "race:1") }
