package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/sim"
)

// oneResult is a match's result as sim --format json writes it (sim's
// TestReadResult reads the same).
const oneResult = `{"a":"Alpha","b":"Beta","players":["greedy","greedy"],"seed":1,"pairs":2,` +
	`"tally":{"Wins":2,"Draws":1,"Losses":1},"first_seat":{"Wins":2,"Draws":1,"Losses":1},"hq_margin_sum":-3,"turns_sum":80,"battles_sum":9,` +
	`"tokens":[[{"name":"Gunner","kind":"warrior","copies":2,"games":4,"played_in":3,"played":5,"score_when":2.5,"survived":1,"dealt":4}],[]],"game_pairs":[[0,1]]}`

// FuzzReadResult feeds arbitrary bytes to the result reader merge uses and
// every accepted result through merging and every report format: an error
// or a report, never a panic.
//
//	go test ./report -run '^$' -fuzz FuzzReadResult -fuzztime 60s
func FuzzReadResult(f *testing.F) {
	f.Add([]byte(oneResult))
	f.Add([]byte(`{"players":"greedy","matches":[` + oneResult + `,` + strings.Replace(oneResult, `"Alpha"`, `"Beta"`, 1) + `]}`))
	f.Add([]byte(`{"matches":[null]}`))
	f.Add([]byte(`{"a":"A","b":"B","tokens":[null,[{"games":0,"played_in":0}]],"game_pairs":[[1,1]]}`))
	f.Add([]byte(oneResult[:60]))
	f.Add([]byte("\x00\xff{"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		list, err := sim.ReadResult(raw)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if len(list) == 0 {
			t.Fatal("no error and no match")
		}
		merged := map[string]*sim.Summary{}
		var order []string
		for _, s := range list {
			if s == nil || s.A == "" || s.B == "" {
				t.Fatalf("accepted a match without names: %+v", s)
			}
			for _, format := range Formats {
				if err := Write(io.Discard, Report{Match: s}, format); err != nil {
					t.Fatalf("match as %s: %v", format, err)
				}
			}
			key := fmt.Sprintf("%s\x00%s\x00%d\x00%v", s.A, s.B, s.Seed, s.Players)
			if have, ok := merged[key]; ok {
				have.Merge(s)
				continue
			}
			merged[key] = s
			order = append(order, key)
		}
		sums := make([]*sim.Summary, len(order))
		for i, k := range order {
			sums[i] = merged[k]
		}
		rr, err := sim.RoundRobinOf(sums)
		if err != nil {
			return // summaries not in round-robin order: merge reports this
		}
		var b bytes.Buffer
		for _, format := range Formats {
			if err := Write(&b, Report{RoundRobin: rr}, format); err != nil {
				t.Fatalf("round robin as %s: %v", format, err)
			}
		}
	})
}
