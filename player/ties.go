package player

import "github.com/hexforge/hexforge/engine"

// Ties among actions a player's evaluation scores the same.
//
// The search players used to keep the engine's order among equal scores,
// and the engine lists placements hex by hex from the board's first hex.
// Before any battle is in reach every placement scores the same, so every
// search player put its HQ on a1 and the second player its HQ on a2 beside
// it, and early tokens went to the same corner: every verdict of the
// default player was the verdict of one opening the rulebook allows but no
// player chooses by rule ("Gracz rozpoczynający wystawia swój Sztab na
// dowolnym pustym polu planszy", Neuroshima Hex 3.0 rulebook; docs/rules.md,
// "Set-up"). In Vegas–Borgo that opening alone moved Vegas's win
// rate under the strongest player by 20 points (docs/players.md, "Ties").
//
// A player that cannot tell two actions apart picks either: the greedy
// player draws among ties from its seed. The search players order ties by
// a hash of the position, the action and a salt drawn from the player's
// seed: as unbiased as a draw, but a pure function of its inputs, so the
// caches of memo.go keep their choices. The policy inside rollouts works a
// rank out only when two scores meet; a decision's shortlist and an mcts
// expansion rank every candidate (a hash beside each candidate's battle).

// tieRank is the rank of action a (its actionKey) among equal scores in the
// position pos (a PositionKey) for a player with salt: lower goes first.
func tieRank(salt, pos, key uint64) uint64 { return engine.MixKey(engine.MixKey(pos, key), salt) }

// tieSalt is the salt of a player made with seed.
func tieSalt(seed uint64) uint64 { return engine.MixKey(seed, 0x7469657301) }
