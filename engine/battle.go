package engine

// Resolver resolves battles. It owns scratch buffers so that resolving a
// battle does not allocate; one Resolver per goroutine.
type Resolver struct{}

// BattleLog records what happened in a battle, segment by segment, for the
// battle calculator. A nil *BattleLog records nothing.
type BattleLog struct{}

// Resolve plays one battle on s: every initiative segment from the highest
// down to 0, removing destroyed units and wounding HQs as the rules say.
func (r *Resolver) Resolve(s *State, d Decider, log *BattleLog) {
	// Implemented in the battle work; see docs/rules.md.
}
