package sim

import (
	"math"
	"math/bits"
	"sync"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// The per-token figures of a multiplayer run (MultiReport.Tokens): the
// two-player report's TokenStat, by army, summed over every seat the army
// played. A run keeps every game's 48-byte record, and a token row per
// seat would add kilobytes a game, so each game's figures are folded in as
// its rotation completes, never kept. Every figure is an integer sum, so
// the fold does not depend on the order games finish in (--workers), and
// the score when played is counted in twelfths (a shared win's 1/k for k
// of 1 to 4 is a whole number of them), so the shards of a run add up to
// the whole run's figures exactly (MergeMultiTokens).

// seatTokens is one seat's per-token figures in one game.
type seatTokens struct {
	played, survived              [engine.MaxArmyTokens]uint8
	dealt                         [engine.MaxArmyTokens]uint16
	deeds                         [engine.MaxArmyTokens]engine.Deeds
	moves, rotations, statusTurns [engine.MaxArmyTokens]uint16
}

// gameTokens is one game's per-token figures, by seat, and its outcome.
type gameTokens struct {
	seats [engine.MaxPlayers]seatTokens
}

// countPlayed counts the tokens action a of seat puts into play (a
// placement, an instant, a token set aside at the set-up, both parts of a
// Structure) in played, before a is applied.
func countPlayed(g *engine.Game, seat uint8, a engine.Action, played *[engine.MaxArmyTokens]uint8) {
	inc := func(t uint8) {
		if c := &played[t]; *c < 255 {
			*c++
		}
	}
	switch a.Kind {
	case engine.KPlace, engine.KInstant:
		inc(g.Hand[seat][a.Slot])
	case engine.KPlaceAside: // set aside at set-up and placed beside the HQ
		inc(g.Aside[seat][0])
	case engine.KStructure: // both parts reach the board
		for _, t := range g.S.Armies[seat].Structures[a.Slot].Parts {
			inc(uint8(t))
		}
	}
}

// finish reads the figures of the game g has ended (fig attached to it)
// into gt, whose played counts were made as it was played.
func (gt *gameTokens) finish(g *engine.Game, fig *engine.Figures) {
	n := g.S.Players()
	for s := range n {
		st := &gt.seats[s]
		st.dealt, st.deeds = g.TokenDealt(uint8(s)), g.TokenDeeds(uint8(s))
		st.moves, st.rotations, st.statusTurns = fig.Moves[s], fig.Rotations[s], fig.StatusTurns[s]
		st.survived = [engine.MaxArmyTokens]uint8{}
	}
	for h := 0; h < g.S.Board.Size; h++ {
		if u := g.S.Cells[h].Unit; !u.Empty() && g.S.Tok(u).Kind != rules.HQ {
			if c := &gt.seats[u.Owner].survived[u.Token]; *c < 255 {
				*c++
			}
		}
	}
}

// newTokenStats is a run's empty token table: a row per token of each
// army.
func newTokenStats(armies []*rules.Army) [][]TokenStat {
	out := make([][]TokenStat, len(armies))
	for a, army := range armies {
		for _, t := range army.Tokens {
			out[a] = append(out[a], TokenStat{Name: t.Name, Kind: t.Kind.String(), Copies: t.Count})
		}
	}
	return out
}

// add folds game gt, its seating and its winners (capped: no score), into
// the table of the armies.
func addGameTokens(tab [][]TokenStat, gt *gameTokens, seating []int, rec *MultiRecord) {
	k := bits.OnesCount8(rec.Winners)
	for s, a := range seating {
		twelfths := 0
		if !rec.Capped && rec.Winners&(1<<s) != 0 {
			twelfths = 12 / k
		}
		st := &gt.seats[s]
		for ti := range tab[a] {
			t := &tab[a][ti]
			t.Games++
			if n := int(st.played[ti]); n > 0 {
				t.PlayedIn++
				t.Played += n
				t.when12 += twelfths
			}
			t.Survived += int(st.survived[ti])
			t.Dealt += int(st.dealt[ti])
			dd := &st.deeds[ti]
			t.StepWounds += int(dd[engine.DeedWounds])
			t.StepRemoved += int(dd[engine.DeedRemoved])
			t.Healed += int(dd[engine.DeedHealed])
			t.TokensMoved += int(dd[engine.DeedTokens])
			t.KeptAlive += int(dd[engine.DeedKept])
			t.Moves += int(st.moves[ti])
			t.Rotations += int(st.rotations[ti])
			t.StatusTurns += int(st.statusTurns[ti])
			t.ScoreWhen = float64(t.when12) / 12
		}
	}
}

// tokenFold folds the games of a RunGames call into a token table as
// their rotations complete, in rotation order: what it holds at the end
// is exactly the whole rotations RunGames keeps (a prefix, when the run
// was cancelled), whatever order the games finished in.
type tokenFold struct {
	mu      sync.Mutex
	m       *MultiMatch
	per     int
	next    int // the next rotation to fold
	pending map[int]*pendingRotation
	tab     [][]TokenStat
}

// pendingRotation is a rotation being played: its games' figures so far.
type pendingRotation struct {
	done int
	tab  [][]TokenStat
}

func newTokenFold(m *MultiMatch, lo int) *tokenFold {
	per := len(m.Seatings())
	return &tokenFold{m: m, per: per, next: lo / per, pending: map[int]*pendingRotation{}, tab: newTokenStats(m.Armies)}
}

// add folds in game k, just played (rec, gt).
func (f *tokenFold) add(k int, rec *MultiRecord, gt *gameTokens) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := k / f.per
	p := f.pending[r]
	if p == nil {
		p = &pendingRotation{tab: newTokenStats(f.m.Armies)}
		f.pending[r] = p
	}
	addGameTokens(p.tab, gt, f.m.Seatings()[rec.Seating], rec)
	p.done++
	for {
		p := f.pending[f.next]
		if p == nil || p.done < f.per {
			return
		}
		MergeMultiTokens(f.tab, p.tab)
		delete(f.pending, f.next)
		f.next++
	}
}

// MergeMultiTokens adds the token table src (another shard's, or a
// rotation's) to dst, army by army and token by token, exactly: the
// scores when played are summed in twelfths.
func MergeMultiTokens(dst, src [][]TokenStat) {
	for a := range min(len(dst), len(src)) {
		for i := range min(len(dst[a]), len(src[a])) {
			d, s := &dst[a][i], &src[a][i]
			d.when12 = d.twelfths() + s.twelfths()
			d.Games += s.Games
			d.PlayedIn += s.PlayedIn
			d.Played += s.Played
			d.Survived += s.Survived
			d.Dealt += s.Dealt
			d.StepWounds += s.StepWounds
			d.StepRemoved += s.StepRemoved
			d.Healed += s.Healed
			d.TokensMoved += s.TokensMoved
			d.KeptAlive += s.KeptAlive
			d.Moves += s.Moves
			d.Rotations += s.Rotations
			d.StatusTurns += s.StatusTurns
			d.ScoreWhen = float64(d.when12) / 12
		}
	}
}

// twelfths is the score when played in twelfths: counted so, or read back
// from a report's JSON (a whole number of twelfths, stored divided by 12).
func (t *TokenStat) twelfths() int {
	if t.when12 != 0 || t.ScoreWhen == 0 {
		return t.when12
	}
	return int(math.Round(t.ScoreWhen * 12))
}
