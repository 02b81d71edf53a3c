package engine

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/hexforge/hexforge/rules"
)

// Keys let a player cache work that depends only on the position: the
// search players meet the same positions again and again across their
// sampled worlds (the rest of their own turn is the same in every world,
// and the opponent's tokens come from one pool), and a score or choice
// worked out once can be looked up instead of played out again.

// bytesOf views a fixed-size value of single-byte-aligned fields (no
// pointers, no padding) as bytes, to hash it in one write.
func bytesOf[T any](v *T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(v)), unsafe.Sizeof(*v))
}

// StateKey hashes the board of s: every hex's unit and foundation (owner,
// type, facing, wounds, marks) and where the HQs stand. Two states with
// the same key (barring a 64-bit collision) resolve the same battles.
//
// It is a cache key only (the search players' board memo), never an order,
// so it is free to be fast: it hashes the hexes of the board only (those
// past Board.Size are never used), and in four lanes (hashLanes), since
// the greedy evaluation asks it of every board it tries.
func (s *State) StateKey() uint64 {
	cells := bytesOf(&s.Cells)
	if s.Board != nil {
		cells = cells[:s.Board.Size*int(unsafe.Sizeof(Cell{}))]
	}
	h := hashLanes(keySeed, cells)
	if s.St.N != 0 { // only then, so that the keys of the other games stay as they were
		h = hashBytes(h, bytesOf(&s.St))
	}
	if s.N > 2 {
		h = hashWord(h, uint64(uint8(s.HQ[2]))|uint64(uint8(s.HQ[3]))<<8|uint64(s.Mode)<<16)
		h = hashBytes(h, s.Score[:])
	}
	return finish(hashWord(h, uint64(uint8(s.HQ[0]))|uint64(uint8(s.HQ[1]))<<8))
}

// PositionKey hashes everything that what an action of the player to move
// does to the board and to the result of the game depends on, besides the
// action itself: the board, the turn and its flags, what each unit has
// already done this turn, a pending program, the energy of a Duel board,
// the counts of every pile and
// the discard piles (the targets of recover steps, so only when some token
// has one: otherwise every discard would make a new position). It leaves out the
// order of the decks and the content of the hands: no action's effect on
// the board depends on them (a hand action's effect depends on the token
// type it plays, which a caller adds to its own key). With withHand, the
// hand of the player to move, in slot order, is hashed too: the legal
// actions, in their order, are then a function of the key.
func (g *Game) PositionKey(withHand bool) uint64 {
	h := g.positionHash()
	if withHand {
		h = g.handHash(h)
	}
	return finish(h)
}

// PositionKeys is PositionKey(false) and PositionKey(true) from one pass
// over the position: the search players' greedy policy looks its choice
// up by the second and, when it is not cached, scores the actions under
// the first.
func (g *Game) PositionKeys() (pos, withHand uint64) {
	h := g.positionHash()
	return finish(h), finish(g.handHash(h))
}

// handHash adds the hand of the player to move to a positionHash.
func (g *Game) handHash(h uint64) uint64 {
	h = hashWord(h, 0xA5) // a hand of no tokens differs from no hand
	return hashBytes(h, g.Hand[g.Player][:g.HandLen[g.Player]])
}

