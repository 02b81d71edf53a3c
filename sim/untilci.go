package sim

import (
	"fmt"
	"math"
)

// A stopping rule such as --until-ci looks at every game played so far, so
// shards cannot apply it each on its own: where one shard stopped would
// depend on its games only, and the shards together would no longer be one
// run. With --shard, --until-ci therefore stops no shard: every shard plays
// its fixed part of --games and records the target, and merge judges it on
// the merged games (UntilCICheck). If it is not met, the run is repeated
// with more games: a two-stage design (the first run is a pilot whose
// half-width sizes the second), a fixed-length run each time, so each
// merged report is exactly the report of one unsharded run of that length.

// MaxGames is the most games of one matchup a run may play (sim --games
// and what --until-ci may reach; the CLI's limit, docs/scaling.md).
const MaxGames = 10_000_000

// UntilCICheck is merge's verdict on the --until-ci target of a sharded run.
type UntilCICheck struct {
	Target    float64 // --until-ci
	HalfWidth float64 // the merged run's widest 95% half-width (what --until-ci compares)
	Games     int     // games the merged reports hold
	Batch     int     // the run's --games (rounded as played): the unsharded --until-ci plays multiples of it
	Max       int     // the most --until-ci may play
}

// Met says whether the target is reached, as the unsharded --until-ci
// decides it.
func (c UntilCICheck) Met() bool { return c.HalfWidth < c.Target }

// Need estimates the games in all that would meet the target: a half-width
// shrinks as one over the square root of the games, so n·(h/W)², rounded
// up to a whole multiple of the batch (the lengths the unsharded
// --until-ci stops at) and at least one batch more than played, at most
// Max.
func (c UntilCICheck) Need() int {
	if c.Met() || c.Batch <= 0 {
		return c.Games
	}
	n := float64(c.Games) * (c.HalfWidth / c.Target) * (c.HalfWidth / c.Target)
	batches := max(int(math.Ceil(n/float64(c.Batch))), c.Games/c.Batch+1)
	need := batches * c.Batch
	if c.Max > 0 && need > c.Max {
		need = c.Max / c.Batch * c.Batch
	}
	return need
}

// String is the verdict for people, one line when met, else two (each
// within 100 columns for army names of usual length), e.g. "--until-ci
// 0.02: not met (half-width 0.031 over 4000 games);" and "about 12000
// games would meet it: run the shards again with --games 12000".
func (c UntilCICheck) String() string {
	if c.Met() {
		return fmt.Sprintf("--until-ci %g: met (half-width %.4f over %d games)", c.Target, c.HalfWidth, c.Games)
	}
	need := c.Need()
	if need <= c.Games {
		return fmt.Sprintf("--until-ci %g: not met (half-width %.4f over %d games), and more games than %d cannot be played",
			c.Target, c.HalfWidth, c.Games, c.Max)
	}
	return fmt.Sprintf("--until-ci %g: not met (half-width %.4f over %d games);\n"+
		"  about %d games would meet it: run the shards again with --games %d", c.Target, c.HalfWidth, c.Games, need, need)
}
