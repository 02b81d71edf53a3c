package engine

import "testing"

// BenchmarkBattle resolves a battle on a full 19-hex board of mixed units
// (testdata/battles/full_board.pos). It must not allocate.
func BenchmarkBattle(b *testing.B) {
	start := loadPosition(b, "full_board")
	var r Resolver
	var s State
	var d Decider = OwnerBest{}
	b.ReportAllocs()
	for b.Loop() {
		s = *start
		r.Resolve(&s, d, nil)
	}
}

func TestBattleDoesNotAllocate(t *testing.T) {
	start := loadPosition(t, "full_board")
	var r Resolver
	var s State
	var d Decider = OwnerBest{}
	if n := testing.AllocsPerRun(100, func() {
		s = *start
		r.Resolve(&s, d, nil)
	}); n != 0 {
		t.Errorf("Resolve allocates %v times per battle", n)
	}
}
