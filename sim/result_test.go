package sim

import (
	"slices"
	"strings"
	"testing"
)

const oneResult = `{"a":"Alpha","b":"Beta","players":["greedy","greedy"],"seed":1,"pairs":2,` +
	`"tally":{"Wins":2,"Draws":1,"Losses":1},"first_seat":{"Wins":2,"Draws":1,"Losses":1},"hq_margin_sum":-3,"turns_sum":80,"battles_sum":9,` +
	`"tokens":[[{"name":"Gunner","kind":"warrior","copies":2,"games":4,"played_in":3,"played":5,"score_when":2.5,"survived":1,"dealt":4}],[]],"game_pairs":[[0,1]]}`

func TestReadResult(t *testing.T) {
	list, err := ReadResult([]byte(oneResult))
	if err != nil || len(list) != 1 || list[0].A != "Alpha" || list[0].Tally.Wins != 2 {
		t.Fatalf("%v %+v", err, list)
	}
	rr := `{"players":"greedy","matches":[` + oneResult + `,` + strings.Replace(oneResult, `"Beta"`, `"Gamma"`, 1) + `]}`
	if list, err := ReadResult([]byte(rr)); err != nil || len(list) != 2 || list[1].B != "Gamma" {
		t.Fatalf("round robin: %v %+v", err, list)
	}
	for src, want := range map[string]string{
		"":                             "empty file",
		"\x00\x01":                     "binary",
		"{\"a\":\"\xff\"}":             "not valid UTF-8",
		oneResult[:40]:                 "unexpected end of JSON input",
		`[1, 2]`:                       "not a hexforge sim JSON result",
		`{"name":"Moloch"}`:            `no army names`,
		`{"matches":[]}`:               "no matches",
		`{"matches":[null]}`:           "match 1 is empty",
		`{"matches":{"a":1}}`:          "matches:",
		`{"a":"A","b":"B","pairs":-1}`: "negative pair count",
		`{"a":"A","b":"B","tally":{"Losses":-1}}`:        "negative tally",
		`{"a":"A","b":"B","tokens":[[],[{"dealt":-2}]]}`: "negative token figure",
		`{"a":"A","b":"B","game_pairs":[[3,-1]]}`:        "impossible range",
		`{"a":"A","b":"B","game_pairs":[[3,5],[4,9]]}`:   "overlapping",
		`{"a":"A","b":"B","game_pairs":[3,4]}`:           "pair ranges",
	} {
		if _, err := ReadResult([]byte(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", src, err, want)
		}
	}
}

// TestRoundRobinOfOrders: one army's matches played one at a time, where
// the army is the second army of one of them, still make a round robin
// (the order puts every match's first army before its second); a round
// robin's own order is kept, mirrors and all; matches no order fits are
// refused, naming one.
func TestRoundRobinOfOrders(t *testing.T) {
	m := func(a, b string) *Summary { return &Summary{A: a, B: b, Players: [2]string{"greedy", "greedy"}} }
	for _, tc := range []struct {
		name    string
		sums    []*Summary
		armies  []string // nil: refused
		errPart string
	}{
		{"one army's field", []*Summary{m("Vegas", "Borgo"), m("Vegas", "Moloch"), m("Beasts", "Vegas")}, []string{"Beasts", "Vegas", "Borgo", "Moloch"}, ""},
		{"a round robin with mirrors", []*Summary{m("A", "A"), m("A", "B"), m("A", "C"), m("B", "B"), m("B", "C"), m("C", "C")}, []string{"A", "B", "C"}, ""},
		{"both ways", []*Summary{m("A", "B"), m("B", "A")}, nil, "A vs B: results are not from one round robin"},
		{"a circle", []*Summary{m("A", "B"), m("B", "C"), m("C", "A")}, nil, "results are not from one round robin"},
	} {
		rr, err := RoundRobinOf(tc.sums)
		if tc.armies == nil {
			if err == nil || !strings.Contains(err.Error(), tc.errPart) {
				t.Errorf("%s: got %v, want an error with %q", tc.name, err, tc.errPart)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !slices.Equal(rr.Armies, tc.armies) {
			t.Errorf("%s: armies %v, want %v", tc.name, rr.Armies, tc.armies)
		}
		for _, s := range tc.sums {
			if got := rr.Matches[[2]int{slices.Index(rr.Armies, s.A), slices.Index(rr.Armies, s.B)}]; got != s {
				t.Errorf("%s: %s vs %s not in its cell", tc.name, s.A, s.B)
			}
		}
	}
}
