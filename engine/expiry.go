// expiry.go takes the foundations that expire (rules.Expiry, docs/dsl.md
// "Foundations that expire") off the board: at the end of the Nth turn of
// their owner after the one they were placed in (until turns N), or when
// the next battle is over (until battle_end). A foundation counts its
// turns in its own piece's Marks, which a foundation has no other use for
// (nobody takes one over or nets it). Without such a foundation in either
// army (anyExpire false) nothing here runs.

package engine

import "github.com/hexforge/hexforge/rules"

const (
	groundFresh    Marks = 1 << 2 // placed in its owner's turn that is running
	groundAgeShift       = 6      // its owner's turns over since (two bits)
	groundAge      Marks = 3 << groundAgeShift
)

// expiryOf is the end of foundation f, nil when it has none.
func (g *Game) expiryOf(f Piece) *rules.Expiry {
	ex := g.S.Armies[f.Owner&(MaxPlayers-1)].Expiries
	for i := range ex {
		if ex[i].Token == int(f.Token) {
			return &ex[i]
		}
	}
	return nil
}

// placedGround starts the count of the foundation just placed on h.
func (g *Game) placedGround(h Hex) {
	if f := &g.S.Cells[h].Ground; !f.Empty() && g.expiryOf(*f) != nil {
		f.Marks = f.Marks&^groundAge | groundFresh
	}
}

// expireTurn ends the turn of player p for p's foundations that last
// some turns: the turn they were placed in does not count; at the end of
// the Turns-th after it they go.
func (g *Game) expireTurn(p uint8) {
	s := &g.S
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		f := &s.Cells[h].Ground
		if f.Empty() || f.Owner != p {
			continue
		}
		ex := g.expiryOf(*f)
		if ex == nil || ex.Ends&rules.EndTurns == 0 {
			continue
		}
		if f.Marks&groundFresh != 0 {
			f.Marks &^= groundFresh
			continue
		}
		age := uint8(f.Marks&groundAge>>groundAgeShift) + 1
		if age >= ex.Turns {
			g.removeGround(h)
			continue
		}
		f.Marks = f.Marks&^groundAge | Marks(age)<<groundAgeShift
	}
}

// expireBattle takes off the foundations that last until a battle is
// over.
func (g *Game) expireBattle() {
	s := &g.S
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		if f := s.Cells[h].Ground; !f.Empty() {
			if ex := g.expiryOf(f); ex != nil && ex.Ends&rules.EndBattle != 0 {
				g.removeGround(h)
			}
		}
	}
}
