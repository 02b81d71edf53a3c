package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/sim"
)

// pairPattern is how a match's pairs went, A's outcome moving first and
// moving second, cycled over its pairs.
type pairPattern [][2]sim.Outcome

var (
	allWon   = pairPattern{{sim.Win, sim.Win}}
	allLost  = pairPattern{{sim.Loss, sim.Loss}}
	allSplit = pairPattern{{sim.Win, sim.Loss}}
	allDrawn = pairPattern{{sim.Draw, sim.Draw}}
	mixed    = pairPattern{{sim.Win, sim.Win}, {sim.Win, sim.Loss}, {sim.Draw, sim.Win}}
)

// smallSummary is a match of games games (a last odd game is a lone first
// game, as an old result might hold) going as pattern says.
func smallSummary(a, b string, games int, pattern pairPattern) *sim.Summary {
	s := &sim.Summary{A: a, B: b, Players: [2]string{"greedy", "greedy"}, Seed: 1}
	flip := [...]sim.Outcome{sim.Loss: sim.Win, sim.Draw: sim.Draw, sim.Win: sim.Loss}
	for k := 0; k < games; k++ {
		p := pattern[(k/2)%len(pattern)]
		if k%2 == 0 {
			s.Tally.Add(p[0])
			s.First.Add(p[0])
			continue
		}
		s.Tally.Add(p[1])
		s.First.Add(flip[p[1]]) // B moved first
		s.Tally.AddPair(p[0], p[1])
	}
	return s
}

// smallRoundRobin is three armies at games games a matchup: one matchup
// won every time, one lost every time, one split, the mirrors drawn or
// mixed.
func smallRoundRobin(games int) *sim.RoundRobin {
	rr := &sim.RoundRobin{Armies: []string{"Moloch", "Borgo", "Vegas"}, Players: "greedy", Matches: map[[2]int]*sim.Summary{}}
	for k, p := range map[[2]int]pairPattern{{0, 1}: allWon, {0, 2}: allLost, {1, 2}: allSplit, {0, 0}: allDrawn, {1, 1}: mixed} {
		rr.Matches[k] = smallSummary(rr.Armies[k[0]], rr.Armies[k[1]], games, p)
	}
	return rr
}

var (
	// "62.5% [24.5%, 91.5%] *" and the round-robin cell "62.5% [24.5, 91.5] *"
	rateRE = regexp.MustCompile(`(\d+\.\d)% \[(-?\d+\.\d)%?, (\d+\.\d)%?\]( \*)?`)
	// agree's change "+50.0 [-12.3, +80.1] *"
	changeRE = regexp.MustCompile(`([+-]\d+\.\d) \[([+-]\d+\.\d), ([+-]\d+\.\d)\]( \*)?`)
	// the heat map's cell: its class, then its interval "24–92"
	heatRE = regexp.MustCompile(`(?s)<g class="(cell(?: muted)?)">.*?>(\d+(?:\.\d)?)–(\d+(?:\.\d)?)</text>`)
)

// checkText finds every printed rate with its interval (or change, with
// centre 0) and checks that none is a point, each holds its figure and a
// starred one leaves the centre out; it returns how many it checked.
func checkText(t *testing.T, what, out string, re *regexp.Regexp, centre, min, max float64) int {
	t.Helper()
	n := 0
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		lo, _ := strconv.ParseFloat(m[2], 64)
		hi, _ := strconv.ParseFloat(m[3], 64)
		n++
		if !(lo < hi) || lo > x || hi < x || lo < min || hi > max {
			t.Errorf("%s: %q is a point, or does not hold its figure, or passes %v..%v", what, m[0], min, max)
		}
		if m[4] != "" && lo <= centre && hi >= centre {
			t.Errorf("%s: %q starred with %v inside", what, m[0], centre)
		}
	}
	if strings.Contains(out, "±0.0") {
		t.Errorf("%s: a zero half-width:\n%s", what, out)
	}
	return n
}

// checkCSV checks every lo/hi column pair of a CSV table (lo, hi;
// first_seat_lo, first_seat_hi; diff_lo, diff_hi …) and that a
// significant row's interval leaves 50% (or, for a change, 0) out.
func checkCSV(t *testing.T, what, out string, centre float64) {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) < 2 {
		t.Fatalf("%s: %v\n%s", what, err, out)
	}
	h := recs[0]
	col := map[string]int{}
	for i, name := range h {
		col[name] = i
	}
	for _, r := range recs[1:] {
		for name, i := range col {
			base, ok := strings.CutSuffix(name, "lo")
			if !ok || base != "" && !strings.HasSuffix(base, "_") || strings.HasPrefix(name, "rank") || strings.HasPrefix(name, "sequential") {
				continue
			}
			j, ok := col[base+"hi"]
			if !ok {
				t.Fatalf("%s: %s without %shi", what, name, base)
			}
			lo, err1 := strconv.ParseFloat(r[i], 64)
			hi, err2 := strconv.ParseFloat(r[j], 64)
			if err1 != nil || err2 != nil || !(lo < hi) {
				t.Errorf("%s: %s..%shi = %q..%q", what, name, base, r[i], r[j])
			}
		}
		if i, ok := col["significant"]; ok && r[i] == "true" {
			lo, _ := strconv.ParseFloat(r[col[map[bool]string{true: "diff_lo", false: "lo"}[centre == 0]]], 64)
			hi, _ := strconv.ParseFloat(r[col[map[bool]string{true: "diff_hi", false: "hi"}[centre == 0]]], 64)
			if lo <= centre && hi >= centre {
				t.Errorf("%s: significant with %v in [%v, %v]: %v", what, centre, lo, hi, r)
			}
		}
	}
}

