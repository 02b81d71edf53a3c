package engine

import (
	"fmt"

	"github.com/hexforge/hexforge/rules"
)

// Limits of the fixed-size state. Fixed arrays keep a State copyable by
// value, which playouts rely on to avoid allocation.
const (
	MaxPlayers    = 4  // players in one game (the modes, mode.go)
	MaxArmyTokens = 64 // tokens in one army (decks are fixed arrays)
	MaxHand       = 6  // tokens a hand can hold (the Reinforcements variant draws up to six)
	HandSize      = 3  // tokens a player draws up to in the standard game
)

// NoToken marks an empty piece slot.
const NoToken uint8 = 0xFF

// Marks are states a piece can be in beyond its printed tables.
type Marks uint8

const (
	Controlled Marks = 1 << iota // taken over: it acts for another player (ctlShift)
	NetMarker                    // carries an ability-thrown net of the other player
)

// ctlShift places, in a Controlled piece's Marks, the bits that say who
// took it over: controller ^ owner ^ 1. In a two-player game that is 0, so
// the two-player pieces keep their bytes (and their position keys); with
// more players it names any of the four.
const (
	ctlShift         = 4
	ctlMask    Marks = 3 << ctlShift
	controlled Marks = Controlled | ctlMask
)

// Piece is one token on the board.
type Piece struct {
	Token  uint8     // token type index in its owner's army; NoToken when empty
	Owner  uint8     // whose army the token comes from (0 to MaxPlayers-1)
	Facing rules.Dir // where its printed top edge points
	Wounds uint8     // wounds taken so far
	Marks  Marks
}

// Empty reports whether the slot holds no token.
func (p Piece) Empty() bool { return p.Token == NoToken }

// Controller is the player the piece acts for (its owner unless taken over).
func (p Piece) Controller() uint8 {
	if p.Marks&Controlled != 0 {
		return (p.Owner ^ 1 ^ uint8(p.Marks>>ctlShift)) & (MaxPlayers - 1)
	}
	return p.Owner
}

// TakeBy marks the piece as taken over by player c (c != Owner).
func (p *Piece) TakeBy(c uint8) {
	p.Marks = p.Marks&^ctlMask | Controlled | Marks((c^p.Owner^1)&(MaxPlayers-1))<<ctlShift
}

// release gives the piece back to its owner.
func (p *Piece) release() { p.Marks &^= controlled }

// EdgeDir is the board direction that printed edge e of the piece faces.
func (p Piece) EdgeDir(e rules.Dir) rules.Dir { return e.Rotate(p.Facing) }

// EdgeAt is the printed edge of the piece that faces board direction d.
func (p Piece) EdgeAt(d rules.Dir) rules.Dir { return (d + 6 - p.Facing) % 6 }

var emptyPiece = Piece{Token: NoToken}

// Cell is one hex: a unit, and under it an optional foundation.
type Cell struct {
	Unit   Piece
	Ground Piece
}

// State is a whole position: the board and every player's tokens.
type State struct {
	Board  *Board
	Armies [MaxPlayers]*rules.Army // nil past the players of the game
	Cells  [MaxHexes]Cell
	HQ     [MaxPlayers]Hex // where each HQ stands; NoHex before set-up
	Sides                  // how many play, and who is whose ally (mode.go)
	St     Statuses        // the designers' statuses on the units (status.go)
}

// noHQs is State.HQ before set-up.
var noHQs = [MaxPlayers]Hex{NoHex, NoHex, NoHex, NoHex}

// NewState returns an empty board for two armies.
func NewState(b *Board, a0, a1 *rules.Army) (*State, error) {
	s := &State{Board: b, Armies: [MaxPlayers]*rules.Army{a0, a1}, HQ: noHQs}
	for i, a := range s.Armies[:2] {
		if a == nil {
			return nil, fmt.Errorf("player %d has no army", i+1)
		}
		if a.Total() > MaxArmyTokens {
			return nil, fmt.Errorf("army %q has %d tokens; the engine plays at most %d", a.Name, a.Total(), MaxArmyTokens)
		}
		if len(a.Tokens) >= int(NoToken) {
			return nil, fmt.Errorf("army %q has too many token types", a.Name)
		}
		if a.HQ < 0 {
			return nil, fmt.Errorf("army %q has no HQ", a.Name)
		}
	}
	for h := range s.Cells {
		s.Cells[h] = Cell{Unit: emptyPiece, Ground: emptyPiece}
	}
	return s, nil
}

// Tok returns the printed tables of a piece.
func (s *State) Tok(p Piece) *rules.Token { return &s.Armies[p.Owner].Tokens[p.Token] }

// Unit returns the unit on h (Empty() when none).
func (s *State) Unit(h Hex) Piece { return s.Cells[h].Unit }

// Place puts a board token of player's army on h. It does not check the
// rules of placement; Legal actions do that.
func (s *State) Place(h Hex, player uint8, token uint8, facing rules.Dir) error {
	if h < 0 || int(h) >= s.Board.Size {
		return fmt.Errorf("hex %d is not on the %s board", h, s.Board.Name)
	}
	if s.Board.Blocked[h] {
		return fmt.Errorf("%s is a blocked hex: no token is placed there", s.Board.Names[h])
	}
	a := s.Armies[player]
	if int(token) >= len(a.Tokens) {
		return fmt.Errorf("player %d has no token %d", player+1, token)
	}
	t := &a.Tokens[token]
	p := Piece{Token: token, Owner: player, Facing: facing % 6}
	c := &s.Cells[h]
	switch {
	case t.Kind == rules.Foundation:
		if !c.Ground.Empty() {
			return fmt.Errorf("%s already holds a foundation", s.Board.Names[h])
		}
		c.Ground = p
	case t.Kind.IsUnit():
		if !c.Unit.Empty() {
			return fmt.Errorf("%s is already occupied by %q", s.Board.Names[h], s.Tok(c.Unit).Name)
		}
		c.Unit = p
		if t.Kind == rules.HQ {
			s.HQ[player] = h
		}
	default:
		return fmt.Errorf("%q is %s token and is never placed on the board", t.Name, t.Kind)
	}
	return nil
}

// Remove takes the unit off h.
func (s *State) Remove(h Hex) {
	if p := s.Cells[h].Unit; !p.Empty() && s.Tok(p).Kind == rules.HQ && s.HQ[p.Owner] == h {
		s.HQ[p.Owner] = NoHex
	}
	s.Cells[h].Unit = emptyPiece
}

// HQPoints is what is left of a player's HQ toughness (0 when it is gone),
// or their score in a mode where HQ hits score points (the points game).
func (s *State) HQPoints(player uint8) int {
	if s.scores {
		return int(s.Score[player]) // a points game's track counts up
	}
	return s.hqTrack(player)
}

// hqTrack is what is left of a player's HQ toughness (0 when it is gone).
func (s *State) hqTrack(player uint8) int {
	h := s.HQ[player]
	if h == NoHex {
		return 0
	}
	p := s.Cells[h].Unit
	return max(0, int(s.Tok(p).Toughness)-int(p.Wounds))
}

// units is the number of units on the board.
func (s *State) units() int {
	n := 0
	for h := 0; h < s.Board.Size; h++ {
		if !s.Cells[h].Unit.Empty() {
			n++
		}
	}
	return n
}

// InnerFull reports whether every hex of the battle area holds a unit.
func (s *State) InnerFull() bool {
	for h := 0; h < s.Board.Size; h++ {
		if s.Board.Inner[h] && s.Cells[h].Unit.Empty() {
			return false
		}
	}
	return true
}
