package sim

import (
	"errors"
	"fmt"
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

// IsMultiResult tells a multiplayer report (it has a mode and seats) from
// a two-player one by its JSON keys.
func IsMultiResult(probe map[string]any) bool {
	_, mode := probe["mode"]
	_, seats := probe["by_seat"]
	return mode && seats
}

// MergeMulti adds up the reports of the shards of one multiplayer run:
// the records of every game, refolded in game order, give the report of
// the run played whole, byte for byte. Reports of other runs (another
// mode, armies, players, board, seed, length, action cap or shard count)
// and a shard given twice are refused, naming the files. A shard missing
// leaves the report partial, with a warning.
func MergeMulti(files []string, reports []*MultiReport) (*MultiReport, []string, error) {
	if len(reports) == 0 {
		return nil, nil, errors.New("no reports to merge")
	}
	first := reports[0]
	if first.Shard == nil {
		return nil, nil, fmt.Errorf("%s: not a shard's report (written by sim --mode ... --shard i/n --format json)", files[0])
	}
	id := func(r *MultiReport) string {
		sh := r.Shard
		return fmt.Sprintf("mode %s, armies %q, players %s, board %s, seed %d, %d rotations of %d seatings, action cap %d, teams %v, leaders %q, structures %v, until-ci %g, %d shards",
			r.Mode, r.Armies, r.Players, r.Board, r.Seed, sh.Rotations, r.Seatings, sh.MaxActions, sh.Teams, r.Leaders, r.Structures, sh.UntilCI, sh.N)
	}
	seen := map[int]string{}
	var recs []MultiRecord
	partial := false
	for i, r := range reports {
		if r.Shard == nil {
			return nil, nil, fmt.Errorf("%s: not a shard's report (written by sim --mode ... --shard i/n --format json)", files[i])
		}
		if id(r) != id(first) {
			return nil, nil, fmt.Errorf("%s and %s are shards of different runs:\n  %s\n  %s", files[0], files[i], id(first), id(r))
		}
		if f, ok := seen[r.Shard.I]; ok {
			return nil, nil, fmt.Errorf("%s and %s are both shard %d/%d", f, files[i], r.Shard.I, r.Shard.N)
		}
		seen[r.Shard.I] = files[i]
		partial = partial || r.Partial
		recs = append(recs, r.Shard.Records...)
	}
	slices.SortFunc(recs, func(a, b MultiRecord) int { return a.Game - b.Game })
	mode, err := engine.ParseMode(first.Mode)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", files[0], err)
	}
	m := &MultiMatch{Names: first.Armies, Mode: mode, Teams: first.Shard.Teams, Seed: first.Seed}
	per := len(m.Seatings())
	if per != first.Seatings {
		return nil, nil, fmt.Errorf("%s: %d seatings, but %s with %d armies has %d", files[0], first.Seatings, first.Mode, len(first.Armies), per)
	}
	for i, rec := range recs {
		if rec.Game < 0 || rec.Game >= first.Shard.Rotations*per || rec.Seating != rec.Game%per || i > 0 && recs[i-1].Game == rec.Game {
			return nil, nil, fmt.Errorf("game %d (seating %d): not a game of this run, or in two shards", rec.Game, rec.Seating)
		}
	}
	var warnings []string
	if missing := first.Shard.Rotations*per - len(recs); missing > 0 {
		partial = true
		warnings = append(warnings, fmt.Sprintf("%d of %d games missing (a shard not given, or one stopped early); the report is marked partial",
			missing, first.Shard.Rotations*per))
	}
	r := m.Report(recs, partial)
	r.Players, r.Board, r.Leaders, r.Structures = first.Players, first.Board, first.Leaders, first.Structures
	if t := first.Shard.UntilCI; t > 0 {
		c := UntilCICheck{Target: t, HalfWidth: r.Widest(), Games: r.Games, Batch: first.Shard.Rotations * per, Max: MaxGames}
		warnings = append(warnings, c.String())
	}
	return r, warnings, nil
}