// positionHash is PositionKey's hash before the hand and the finish.
func (g *Game) positionHash() uint64 {
	h := hashBytes(keySeed, bytesOf(&g.S.Cells))
	if g.S.St.N != 0 {
		h = hashBytes(h, bytesOf(&g.S.St))
	}
	flags := [...]byte{
		byte(g.S.HQ[0]), byte(g.S.HQ[1]),
		g.DeckLen[0], g.DeckLen[1], g.HandLen[0], g.HandLen[1], g.AsideLen[0], g.AsideLen[1],
		g.Player, byte(g.Phase), byte(g.Result), byte(g.cfg.Start),
		b2u(g.LastDrawn), b2u(g.TieBreak), b2u(g.Forbid[0]), b2u(g.Forbid[1]), b2u(g.cfg.Reinforce), b2u(g.fresh),
		g.playedNow, g.usedNow, g.Energy[0], g.Energy[1],
		g.LeaderUsed[0], g.LeaderUsed[1], b2u(g.leaderTurn[0] == g.Turn), b2u(g.leaderTurn[1] == g.Turn), b2u(g.leadWin),
	}
	h = hashBytes(h, flags[:])
	h = hashWord(h, uint64(g.Turn))
	h = hashWord(h, uint64(g.FinalAfter))
	h = hashWord(h, uint64(g.Battles))
	if g.cfg.Structures { // only then, so that the keys of the other games stay as they were
		h = hashWord(h, 1<<8|uint64(g.StructPlaced))
	}
	// A two-player game hashes the first two players' rows only, the bytes
	// it hashed before the engine held more players.
	rows := g.S.Players()
	if g.recovers {
		h = hashBytes(h, bytesOf(&g.Discarded)[:rows*MaxArmyTokens])
	}
	h = hashBytes(h, bytesOf(&g.Aside)[:rows*MaxAside])
	if g.S.N > 2 {
		more := [...]byte{
			byte(g.S.HQ[2]), byte(g.S.HQ[3]), g.DeckLen[2], g.DeckLen[3], g.HandLen[2], g.HandLen[3],
			g.AsideLen[2], g.AsideLen[3], b2u(g.Forbid[2]), b2u(g.Forbid[3]), g.Out, g.orderAt,
			g.S.Score[0], g.S.Score[1], g.S.Score[2], g.S.Score[3], byte(g.S.Mode),
			g.LeaderUsed[2], g.LeaderUsed[3], b2u(g.leaderTurn[2] == g.Turn), b2u(g.leaderTurn[3] == g.Turn),
		}
		h = hashBytes(h, more[:])
	}
	h = hashBytes(h, bytesOf(&g.used))
	h = hashBytes(h, bytesOf(&g.grantUsed))
	h = hashBytes(h, bytesOf(&g.pend))
	return hashBytes(h, bytesOf(&g.destroyer))
}

// The hash is a fixed function (no per-process seed, unlike hash/maphash),
// so a cache keyed by it behaves the same in every run: a run's results
// never depend on the process. It mixes eight bytes at a time, as xxHash's
// rounds do, and finishes with SplitMix64's mixer.
const (
	keySeed   = 0x2545F4914F6CDD1D
	keyPrime1 = 0x9E3779B185EBCA87
	keyPrime2 = 0xC2B2AE3D27D4EB4F
)

func hashWord(h, w uint64) uint64 {
	return bits.RotateLeft64(h^(w*keyPrime2), 31) * keyPrime1
}

func hashBytes(h uint64, b []byte) uint64 {
	for len(b) >= 8 {
		h = hashWord(h, binary.LittleEndian.Uint64(b))
		b = b[8:]
	}
	var tail uint64
	for i, c := range b {
		tail |= uint64(c) << (8 * i)
	}
	return hashWord(h, tail|uint64(len(b))<<59)
}

// hashLanes hashes b as hashBytes does, but 32 bytes at a time in four
// independent lanes joined at the end: each round waits for the multiply
// of the one before it, so four chains run about four times as fast as
// one. Its values differ from hashBytes's: it serves keys that only index
// a cache (StateKey), not PositionKey, whose values order ties (the
// search players' tie ranks) and so must stay what they are.
func hashLanes(h uint64, b []byte) uint64 {
	h0, h1, h2, h3 := h, h^keyPrime1, h^keyPrime2, h+keyPrime1
	for len(b) >= 32 {
		h0 = hashWord(h0, binary.LittleEndian.Uint64(b))
		h1 = hashWord(h1, binary.LittleEndian.Uint64(b[8:]))
		h2 = hashWord(h2, binary.LittleEndian.Uint64(b[16:]))
		h3 = hashWord(h3, binary.LittleEndian.Uint64(b[24:]))
		b = b[32:]
	}
	return hashBytes(hashWord(hashWord(hashWord(h0, h1), h2), h3), b)
}

func finish(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 27
	h *= 0x94D049BB133111EB
	return h ^ h>>31
}

// MixKey combines a key with a small value (an action, a player) into a
// new key.
func MixKey(k, v uint64) uint64 { return finish(hashWord(k, v)) }

func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// recovers reports whether token t has a recover step: then what lies in
// the discard piles changes what actions do.
func recovers(t *rules.Token) bool {
	for i := range t.Triggers {
		for _, a := range t.Triggers[i].Actions {
			if a.Op == rules.ActRecover {
				return true
			}
		}
	}
	return false
}
