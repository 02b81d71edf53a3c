package player

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/hexforge/hexforge/engine"
)

// memo is a fixed-size, direct-mapped cache from 64-bit position keys
// (engine.Game.PositionKey) to values. What it caches are pure functions of
// the key within one game (the score of an action in a position, the
// greedy choice in a position), so a hit returns exactly what the work
// would have returned and the cache never changes a decision: a run is
// bit-identical with or without it, whatever was evicted. Only two
// different positions with the same 64-bit key could fool it; with the
// few million lookups of a game that is about a chance in 10^6 per
// million games.
//
// A key means a position only within one game (a token is named by its
// index in its owner's army, and the armies change seats between games),
// so every game salts its keys afresh: what an earlier game left in the
// slots never matches, and the memory is reused without clearing it.
type memo[V any] struct {
	keys []uint64
	vals []V
	mask uint64
	salt uint64
}

func newMemo[V any](bits int) memo[V] {
	n := 1 << bits
	return memo[V]{keys: make([]uint64, n), vals: make([]V, n), mask: uint64(n - 1)}
}

// get returns the value stored for key k.
func (m *memo[V]) get(k uint64) (V, bool) {
	k = k ^ m.salt | 1 // 0 marks an empty slot
	i := k & m.mask
	if m.keys[i] == k {
		return m.vals[i], true
	}
	var zero V
	return zero, false
}

// put stores v for key k, evicting what was in its slot.
func (m *memo[V]) put(k uint64, v V) {
	k = k ^ m.salt | 1
	i := k & m.mask
	m.keys[i], m.vals[i] = k, v
}

// memos are the caches of one search player (search.go).
type memos struct {
	scores  memo[float64] // the score of an action in a position
	boards  memo[float64] // the evaluation of a board
	choices memo[int32]   // the greedy choice in a position with a hand
	// more are the worth of players 3 and 4's token types (unitValues'
	// rows for them), here so that a game of more players allocates none.
	more [engine.MaxPlayers - 2][engine.MaxArmyTokens]float64
}

// Memo sizes (log2 of the slots): 2^12 scores, boards and choices, about
// 180 KB a player. With 2^16 (2 MB a player) race:8 spent about a sixth more
// CPU a game: a lookup in a table that fits no core's cache waits for
// memory, and the hits that count are of positions met a few rollouts
// before (the rest of the own turn in every world). wide costs the same
// with either, and no decision changes: a memo caches pure functions
// (docs/performance.md, "Smaller search caches").
const (
	scoreMemoBits  = 12
	choiceMemoBits = 12
)

var (
	memoPool = sync.Pool{New: func() any {
		return &memos{
			scores:  newMemo[float64](scoreMemoBits),
			boards:  newMemo[float64](scoreMemoBits),
			choices: newMemo[int32](choiceMemoBits),
		}
	}}
	memoGames atomic.Uint64
)

// getMemos returns caches for one game: reused memory, a fresh salt.
func getMemos() *memos {
	m := memoPool.Get().(*memos)
	m.forget()
	return m
}

// forget empties the caches, by a fresh salt.
func (m *memos) forget() {
	salt := engine.MixKey(memoGames.Add(1), 0x6d656d6f)
	m.scores.salt, m.boards.salt, m.choices.salt = salt, salt, salt
}

// releaser is a player holding memory to give back when its game is over.
type releaser interface{ release() }

// Release gives back the memory p holds for its game (the search players'
// caches, for the next game to reuse); the game is over.
func Release(p Player) {
	if r, ok := p.(releaser); ok {
		r.release()
	}
}

// actionKey packs an action for a key: the hand slot of a hand action is
// replaced by the token type in it (mctsKey), since what the action does to
// the board depends on the token, not on where it sits in the hand.
func actionKey(g *engine.Game, a engine.Action) uint64 {
	a = mctsKey(g, a)
	return uint64(a.Kind) | uint64(a.Slot)<<8 | uint64(uint8(a.Hex))<<16 | uint64(uint8(a.To))<<24 |
		uint64(a.Facing)<<32 | uint64(a.Token)<<40 | 1<<63
}

// failed marks an action whose application failed: it is skipped.
var failed = math.Inf(-1)

// b2u is 1 for true, for packing flags into a key.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
