// draw.go draws tokens: how many a hand is filled to, drawing, the
// mulligan's all-instants check and the last token drawn.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

func (g *Game) allInstants(p uint8) bool {
	if g.HandLen[p] == 0 {
		return false
	}
	for i := uint8(0); i < g.HandLen[p]; i++ {
		if g.S.Armies[p].Tokens[g.Hand[p][i]].Kind != rules.Instant {
			return false
		}
	}
	return true
}

// drawTarget is how many tokens the player holds after drawing this turn.
func (g *Game) drawTarget() int {
	if g.Turn > 2 {
		return g.handCap()
	}
	if g.cfg.Start == StartAlternative {
		return HandSize // the first player draws three too (startrule.go)
	}
	return g.Turn // 1, then 2
}

// draw fills the hand of the player to move up to n tokens.
func (g *Game) draw(n int) {
	p := g.Player
	for int(g.HandLen[p]) < n {
		if g.DeckLen[p] == 0 {
			g.lastDrawn()
			break
		}
		g.DeckLen[p]--
		g.Hand[p][g.HandLen[p]] = g.Deck[p][g.DeckLen[p]]
		g.HandLen[p]++
		g.traceEv(TrDraw, p, g.Hand[p][g.HandLen[p]-1], NoHex, NoHex, 0, 0)
		if g.DeckLen[p] == 0 {
			g.lastDrawn()
		}
	}
	g.fresh = true
	g.Phase = PhasePlay
	if (g.Turn > 2 || g.cfg.Start == StartAlternative) && int(g.HandLen[p]) >= g.drawTarget() {
		g.Phase = PhaseDiscard
		if g.leaders {
			g.interrupt() // a full hand drawn: the opponent's leader may answer (leader.go)
		}
	}
}

// lastDrawn: the player to move has drawn their last token; the opponent
// plays one more turn, then comes the final battle.
func (g *Game) lastDrawn() {
	g.LastDrawn = true
	if g.FinalAfter == 0 {
		g.FinalAfter = g.Turn + g.turnsForOthers(g.TurnPlayer())
	}
}
