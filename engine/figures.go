package engine

// Figures: per-token counts of what moved on the board, kept apart from
// the Game so that a game copied by a player to look ahead is no bigger
// and a game without them pays one nil test per hook (as a tracer).
//
// A Figures attached with SetFigures counts, by owner and token type (the
// first two players, as Game.Dealt): Moves, the units that went to another
// hex (a move, push, pull, swap, replace, scavenger's move); Rotations,
// the units turned on the spot (a rotate step or ability, a move that only
// turns); each credited to the token whose step did it (an instant, a
// trigger, an observer, a status's giver), else to the unit whose ability
// it was (mobility, push, pull, rotation), else to the unit that moved.
// StatusTurns counts, for the token that gave a status, each turn of the
// carrier's owner that starts with the status on the board.

// Figures is one game's per-token board figures (SetFigures).
type Figures struct {
	Moves       [2][MaxArmyTokens]uint16
	Rotations   [2][MaxArmyTokens]uint16
	StatusTurns [2][MaxArmyTokens]uint16

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

func (g *Game) countFig(n *[2][MaxArmyTokens]uint16, u Piece) {
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
	if owner < 2 && int(tok) < MaxArmyTokens {
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
	if p := in.Kind >> 4; p < 2 && int(in.GTok) < MaxArmyTokens {
		c := &g.fig.StatusTurns[p][in.GTok]
		*c = uint16(min(65535, int(*c)+1))
	}
}
