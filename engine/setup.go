package engine

import (
	"fmt"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/rules"
)

// Piles are what a position file says about the tokens off the board, for a
// game started from it (PrepareFrom, StartFrom). Tokens it places nowhere (not on the
// board, in a hand, on top of the deck or in the discard pile) are shuffled
// into the deck below the listed ones, from the game's seed.
type Piles struct {
	Hand    [MaxPlayers][]uint8 // token types in each hand
	Deck    [MaxPlayers][]uint8 // the top of each deck, top first
	Discard [MaxPlayers][]uint8 // each discard pile
	ToMove  uint8               // the player whose turn starts
	Turn    int                 // the number of the turn that starts (1 and 2 draw 1 and 2 tokens; from 3 on, 3)
	Energy  [2]uint8            // each player's energy (a board with an energy track: two players only)
	// The Leaders variant: each player's leader card (nil for none), set
	// from the position's leader lines by LoadLeaders, and how many times
	// it has been used already (0: both uses left). In the teams mode
	// allies share one card: both hold the same one, and the same count.
	Leader     [MaxPlayers]*rules.Leader
	LeaderUsed [MaxPlayers]uint8
	LeaderRef  [MaxPlayers]LeaderRef // the leader lines, for LoadLeaders
	// SharedWith is, for an ally whose card is its partner's, the partner
	// plus one (0: a card of its own), so LoadLeaders gives both one card
	// (engine.Config.Leaders wants the allies' cards to be the same).
	SharedWith [MaxPlayers]uint8
	// LimitTurn and LimitGame are each player's uses of each of its
	// army's allowances (rules.Army.Limits, by index) in the turn that
	// starts and in the game, from the position's used lines
	// (docs/positions.md); zero: unused.
	LimitTurn, LimitGame [MaxPlayers][rules.MaxLimits]uint8
	// Structures plays the game from the position in the Structures
	// variant: set by position.Parse when the board holds a Structure (its
	// owner has placed theirs), or by the caller (play --from --structures).
	Structures bool
}

// LeaderRef is a position's leader line: the card it names and where.
type LeaderRef struct {
	Name string
	At   diag.Pos
	Line int
}

// LoadLeaders resolves the position's leader lines with load (the engine
// reads no files: package armies' LoadLeader, say). A card that cannot be
// loaded is a diagnostic at its name in the line; the error is a
// diag.List. PrepareFrom refuses piles whose leader lines were not loaded,
// so a leader line is never silently dropped.
func (p *Piles) LoadLeaders(load func(ref string) (*rules.Leader, error)) error {
	var errs diag.List
	for i, r := range p.LeaderRef {
		if r.Name == "" || p.SharedWith[i] != 0 {
			continue
		}
		l, err := load(r.Name)
		if err != nil {
			errs.Errorf(r.At, "leader %q: %s", diag.Clip(r.Name), diag.FirstLine(err.Error()))
			continue
		}
		p.Leader[i] = l
	}
	for i, w := range p.SharedWith {
		if w != 0 {
			p.Leader[i] = p.Leader[w-1] // one card for both allies
		}
	}
	if errs.HasErrors() {
		return errs
	}
	return nil
}

// PrepareFrom is the first half of starting a game at a position: the
// board of s, the hands, decks and discard piles of piles (the tokens they
// do not place shuffled into the deck below the listed ones, from seed),
// the turn of piles.ToMove not yet started (StartFrom starts it, with its
// turn-start triggers and its draw). A trace attaches its tracer in between, so that it holds
// the turn's first events (play --from --trace).
func PrepareFrom(s *State, piles *Piles, seed uint64) (*Game, error) {
	for i, r := range piles.LeaderRef {
		if r.Name != "" && piles.Leader[i] == nil {
			return nil, fmt.Errorf("%s: the leader %q of player %d is not loaded (Piles.LoadLeaders)", r.At, r.Name, i+1)
		}
	}
	g, err := newGameAt(s, piles, seed)
	if err != nil {
		return nil, err
	}
	g.S.Cells, g.S.HQ = s.Cells, s.HQ
	n := s.Players()
	for p := range n {
		a := s.Armies[p]
		left := make([]int, len(a.Tokens))
		for ti := range a.Tokens {
			if ti != a.HQ && a.Tokens[ti].Kind != rules.HQ {
				left[ti] = a.Tokens[ti].Count
			}
		}
		for h := 0; h < s.Board.Size; h++ {
			for _, pc := range [2]Piece{s.Cells[h].Unit, s.Cells[h].Ground} {
				if !pc.Empty() && int(pc.Owner) == p && pc.Token != uint8(a.HQ) {
					left[pc.Token]--
				}
			}
		}
		g.HandLen[p], g.AsideLen[p] = 0, 0
		for _, t := range piles.Hand[p] {
			g.Hand[p][g.HandLen[p]] = t
			g.HandLen[p]++
			left[t]--
		}
		g.Discarded[p] = [MaxArmyTokens]uint8{}
		for _, t := range piles.Discard[p] {
			g.Discarded[p][t]++
			left[t]--
		}
		for _, t := range piles.Deck[p] {
			left[t]--
		}
		// The deck's top is at DeckLen-1: the unlisted tokens, shuffled,
		// at the bottom, then the listed ones, the first on top.
		g.DeckLen[p] = 0
		for t, n := range left {
			for range max(0, n) {
				g.Deck[p][g.DeckLen[p]] = uint8(t)
				g.DeckLen[p]++
			}
		}
		for i := int(g.DeckLen[p]) - 1; i > 0; i-- {
			j := g.intn(i + 1)
			g.Deck[p][i], g.Deck[p][j] = g.Deck[p][j], g.Deck[p][i]
		}
		for i := len(piles.Deck[p]) - 1; i >= 0; i-- {
			g.Deck[p][g.DeckLen[p]] = piles.Deck[p][i]
			g.DeckLen[p]++
		}
	}
	g.Energy = [MaxPlayers]uint8{piles.Energy[0], piles.Energy[1]}
	if piles.Structures {
		for h := range Hex(s.Board.Size) {
			if MateOn(&g.S, h) != NoHex {
				g.StructPlaced |= 1 << s.Cells[h].Unit.Owner // once a game: theirs is on the board
			}
		}
	}
	if g.anyLimit {
		for p := range n {
			for i := range g.limUsed[p] {
				g.limUsed[p][i] = min(piles.LimitGame[p][i], 0xf)<<4 | min(piles.LimitTurn[p][i], 0xf)
			}
		}
	}
	if g.leaders {
		for i, k := range piles.LeaderUsed[:n] {
			g.LeaderUsed[i] = min(k, rules.LeaderUses)
		}
	}
	if err := g.startAt(piles); err != nil {
		return nil, err
	}
	g.Turn = piles.Turn - 1 // startTurn counts the turn that starts
	g.FinalAfter = 0
	g.Phase = PhasePlay
	return g, nil
}

// StartFrom starts the turn of a game PrepareFrom set up: its turn-start
// triggers and its draw, d answering their rule questions. The
// allowances' uses the position gives for this turn (Piles.LimitTurn)
// stay: a position written mid-turn was written in this turn, and a
// limited ability used before it is not offered again.
func (g *Game) StartFrom(d Decider) { g.openTurn(d) }
