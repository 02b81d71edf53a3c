package engine

import (
	"fmt"

	"github.com/hexforge/hexforge/rules"
)

// The Leaders variant (Neuroshima Hex! 3.0, core rules, "Liderzy"): each
// player may have a leader card, an ability used at the moment the card
// names, rules.LeaderUses times a game and at most once in each of the
// player's turns. Its steps run as an instant's (the pending program, with
// pend.leader), so a leader is a legal action like any other.

// checkLeader refuses a card the engine cannot play for player i (0-based).
func (g *Game) checkLeader(l *rules.Leader, i int) error {
	if l == nil {
		return nil
	}
	if l.Timing == 0 || len(l.Steps.Actions) == 0 {
		return fmt.Errorf("leader %q of player %d has no ability", l.Name, i+1)
	}
	for j := range l.Steps.Actions {
		// In the opponent's turn the engine runs only redraw, which
		// needs no target (the moment is one decision, PhaseLeader),
		// and redraw only there: the compiler says the same.
		if (l.Timing == rules.OpponentDraw) != (l.Steps.Actions[j].Op == rules.ActRedraw) {
			return fmt.Errorf("leader %q of player %d: on %s runs redraw, and redraw is only for on %s", l.Name, i+1, rules.OpponentDraw, rules.OpponentDraw)
		}
		if l.Steps.Actions[j].Pick != 0 {
			return fmt.Errorf("leader %q of player %d names a token of an army", l.Name, i+1)
		}
		if l.Steps.Actions[j].Op == rules.ActRecover {
			g.recovers = true // the discard piles matter (PositionKey)
		}
	}
	return nil
}

// spendLeader counts one use of player p's leader in this turn. In the
// teams mode the card is the team's: the ally's count and turn follow, so
// that the two uses and the once a turn are the card's, whoever of the two
// uses it (and PositionKey, which hashes every player's, sees the team's).
func (g *Game) spendLeader(p uint8) {
	g.LeaderUsed[p]++
	g.leaderTurn[p] = g.Turn
	for q := range uint8(g.S.Players()) {
		if q != p && g.S.Allies(p, q) {
			g.LeaderUsed[q], g.leaderTurn[q] = g.LeaderUsed[p], g.leaderTurn[p]
		}
	}
}

// LeaderReady reports whether player p's leader could be used at some
// moment of this turn (theirs, or the opponent's for rules.OpponentDraw):
// it has uses left and was not used in it.
func (g *Game) LeaderReady(p uint8) bool {
	return g.Leader(p) != nil && g.LeaderUsed[p] < rules.LeaderUses && g.leaderTurn[p] != g.Turn
}

// leaderActions appends the uses of the leader of the player to move, in
// the play phase: one action per target of its first step, as an
// instant's.
func (g *Game) leaderActions(buf []Action, nets *[MaxHexes]bool) []Action {
	p := g.Player
	l := g.Leader(p)
	if !g.LeaderReady(p) || l.Timing == rules.OpponentDraw || (l.Timing == rules.AfterDiscard && !g.leadWin) {
		return buf
	}
	tmpl := Action{Kind: KLeader, Hex: NoHex, To: NoHex}
	acts := l.Steps.Actions
	n := len(buf)
	buf = g.targets(buf, tmpl, &acts[0], p, NoHex, nets)
	if len(buf) == n && !needsTarget(acts[0].Op) {
		return buf // a battle that may not be started now
	}
	if acts[0].Optional && len(acts) > 1 {
		buf = append(buf, tmpl) // decline the first step, go on with the next
	}
	return buf
}

// interrupt opens the moment of rules.OpponentDraw: the player to move has
// just drawn a full hand, and if the opponent's leader answers that moment
// and is ready, the opponent becomes the player to move (PhaseLeader) for
// one decision, KLeader or KSkip, before the turn goes on (resumeTurn).
// Player is thus who decides now, which is what the computer players and
// Apply go by; the turn is still the other player's.
func (g *Game) interrupt() {
	o := g.answerer()
	if l := g.Leader(o); o == g.Player || l == nil || l.Timing != rules.OpponentDraw || !g.LeaderReady(o) {
		return
	}
	g.Player = o
	g.Phase = PhaseLeader
}

// answerer is the player who decides at the moment of an opponent_draw
// leader in the turn of the player to move: the opponent, or, with more
// players (the teams mode, whose enemy team shares one card), the first
// enemy after them in the turn order, which in the A1-B1-A2-B2 order is
// the next seat.
func (g *Game) answerer() uint8 {
	return g.firstEnemy(g.Player)
}

// TurnPlayer is the player whose turn it is: the player to move, but at
// the moment of an opponent_draw leader (PhaseLeader), where the player to
// move is the leader's owner deciding in the other player's turn. A
// look-ahead that stops when its player's next turn comes asks this, not
// Player, or it would stop at that moment.
func (g *Game) TurnPlayer() uint8 {
	if g.Phase == PhaseLeader {
		return g.turnOwner()
	}
	return g.Player
}

// turnOwner is whose turn it is at the moment of an opponent_draw leader:
// the opponent of the player deciding, or, with more players, the player
// of the turn order's current position (kept in the key: orderAt).
func (g *Game) turnOwner() uint8 {
	return g.seat(int(g.orderAt))
}

// resumeTurn ends the moment of rules.OpponentDraw: the turn's player moves
// again, at the discard of their full hand.
func (g *Game) resumeTurn() {
	g.Player = g.turnOwner()
	g.Phase = PhasePlay
	if int(g.HandLen[g.Player]) == g.drawTarget() {
		g.Phase = PhaseDiscard
	}
}

// useLeader carries out KLeader: one use of the card, then its steps.
func (g *Game) useLeader(a Action, d Decider) {
	p := g.Player
	if g.Phase == PhaseLeader {
		// In the opponent's turn: "raz na turę gracza" counts the turns
		// of the game, whosever they are (docs/rules.md, "Leaders").
		g.spendLeader(p)
		g.pend = pending{active: true, owner: p, src: NoHex, leader: true}
		g.advance(d) // redraw steps only (checkLeader): no target, no battle
		g.resumeTurn()
		return
	}
	g.fresh = false
	g.spendLeader(p)
	acts := g.Leader(p).Steps.Actions
	g.pend = pending{active: true, owner: p, src: NoHex, leader: true}
	if a.Hex == NoHex && a.Token == 0 && needsTarget(acts[0].Op) {
		g.pend.step++ // declined optional first step
	} else if g.runStep(a, d) {
		return
	}
	g.advance(d)
}
