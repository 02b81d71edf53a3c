package engine

import "math/bits"

// The turn order and the end of a game of any number of players
// (docs/rules.md, "Three and four players"), as its mode's row of modes
// (mode.go) says: the two-player game is the row ModeStandard, whose rules
// are the general ones with n = 2 (one extra turn each on a tied final
// battle, Win1, Win2 or Draw).

// seat is the player at position i of the turn order's cycle.
func (g *Game) seat(i int) uint8 {
	if order := g.S.Mode.rules().order; order != nil {
		return order[i%len(order)]
	}
	return uint8(i % g.S.Players())
}

// cycle is the length of the turn order's cycle.
func (g *Game) cycle() int {
	if order := g.S.Mode.rules().order; order != nil {
		return len(order)
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
// other player still in than p has played one: "Gdy którykolwiek z graczy
// dobierze swój ostatni żeton, pozostali gracze rozgrywają jeszcze po
// jednej turze i dopiero wtedy rozgrywana jest Finałowa Bitwa." With two
// players: one.
func (g *Game) turnsForOthers(p uint8) int {
	need := g.active() &^ (1 << p)
	at, turns := g.orderAt, 0
	for need != 0 && turns < 2*g.cycle() {
		at = g.nextSeat(at)
		turns++
		need &^= 1 << g.seat(int(at))
	}
	return turns
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

// hqFell ends the game, or takes players out, when HQs have fallen (the
// mode's fall rule); it reports whether the game ended. A destroyed HQ ends
// the game of teams, and takes its player out of a game every man for
// himself, whose last players standing win.
func (g *Game) hqFell() bool {
	// An HQ has fallen when it left the board, or, in a mode whose tracks
	// fall at 0 (the two-player game), when its track is at 0 though a
	// toughness bonus keeps it standing. First the track at 0 for any
	// mode, the test after every action: nothing has fallen then.
	s := &g.S
	var gone uint8
	for p := range uint8(s.Players()) {
		if s.hqTrack(p) == 0 {
			gone |= 1 << p
		}
	}
	if gone &^= g.Out; gone == 0 {
		return false
	}
	r := s.Mode.rules()
	if r.fall == fallNone {
		return false // HQs have no toughness to lose; scores end the game (pointsWin)
	}
	if !r.trackFalls {
		for p := range uint8(s.Players()) {
			if s.HQ[p] != NoHex {
				gone &^= 1 << p
			}
		}
		if gone == 0 {
			return false
		}
	}
	if r.fall == fallTeam {
		return g.teamHQGone(gone, r)
	}
	left := g.active() &^ gone
	switch {
	case left == 0:
		// The last players' HQs fell together: they share (a draw).
		g.finish(gone)
		return true
	case bits.OnesCount8(left) == 1:
		g.finish(left)
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
func (g *Game) teamHQGone(gone uint8, r *modeRules) bool {
	var teamsHit uint8 // a bit per team that lost an HQ
	for p := range uint8(g.S.Players()) {
		if gone&(1<<p) != 0 {
			teamsHit |= 1 << g.S.Team(p)
		}
	}
	if teamsHit == 3 {
		if r.bothFall >= 0 {
			// One against a team: "Jeśli w jednej Bitwie zostaną
			// zniszczone dwa wrogie sobie Sztaby, zwycięża drużyna."
			g.finish(g.teamMembers(uint8(r.bothFall)))
			return true
		}
		// "Jeżeli dwa wrogie sobie Sztaby zostaną zniszczone w jednej
		// Bitwie, wtedy o zwycięstwie decyduje Wytrzymałość pozostałych
		// Sztabów."
		if won := g.moreHQLeft(); won != 0 {
			g.finish(won)
		} else {
			g.finish(g.active())
		}
		return true
	}
	loser := uint8(bits.TrailingZeros8(teamsHit))
	g.finish(g.teamMembers(loser ^ 1))
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

// moreHQLeft is a bit per member of the team with more HQ points left, or
// 0 when both teams have as many.
func (g *Game) moreHQLeft() uint8 {
	switch a, b := g.teamSum(0), g.teamSum(1); {
	case a > b:
		return g.teamMembers(0)
	case b > a:
		return g.teamMembers(1)
	}
	return 0
}

// final decides the game after the final battle, or starts the tie's
// extra turns (none on a board whose ties are draws, Board.TieDraw); it
// reports whether the game ended.
func (g *Game) final() bool {
	if g.S.Mode.rules().final == finalTeams {
		won := g.moreHQLeft()
		switch {
		case won != 0:
			g.finish(won)
		case g.TieBreak || g.S.Board.TieDraw:
			g.finish(g.active())
		default:
			// The two-player game's tie rule for the two sides: every
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
	if bits.OnesCount8(tied) == 1 || g.TieBreak || g.S.Board.TieDraw {
		// With two players tied in the extra turns' battle, or in the
		// final battle on a board whose ties are draws: a draw.
		g.finish(tied)
		return true
	}
	// "ewentualny przegrany gracz odrzuca swój znacznik Sztabu z toru
	// Wytrzymałości, ale żetony jego armii pozostają na planszy. Następnie
	// każdy z remisujących graczy rozgrywa dodatkową turę, począwszy od
	// gracza, którego tura przypada po graczu, którego tura zakończyła grę."
	// With two players: both play one more turn, then a battle.
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
		g.finish(won)
	}
}

// finish ends the game: won has a bit per winner (several share the win;
// both players of a two-player draw). A mode whose Result names the winner
// (the two-player game) says Win1, Win2 or Draw; the others say Decided.
func (g *Game) finish(won uint8) {
	r := Decided
	if g.S.Mode.rules().namedResult {
		r = [...]Result{1: Win1, 2: Win2, 3: Draw}[won]
	}
	g.Result = r
	g.Winners = won
	g.traceEv(TrResult, 0, NoToken, NoHex, NoHex, 0, int(r))
	g.Phase = PhaseOver
	g.pend = pending{}
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
