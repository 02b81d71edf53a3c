package sim

import (
	"fmt"
	"strings"

	"github.com/hexforge/hexforge/stats"
)

// Sequential is a sequential test run on a match's pairs: an SPRT of
// H0 "A's win rate is P0" against H1 "it is P1", or a fair-band test of
// whether A's win rate lies in [Lo, Hi] (two one-sided SPRTs, see
// stats.FairBand). It is recorded in the result; a run that could not stop
// early (a shard) or was merged is a fixed-length test, and says so.
type Sequential struct {
	Kind        string     `json:"kind"` // "sprt" or "fair-band"
	P0          float64    `json:"p0,omitempty"`
	P1          float64    `json:"p1,omitempty"`
	Lo          float64    `json:"lo,omitempty"`
	Hi          float64    `json:"hi,omitempty"`
	Alpha       float64    `json:"alpha"`
	Beta        float64    `json:"beta"`
	Verdict     string     `json:"verdict"`
	LLR         []float64  `json:"llr"`    // the test's log-likelihood ratio (two for a band: low, high)
	Bounds      [2]float64 `json:"bounds"` // Wald's lower and upper bounds
	FixedLength bool       `json:"fixed_length,omitempty"`
}

// Verdicts of a sequential test, in a designer's words.
const (
	VerdictUndecided = "undecided"
	VerdictH1        = "H1 accepted"
	VerdictH0        = "H0 accepted"
	VerdictInside    = "inside the band"
	VerdictStrong    = "A too strong"
	VerdictWeak      = "A too weak"
)

// Update computes the LLRs and the verdict on the pairs counted so far and
// reports whether the test may stop.
func (q *Sequential) Update(p stats.Pentanomial) bool {
	switch q.Kind {
	case "fair-band":
		b := stats.FairBand{Lo: q.Lo, Hi: q.Hi, Alpha: q.Alpha, Beta: q.Beta}
		low, high := b.Tests()
		q.LLR = []float64{low.LLR(p), high.LLR(p)}
		q.Bounds[0], q.Bounds[1] = low.Bounds()
		switch b.Step(p) {
		case stats.InsideBand:
			q.Verdict = VerdictInside
		case stats.TooStrong:
			q.Verdict = VerdictStrong
		case stats.TooWeak:
			q.Verdict = VerdictWeak
		default:
			q.Verdict = VerdictUndecided
		}
	default:
		t := stats.SPRT{P0: q.P0, P1: q.P1, Alpha: q.Alpha, Beta: q.Beta}
		q.LLR = []float64{t.LLR(p)}
		q.Bounds[0], q.Bounds[1] = t.Bounds()
		switch t.Step(p) {
		case stats.AcceptH1:
			q.Verdict = VerdictH1
		case stats.AcceptH0:
			q.Verdict = VerdictH0
		default:
			q.Verdict = VerdictUndecided
		}
	}
	return q.Verdict != VerdictUndecided
}

// String says what the test is: "fair band 45%-55%" or
// "SPRT H0 45% against H1 55%", with its error rates.
func (q *Sequential) String() string {
	if q.Kind == "fair-band" {
		return fmt.Sprintf("fair band %s-%s (alpha %g, beta %g)", pct(q.Lo), pct(q.Hi), q.Alpha, q.Beta)
	}
	return fmt.Sprintf("SPRT H0 %s against H1 %s (alpha %g, beta %g)", pct(q.P0), pct(q.P1), q.Alpha, q.Beta)
}

// Rows are the report's rows about the test (figure, value); a is army A's
// name.
func (q *Sequential) Rows(pairs int, a string) [][]string {
	var llr []string
	for _, x := range q.LLR {
		llr = append(llr, fmt.Sprintf("%.2f", x))
	}
	what := "log-likelihood ratio"
	if q.Kind == "fair-band" {
		what = "log-likelihood ratios (low, high test)"
	}
	verdict := strings.Replace(q.Verdict, "A ", a+" ", 1)
	switch q.Verdict {
	case VerdictStrong:
		verdict += fmt.Sprintf(" (nearer %s than %s)", pct(q.Hi), pct((q.Lo+q.Hi)/2))
	case VerdictWeak:
		verdict += fmt.Sprintf(" (nearer %s than %s)", pct(q.Lo), pct((q.Lo+q.Hi)/2))
	case VerdictInside:
		verdict += fmt.Sprintf(" (nearer %s than either edge)", pct((q.Lo+q.Hi)/2))
	case VerdictH1:
		verdict += fmt.Sprintf(" (nearer %s than %s)", pct(q.P1), pct(q.P0))
	case VerdictH0:
		verdict += fmt.Sprintf(" (nearer %s than %s)", pct(q.P0), pct(q.P1))
	}
	if q.FixedLength {
		verdict += " (fixed length: shards)"
	}
	return [][]string{
		{"sequential test", q.String()},
		{fmt.Sprintf("verdict after %d pairs", pairs), verdict},
		{what, fmt.Sprintf("%s, bounds [%.2f, %.2f]", strings.Join(llr, ", "), q.Bounds[0], q.Bounds[1])},
	}
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
