package sim

import (
	"slices"

	"github.com/hexforge/hexforge/engine"
)

// MultiShard is what a shard of a multiplayer run writes beside its
// figures so that merge can add the shards up: the shard, what defines
// the whole run beyond the report's own fields, and every game's record.
// The shares' sums of squares are not in the JSON, and adding rounded
// figures would not give one run's report byte for byte; refolding the
// records in game order does.
type MultiShard struct {
	I          int           `json:"i"`
	N          int           `json:"n"`
	Rotations  int           `json:"rotations"` // of the whole run
	MaxActions int           `json:"max_actions"`
	Teams      [2][]int      `json:"teams,omitempty"`    // teams mode: indices into armies
	UntilCI    float64       `json:"until_ci,omitempty"` // --until-ci, judged by merge (UntilCICheck)
	Records    []MultiRecord `json:"records"`
}

func (m *MultiMatch) shardOf(recs []MultiRecord) *MultiShard {
	ma := m.MaxActions
	if ma <= 0 {
		ma = DefaultMaxActions
	}
	sh := &MultiShard{I: m.Shard.I, N: m.Shard.N, Rotations: m.Rounded() / len(m.Seatings()), MaxActions: ma, Records: slices.Clone(recs),
		UntilCI: m.UntilCI}
	if m.Mode == engine.ModeTeams {
		sh.Teams = m.Teams
	}
	return sh
}
