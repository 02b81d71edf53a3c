package engine

import "math/bits"

// The turn flow of a game of more than two players (docs/rules.md, "Three
// and four players"). The two-player game never comes here: every entry
// point tests S.N > 2 first, so its paths and numbers are those of before.

// oneVsTeamOrder is the turn order of one player against a team: "pierwszy
// gracz, drugi gracz, znów pierwszy gracz i dopiero trzeci gracz".
var oneVsTeamOrder = [...]uint8{0, 1, 0, 2}

// seat is the player at position i of the turn order's cycle.
func (g *Game) seat(i int) uint8 {
	if g.S.Mode == ModeOneVsTeam {
		return oneVsTeamOrder[i%len(oneVsTeamOrder)]
	}
	return uint8(i % g.S.Players())
}

// cycle is the length of the turn order's cycle.
func (g *Game) cycle() int {
	if g.S.Mode == ModeOneVsTeam {
		return len(oneVsTeamOrder)
	}
	return g.S.Players()
}

// active is a bit per player still taking turns.
func (g *Game) active() uint8 {
	all := uint8(1)<<g.S.Players() - 1
	return all &^ g.Out
}

// nextSeat is the position in the order of the next turn after position
// at, skipping the players out of the game.
func (g *Game) nextSeat(at uint8) uint8 {
	n := g.cycle()
	for i := 1; i <= n; i++ {
		k := (int(at) + i) % n
		if g.Out&(1<<g.seat(k)) == 0 {
			return uint8(k)
		}
	}
	return at
}

// turnsForOthers is how many turns follow the current one until every
// other player still in has played one: "Gdy którykolwiek z graczy
// dobierze swój ostatni żeton, pozostali gracze rozgrywają jeszcze po
// jednej turze i dopiero wtedy rozgrywana jest Finałowa Bitwa."
func (g *Game) turnsForOthers() int {
	need := g.active() &^ (1 << g.Player)
	at, turns := g.orderAt, 0
	for need != 0 && turns < 2*g.cycle() {
		at = g.nextSeat(at)
		turns++
		need &^= 1 << g.seat(int(at))
	}
	return turns
}

// asideOrNextN hands the set-up to the next player, or starts the first
// turn once every HQ stands.
func (g *Game) asideOrNextN(d Decider) {
	if int(g.Player)+1 < g.S.Players() {
		g.Player++
		g.Phase = PhaseHQ
		return
	}
	g.Player, g.orderAt = 0, 0
	g.startTurn(d)
}

// placedHQ sets a new HQ's track: one against a team starts the team's
// HQs lower than printed (its wounds are what the track lacks).
func (g *Game) placedHQ(p uint8) {
	if start := g.S.hqStart[p]; start != 0 {
		h := g.S.HQ[p]
		u := &g.S.Cells[h].Unit
		u.Wounds = uint8(max(0, int(g.S.Tok(*u).Toughness)-int(start)))
	}
}

// endTurnN is endTurn with more than two players.
func (g *Game) endTurnN(d Decider) {
	if g.Turn == g.FinalAfter {
		g.battle(d)
		if g.checkHQ() {
			return
		}
		if g.finalN() {
			return
		}
	}
	g.orderAt = g.nextSeat(g.orderAt)
	g.Player = g.seat(int(g.orderAt))
	g.startTurn(d)
}

// hqLeft reports whether player p's HQ stands.
func (g *Game) hqLeft(p uint8) bool { return g.S.HQ[p] != NoHex }

// checkHQN is checkHQ with more than two players: a destroyed HQ ends the
// game of teams, and takes its player out of a game every man for himself.
func (g *Game) checkHQN() bool {
	if g.S.Mode == ModePoints {
		return false // HQs have no toughness to lose; scores end the game (pointsWin)
	}
	var gone uint8
	for p := range uint8(g.S.Players()) {
		if g.Out&(1<<p) == 0 && !g.hqLeft(p) {
			gone |= 1 << p
		}
	}
	if gone == 0 {
		return false
	}
	if g.S.Mode == ModeTeams || g.S.Mode == ModeOneVsTeam {
		return g.teamHQGone(gone)
	}
	left := g.active() &^ gone
	switch {
	case left == 0:
		// The last players' HQs fell together: they share.
		g.finishN(gone)
		return true
	case bits.OnesCount8(left) == 1:
		g.finishN(left)
		return true
	}
	// "Jeżeli Sztab gracza zostanie zniszczony po zakończeniu Bitwy
	// wszystkie żetony tego gracza są odrzucane z planszy, a rozgrywka jest
	// kontynuowana bez tego gracza."
	for p := range uint8(g.S.Players()) {
		if gone&(1<<p) != 0 {
			g.eliminate(p)
		}
	}
	return false
}

// eliminate takes player p out: every token of theirs leaves the board
// for their discard, and they play no more turns.
func (g *Game) eliminate(p uint8) {
	g.Out |= 1 << p
	s := &g.S
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		c := &s.Cells[h]
		if u := c.Unit; !u.Empty() && u.Owner == p {
			g.tracePiece(TrRemove, h, 0, false)
			g.toPile(p, u.Token)
			s.Remove(h)
			g.used[h], g.grantUsed[h] = 0, 0
		}
		if f := c.Ground; !f.Empty() && f.Owner == p {
			g.removeGround(h)
		}
	}
	// Units p had taken over go back to their owners at once.
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		if u := &s.Cells[h].Unit; !u.Empty() && u.Marks&Controlled != 0 && u.Controller() == p {
			u.release()
		}
	}
}

