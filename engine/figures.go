package engine

// Figures: per-token counts of what moved on the board, kept apart from
// the Game so that a game copied by a player to look ahead is no bigger
// and a game without them pays one nil test per hook (as a tracer).
//
// A Figures attached with SetFigures counts, by owner and token type (of
// every player): Moves, the units that went to another hex (a move, push, pull, swap, replace, scavenger's move); Rotations,
// the units turned on the spot (a rotate step or ability, a move that only
// turns); each credited to the token whose step did it (an instant, a
// trigger, an observer, a status's giver), else to the unit whose ability
// it was (mobility, push, pull, rotation), else to the unit that moved.
// StatusTurns counts, for the token that gave a status, each turn of the
// carrier's owner that starts with the status on the board. Players 3
// and 4's battle wounds and step deeds, which the Game counts for players
// 1 and 2 only (Game.Dealt, Game.Deeds), are counted here too.

// Figures is one game's per-token board figures (SetFigures), by owner
// (every seat), and the battle and step figures of players 3 and 4, whose
// rows the Game does not hold (Dealt34, Deeds34; TokenDealt, TokenDeeds
// read any player's).
type Figures struct {
	Moves       [MaxPlayers][MaxArmyTokens]uint16
	Rotations   [MaxPlayers][MaxArmyTokens]uint16
	StatusTurns [MaxPlayers][MaxArmyTokens]uint16
	Dealt34     [2][MaxArmyTokens]uint16 // Game.Dealt of players 3 and 4
	Deeds34     [2][MaxArmyTokens]Deeds  // Game.Deeds of players 3 and 4

	g     *Game  // the game counted: its copies count nothing
	actor credit // the unit whose own ability is running (mobility, push, pull, rotation)
}

// SetFigures attaches f to the game, cleared (nil detaches it). Init
// detaches it: a game restarted in place is attached again after Init.
func (g *Game) SetFigures(f *Figures) {
	if f == nil {
		g.fig = nil
		return
	}
	*f = Figures{g: g}
	g.fig = f
}

// counting reports whether this very game has figures attached.
func (g *Game) counting() bool { return g.fig != nil && g.fig.g == g }

// figMove counts a move of u (one nil test without figures).
func (g *Game) figMove(u Piece) {
	if g.fig != nil {
		g.countFig(&g.fig.Moves, u)
	}
}

// figRotate counts a turn on the spot of u.
func (g *Game) figRotate(u Piece) {
	if g.fig != nil {
		g.countFig(&g.fig.Rotations, u)
	}
}

func (g *Game) countFig(n *[MaxPlayers][MaxArmyTokens]uint16, u Piece) {
	if !g.counting() {
		return
	}
	owner, tok := u.Owner, u.Token
	switch {
	case g.credit.on:
		owner, tok = g.credit.owner, g.credit.token
	case g.fig.actor.on:
		owner, tok = g.fig.actor.owner, g.fig.actor.token
	}
	if owner < MaxPlayers && int(tok) < MaxArmyTokens {
		n[owner][tok] = uint16(min(65535, int(n[owner][tok])+1))
	}
}

// figActor makes the unit on h the one whose ability moves and turns
// units until figActorEnd.
func (g *Game) figActor(h Hex) {
	if g.fig != nil && g.counting() {
		u := g.S.Cells[h].Unit
		g.fig.actor = credit{on: !u.Empty(), owner: u.Owner, token: u.Token}
	}
}

func (g *Game) figActorEnd() {
	if g.fig != nil {
		g.fig.actor = credit{}
	}
}

// figStatusTurn counts a turn of a carrier's owner that starts with the
// status in on the board, for the token that gave it.
func (g *Game) figStatusTurn(in *StatusInst) {
	if g.fig == nil || !g.counting() {
		return
	}
	if p := in.Kind >> 4; p < MaxPlayers && int(in.GTok) < MaxArmyTokens {
		c := &g.fig.StatusTurns[p][in.GTok]
		*c = uint16(min(65535, int(*c)+1))
	}
}

// addBattleFigures adds the last battle's wounds dealt and units kept
// alive by player p's token types (the Resolver's rows) to dealt and deeds.
func (g *Game) addBattleFigures(dealt *[MaxArmyTokens]uint16, deeds *[MaxArmyTokens]Deeds, p int) {
	for t, n := range g.Res.Dealt[p] {
		dealt[t] = uint16(min(65535, int(dealt[t])+int(n)))
	}
	if g.anyFx&factToughness != 0 {
		for t, n := range g.Res.Kept[p] {
			d := &deeds[t][DeedKept]
			*d = uint8(min(255, int(*d)+int(n)))
		}
	}
}

// TokenDealt is the wounds player p's token types inflicted in battles so
// far: Game.Dealt for players 1 and 2; for players 3 and 4 the attached
// Figures' (none without them).
func (g *Game) TokenDealt(p uint8) [MaxArmyTokens]uint16 {
	if p < 2 {
		return g.Dealt[p]
	}
	if g.counting() && p < MaxPlayers {
		return g.fig.Dealt34[p-2]
	}
	return [MaxArmyTokens]uint16{}
}

// TokenDeeds is what player p's token types' steps did so far, as
// TokenDealt reads it.
func (g *Game) TokenDeeds(p uint8) [MaxArmyTokens]Deeds {
	if p < 2 {
		return g.Deeds[p]
	}
	if g.counting() && p < MaxPlayers {
		return g.fig.Deeds34[p-2]
	}
	return [MaxArmyTokens]Deeds{}
}
