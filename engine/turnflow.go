// turnflow.go runs the turn flow: starting and ending turns, the end of the
// game, and battles with the turn they end.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// ---------------------------------------------------------------- turn flow

func (g *Game) startTurn(d Decider) {
	g.newTurnLimits()
	g.openTurn(d)
}

// openTurn is startTurn but for the allowances' uses of the turn, which
// StartFrom keeps: a position's are those of the turn it starts.
func (g *Game) openTurn(d Decider) {
	g.Turn++
	g.traceEv(TrTurn, g.Player, NoToken, NoHex, NoHex, 0, g.Turn)
	g.used = [MaxHexes]uint16{}
	g.grantUsed = [MaxHexes]uint64{}
	g.playedNow, g.usedNow = 0, 0
	g.pend = pending{}
	if g.S.St.N != 0 {
		g.statusTurnStart(g.Player, d) // a status's turn_start is its carrier's owner's (status.go)
		if g.checkHQ() {
			return
		}
	}
	// turn_start triggers work before the draw: the turn begins with drawing
	// (docs/rules.md, "Triggered events").
	g.turnStarting = true
	g.fireUnits(rules.TurnStart, factTurnStart, g.Player, d)
	g.turnStarting = false
	if g.checkHQ() {
		return
	}
	// A draw step of a turn_start trigger makes the hand this draw fills
	// hold that many more tokens (at most MaxHand): drawn before it, a
	// token would only take the place of one the draw brings anyway.
	n := min(MaxHand, g.drawTarget()+int(g.startDraw))
	g.startDraw = 0
	g.draw(n)
}

// endTurn ends the turn of the player to move: the final battle if this was
// the last turn, otherwise the next turn in the mode's order.
func (g *Game) endTurn(d Decider) {
	if g.Phase == PhaseOver {
		return
	}
	p := g.Player
	g.Forbid[p] = false
	if g.pend.active {
		g.finishProgram()
	}
	if g.S.St.N != 0 {
		g.statusTurnEnd(p)
	}
	if g.anyExpire {
		g.expireTurn(p)
	}
	if g.Turn == g.FinalAfter {
		g.battle(d)
		if g.checkHQ() || g.final() {
			return
		}
	}
	g.orderAt = g.nextSeat(g.orderAt)
	g.Player = g.seat(int(g.orderAt))
	g.startTurn(d)
}

// checkHQ ends the game when an HQ is gone; it reports whether it did.
func (g *Game) checkHQ() bool {
	if g.Phase == PhaseOver {
		return true
	}
	if g.Turn == 0 {
		return false // set-up: an HQ not placed yet has no points
	}
	return g.hqFell()
}

// battle resolves one battle and moves the destroyed tokens to their
// owners' discards. It reports whether anything changed on the board.
func (g *Game) battle(d Decider) bool {
	var before, after [MaxPlayers][MaxArmyTokens]uint8
	g.countBoard(&before)
	hq := g.hqs()
	g.Battles++
	ctl := g.controlled()
	var units [MaxHexes]Piece // before the battle, for its destroyed events
	if g.anyFx&factDestroyedSteps != 0 || g.watch != 0 {
		for h := range g.S.Board.Size {
			units[h] = g.S.Cells[h].Unit
		}
	}
	g.Res.TrackKills = g.anyFx&factKillCond != 0
	g.Res.decks = g.DeckLen // for standing effects' expressions (deck())
	g.Res.Resolve(&g.S, d, g.traceBattleStart())
	g.traceBattleEnd()
	// Kept apart: a Decider asked during the after-battle events may
	// resolve hypothetical battles with the same Resolver.
	g.destroyer = g.Res.Destroyer
	if g.S.St.N != 0 {
		g.statusBattleEnd()
	}
	for p := range 2 { // the Game counts the first two players (players 3 and 4: Figures)
		g.addBattleFigures(&g.Dealt[p], &g.Deeds[p], p)
	}
	if n := g.S.Players(); n > 2 && g.fig != nil && g.counting() {
		for p := 2; p < n; p++ {
			g.addBattleFigures(&g.fig.Dealt34[p-2], &g.fig.Deeds34[p-2], p)
		}
	}

	g.control(d, ctl) // units taken over during the battle may be turned now
	g.countBoard(&after)
	changed := hq != g.hqs()
	for p := range g.S.Players() {
		for t := range before[p] {
			for k := after[p][t]; k < before[p][t]; k++ {
				g.toPile(uint8(p), uint8(t))
				changed = true
			}
		}
	}
	if g.anyExpire {
		g.expireBattle() // after the count of what the battle destroyed: they go to the pile themselves
	}
	if g.anyFx&factDestroyedSteps != 0 {
		for h := range g.S.Board.Size {
			if u := units[h]; !u.Empty() && g.S.Cells[h].Unit.Empty() {
				g.queueDestroyed(u, Hex(h)) // units do not move in a battle
			}
		}
		g.flushDestroyed(d)
	}
	if g.watch != 0 {
		g.observeBattle(&units)
		g.flushDestroyed(d) // and the observers
	}
	// The game may end here (a score reached, an HQ fallen); else the
	// after_battle triggers of the players still in, the player whose turn
	// it was first, each while the game goes on (an HQ a trigger destroys
	// ends it, or takes its player out, before the next player's); then
	// scavengers move.
	if g.S.Mode.rules().scores {
		g.pointsWin()
	}
	if g.checkHQ() {
		return changed
	}
	if g.anyFx&factAfterBattle != 0 {
		order, n := g.inOrder()
		for i, q := range order[:n] {
			if i > 0 && g.checkHQ() {
				return changed
			}
			if g.Out&(1<<q) == 0 {
				g.fireUnits(rules.AfterBattle, factAfterBattle, q, d)
			}
		}
		if g.checkHQ() {
			return changed
		}
	}
	g.afterBattle(d)
	return changed
}

// hqs are every player's HQ points (scores in a points game).
func (g *Game) hqs() (hq [MaxPlayers]int) {
	for p := range g.S.Players() {
		hq[p] = g.S.HQPoints(uint8(p))
	}
	return hq
}

func (g *Game) countBoard(c *[MaxPlayers][MaxArmyTokens]uint8) {
	for h := 0; h < g.S.Board.Size; h++ {
		cell := &g.S.Cells[h]
		if !cell.Unit.Empty() {
			c[cell.Unit.Owner][cell.Unit.Token]++
		}
		if !cell.Ground.Empty() {
			c[cell.Ground.Owner][cell.Ground.Token]++
		}
	}
}

// battleEndsTurn starts a battle (a battle instant, or a full board: full):
// the turn ends; while the board stays full more battles follow, unless a
// battle changed nothing (it would repeat for ever). On a board whose
// stalemates are draws (Board.StalemateDraw) a battle of a full board that
// removes no unit ends the game in a draw.
func (g *Game) battleEndsTurn(d Decider, full bool) {
	for {
		units := -1
		if full && g.S.Board.StalemateDraw {
			units = g.S.units()
		}
		changed := g.battle(d)
		if g.checkHQ() {
			return
		}
		// Units only leave the board in a battle: as many as before means
		// none was removed.
		if units >= 0 && g.S.units() >= units {
			g.finish(g.active()) // a draw: every player still in shares
			return
		}
		if !g.S.InnerFull() || !changed {
			break
		}
		full = true // the board is still full: the next battle is a full board's too
	}
	g.endTurn(d)
}
