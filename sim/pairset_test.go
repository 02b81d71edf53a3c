package sim

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
)

func TestPairSet(t *testing.T) {
	var p PairSet
	for _, k := range []int{0, 1, 2, 5, 6, 9} {
		p.Add(k)
	}
	p.Add(3) // out of order: extends [0,2] to [0,3]
	if want := [][2]int{{0, 3}, {5, 6}, {9, 9}}; !slices.Equal(p.r, want) {
		t.Fatalf("ranges %v, want %v", p.r, want)
	}
	if p.Len() != 7 {
		t.Errorf("Len %d, want 7", p.Len())
	}
	q := PairSet{r: [][2]int{{4, 4}, {7, 8}}}
	if k, ok := p.Overlap(q); ok {
		t.Errorf("disjoint sets overlap at %d", k)
	}
	p.Union(q)
	if want := [][2]int{{0, 9}}; !slices.Equal(p.r, want) {
		t.Fatalf("union %v, want %v", p.r, want)
	}
	if k, ok := p.Overlap(PairSet{r: [][2]int{{12, 13}, {9, 11}}[1:]}); !ok || k != 9 {
		t.Errorf("Overlap = %d, %v; want 9, true", k, ok)
	}
	b, _ := json.Marshal(p)
	var back PairSet
	if err := json.Unmarshal(b, &back); err != nil || !slices.Equal(back.r, p.r) || string(b) != "[[0,9]]" {
		t.Errorf("JSON round trip: %s -> %v (%v)", b, back.r, err)
	}
}

// TestShardSummaryIsOneRange: a shard's summary records its pairs as one
// range, and the shards of a run cover every pair exactly once.
func TestShardSummaryIsOneRange(t *testing.T) {
	defer func(b int) { blockPairs = b }(blockPairs)
	blockPairs = 4 // several blocks per shard
	var all PairSet
	const n, pairs = 3, 20
	for i := range n {
		m := match(t, "../engine/testdata/game_a.army", "../engine/testdata/game_b.army", "random", "random", pairs, 1)
		m.Shard = Shard{I: i, N: n}
		s, err := m.RunSummary(context.Background(), 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.GameIDs.r) != 1 {
			t.Errorf("shard %d/%d: pairs %v, want one range", i, n, s.GameIDs.r)
		}
		if k, ok := all.Overlap(s.GameIDs); ok {
			t.Errorf("shard %d/%d repeats pair %d", i, n, k)
		}
		all.Union(s.GameIDs)
	}
	if want := [][2]int{{0, pairs - 1}}; !slices.Equal(all.r, want) {
		t.Errorf("shards cover %v, want %v", all.r, want)
	}
}