// teamHQGone ends a game of teams in which the HQs gone fell: "Wygrywa ta
// drużyna, która jako pierwsza zniszczy którykolwiek ze Sztabów
// przeciwnika."
func (g *Game) teamHQGone(gone uint8) bool {
	var teamsHit uint8 // a bit per team that lost an HQ
	for p := range uint8(g.S.Players()) {
		if gone&(1<<p) != 0 {
			teamsHit |= 1 << g.S.Team(p)
		}
	}
	if teamsHit == 3 {
		if g.S.Mode == ModeOneVsTeam {
			// "Jeśli w jednej Bitwie zostaną zniszczone dwa wrogie sobie
			// Sztaby, zwycięża drużyna."
			g.finishN(g.teamMembers(1))
			return true
		}
		// "Jeżeli dwa wrogie sobie Sztaby zostaną zniszczone w jednej
		// Bitwie, wtedy o zwycięstwie decyduje Wytrzymałość pozostałych
		// Sztabów."
		a, b := g.teamSum(0), g.teamSum(1)
		switch {
		case a > b:
			g.finishN(g.teamMembers(0))
		case b > a:
			g.finishN(g.teamMembers(1))
		default:
			g.finishN(g.active())
		}
		return true
	}
	loser := uint8(bits.TrailingZeros8(teamsHit))
	g.finishN(g.teamMembers(loser ^ 1))
	return true
}

// teamMembers is a bit per player of team t.
func (g *Game) teamMembers(t uint8) uint8 {
	var m uint8
	for p := range uint8(g.S.Players()) {
		if g.S.Team(p) == t {
			m |= 1 << p
		}
	}
	return m
}

// teamSum is the HQ points left to team t.
func (g *Game) teamSum(t uint8) int {
	sum := 0
	for p := range uint8(g.S.Players()) {
		if g.S.Team(p) == t {
			sum += g.S.HQPoints(p)
		}
	}
	return sum
}

// finalN decides the game after the final battle, or starts the tie's
// extra turns; it reports whether the game ended.
func (g *Game) finalN() bool {
	if g.S.Mode == ModeTeams || g.S.Mode == ModeOneVsTeam {
		a, b := g.teamSum(0), g.teamSum(1)
		switch {
		case a > b:
			g.finishN(g.teamMembers(0))
		case b > a:
			g.finishN(g.teamMembers(1))
		case g.TieBreak:
			g.finishN(g.active())
		default:
			// The standard game's tie rule for the two sides: every
			// player plays one more turn, then a battle.
			g.TieBreak = true
			g.FinalAfter = g.Turn + bits.OnesCount8(g.active())
			return false
		}
		return true
	}
	best, tied := -1, uint8(0)
	for p := range uint8(g.S.Players()) {
		if g.Out&(1<<p) != 0 {
			continue
		}
		switch v := g.S.HQPoints(p); {
		case v > best:
			best, tied = v, 1<<p
		case v == best:
			tied |= 1 << p
		}
	}
	if bits.OnesCount8(tied) == 1 || g.TieBreak {
		g.finishN(tied)
		return true
	}
	// "ewentualny przegrany gracz odrzuca swój znacznik Sztabu z toru
	// Wytrzymałości, ale żetony jego armii pozostają na planszy. Następnie
	// każdy z remisujących graczy rozgrywa dodatkową turę, począwszy od
	// gracza, którego tura przypada po graczu, którego tura zakończyła grę."
	g.Out |= g.active() &^ tied
	g.TieBreak = true
	g.FinalAfter = g.Turn + bits.OnesCount8(tied)
	return false
}

// pointsWin ends a points game at the end of a battle in which someone
// reached PointsToWin: "Jeżeli w tej samej Bitwie więcej niż jeden gracz
// zdobędzie 20 punktów, ci gracze dzielą się zwycięstwem."
func (g *Game) pointsWin() {
	var won uint8
	for p := range uint8(g.S.Players()) {
		if g.S.Score[p] >= PointsToWin {
			won |= 1 << p
		}
	}
	if won != 0 {
		g.finishN(won)
	}
}

// finishN ends a game of more than two players: won has a bit per winner
// (several share the win).
func (g *Game) finishN(won uint8) {
	g.finish(Decided)
	g.Winners = won
}

// score credits player p with n points in a points game, up to
// PointsToWin ("Gracz nie może zdobyć więcej niż 20 punktów").
func (s *Sides) score(p uint8, n int) {
	s.Score[p] = uint8(min(PointsToWin, int(s.Score[p])+n))
}

// enemies is a bit per player still in whose units fight player p's.
func (g *Game) enemies(p uint8) uint8 {
	var m uint8
	for q := range uint8(g.S.Players()) {
		if g.Out&(1<<q) == 0 && !g.S.Friends(p, q) {
			m |= 1 << q
		}
	}
	return m
}

// firstEnemy is the first enemy of p after p in the turn order (the enemy
// HQ of a step centred on it).
func (g *Game) firstEnemy(p uint8) uint8 {
	e := g.enemies(p)
	for i := 1; i <= g.S.Players(); i++ {
		q := (int(p) + i) % g.S.Players()
		if e&(1<<q) != 0 {
			return uint8(q)
		}
	}
	return p
}

// inOrder lists the players still in, from the player to move on.
func (g *Game) inOrder() (out [MaxPlayers]uint8, n int) {
	for i := range g.S.Players() {
		q := (int(g.Player) + i) % g.S.Players()
		if g.Out&(1<<q) == 0 {
			out[n] = uint8(q)
			n++
		}
	}
	return out, n
}
