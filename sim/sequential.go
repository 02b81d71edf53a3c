package sim

import (
	"fmt"
	"strconv"
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

// ParseSequential reads sim's --sprt P0,P1 (with P0 < 0.5 < P1 the
// fair-band test of [P0, P1]) or --fair-band LO-HI in percent, the one
// that is not empty, into its test with error rates alpha and beta.
func ParseSequential(sprt, band string, alpha, beta float64) (*Sequential, error) {
	q := &Sequential{Alpha: alpha, Beta: beta, Verdict: VerdictUndecided}
	if sprt != "" {
		a, b, ok := strings.Cut(sprt, ",")
		p0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
		p1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
		if !ok || err0 != nil || err1 != nil || p0 <= 0 || p1 >= 1 || p0 >= p1 || p1 <= 0 || p0 >= 1 {
			return nil, fmt.Errorf("--sprt %q: want P0,P1 with 0 < P0 < P1 < 1, e.g. 0.45,0.55", sprt)
		}
		q.Kind, q.P0, q.P1 = "sprt", p0, p1
		if p0 < 0.5 && p1 > 0.5 {
			// H0 below even and H1 above it is the balance question "is A
			// fair?", which an SPRT between the two edges cannot answer
			// (a fair army sits between them): it is the band test.
			q.Kind, q.Lo, q.Hi, q.P0, q.P1 = "fair-band", p0, p1, 0, 0
		}
	} else {
		a, b, ok := strings.Cut(band, "-")
		lo, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
		hi, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
		if !ok || err0 != nil || err1 != nil || lo <= 0 || hi >= 100 || lo >= hi {
			return nil, fmt.Errorf("--fair-band %q: want LO-HI in percent with 0 < LO < HI < 100, e.g. 45-55", band)
		}
		q.Kind, q.Lo, q.Hi = "fair-band", lo/100, hi/100
	}
	return q, nil
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

// ExpectedPairs is about how many pairs the test will have played when it
// stops, given the pairs counted so far (p) and looking after every batch
// pairs, at most maxPairs: stats.ExpectedStop under the current estimate
// of the pairs' distribution. The estimate is the counts with two pairs'
// worth of a prior, independent games without draws at the rate the test
// is slowest at (the band's centre, the midpoint of P0 and P1): before any
// game it is that prior alone, and it gives way to the games as they come.
// A progress bar's ETA comes from it, not from --games, which for a test
// is only a cap.
func (q *Sequential) ExpectedPairs(p stats.Pentanomial, batch, maxPairs int) int {
	mid := (q.P0 + q.P1) / 2
	if q.Kind == "fair-band" {
		mid = (q.Lo + q.Hi) / 2
	}
	prior := [5]float64{(1 - mid) * (1 - mid), 0, 2 * mid * (1 - mid), 0, mid * mid}
	var est [5]float64
	n := float64(p.Pairs())
	for k := range est {
		est[k] = (float64(p[k]) + 2*prior[k]) / (n + 2)
	}
	stop := func(c stats.Pentanomial) bool {
		t := *q
		return t.Update(c)
	}
	return int(stats.ExpectedStop(stop, p, est, batch, maxPairs, 200, 1) + 0.5)
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