// checkJSON walks a JSON document and checks every interval in it: the
// [lo, hi] arrays named interval, interval95 or *_ci, and every x_lo/x_hi
// (or lo/hi) pair of numbers, and returns how many it checked.
func checkJSON(t *testing.T, what string, out []byte) int {
	t.Helper()
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	n := 0
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
		case map[string]any:
			for k, e := range x {
				if a, ok := e.([]any); ok && len(a) == 2 && (k == "interval" || k == "interval95" || strings.HasSuffix(k, "_ci")) && k != "rank_ci" {
					n++
					if lo, hi := a[0].(float64), a[1].(float64); !(lo < hi) {
						t.Errorf("%s: %s.%s = %v", what, path, k, a)
					}
				}
				if base, ok := strings.CutSuffix(k, "lo"); ok && (base == "" || strings.HasSuffix(base, "_")) {
					if lo, ok := e.(float64); ok {
						n++
						if hi, ok := x[base+"hi"].(float64); !ok || !(lo < hi) {
							t.Errorf("%s: %s.%s = %v, %shi = %v", what, path, k, lo, base, x[base+"hi"])
						}
					}
				}
				walk(path+"."+k, e)
			}
		}
	}
	walk("", v)
	return n
}

// TestSmallSamples: at 1 to 6 games, every report format of a match and of
// a round robin, the heat map and agree print no interval that is a
// point, star nothing whose interval holds 50% (or, for agree, 0), and
// keep agree's changes within ±100 points.
func TestSmallSamples(t *testing.T) {
	for games := 1; games <= 6; games++ {
		rr := smallRoundRobin(games)
		reports := map[string]Report{"round robin": {RoundRobin: rr}}
		for name, p := range map[string]pairPattern{"won": allWon, "lost": allLost, "split": allSplit, "drawn": allDrawn, "mixed": mixed} {
			reports["match "+name] = Report{Match: smallSummary("Beasts", "Borgo", games, p)}
		}
		for name, r := range reports {
			for _, f := range []Format{Table, Markdown, CSV, JSON, HTML} {
				what := fmt.Sprintf("%d games, %s, %s", games, name, f)
				var buf bytes.Buffer
				if err := Write(&buf, r, f); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				out := buf.String()
				switch f {
				case CSV:
					checkCSV(t, what, out, 0.5)
				case JSON:
					if checkJSON(t, what, buf.Bytes()) == 0 {
						t.Errorf("%s: no interval found", what)
					}
				default:
					if checkText(t, what, out, rateRE, 50, 0, 100) == 0 {
						t.Errorf("%s: no interval found:\n%s", what, out)
					}
				}
				if f == HTML && r.RoundRobin != nil {
					cells := heatRE.FindAllStringSubmatch(out, -1)
					if len(cells) != 8 { // 3 matchups both ways and 2 mirrors
						t.Errorf("%s: %d heat-map cells", what, len(cells))
					}
					for _, m := range cells {
						lo, _ := strconv.ParseFloat(m[2], 64)
						hi, _ := strconv.ParseFloat(m[3], 64)
						if !(lo < hi) || m[1] == "cell" && lo <= 50 && hi >= 50 {
							t.Errorf("%s: heat-map cell %q %v–%v", what, m[1], lo, hi)
						}
					}
				}
			}
		}
		// agree: the same round robin against one where every matchup
		// turned over (won becomes lost): the largest possible changes.
		turned := smallRoundRobin(games)
		for k, s := range turned.Matches {
			if k[0] != k[1] {
				s.Tally = s.Tally.Swap()
			}
		}
		for _, strong := range []*sim.RoundRobin{smallRoundRobin(games), turned} {
			ag, err := sim.Compare(rr, strong, 0.05, 0.85)
			if err != nil {
				t.Fatal(err)
			}
			if ag.Agree {
				t.Errorf("%d games: agree shown on %d games a matchup: %s", games, games, ag.Verdict())
			}
			for _, f := range []Format{Table, Markdown, CSV, JSON} {
				what := fmt.Sprintf("%d games, agree, %s", games, f)
				var buf bytes.Buffer
				if err := WriteAgreement(&buf, ag, f, ""); err != nil {
					t.Fatal(err)
				}
				switch f {
				case CSV:
					checkCSV(t, what, buf.String(), 0)
				case JSON:
					if checkJSON(t, what, buf.Bytes()) == 0 {
						t.Errorf("%s: no interval found", what)
					}
				default:
					// 3 matchups' changes and 3 armies'.
					if checkText(t, what, buf.String(), changeRE, 0, -100, 100) != 6 || checkText(t, what, buf.String(), rateRE, 50, 0, 100) != 6 {
						t.Errorf("%s: not 6 changes (3 matchups, 3 armies) with 6 rates:\n%s", what, buf.String())
					}
				}
			}
		}
	}
}
