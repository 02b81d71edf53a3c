package position

import (
	"encoding/json"
	"io"

	"github.com/hexforge/hexforge/engine"
)

// UnitJSON is a unit on the board in StateJSON.
type UnitJSON struct {
	Player     int    `json:"player"`
	Token      string `json:"token"`
	At         string `json:"at"`
	Facing     string `json:"facing"`
	Wounds     int    `json:"wounds"`
	NetMarker  bool   `json:"net_marker,omitempty"` // a net marker thrown by an ability holds it
	Controlled bool   `json:"taken_over,omitempty"` // the other player controls it
	// ControlledBy is the player who took the unit over, in a position of
	// more than two players (with two it is the other one).
	ControlledBy int `json:"taken_over_by,omitempty"`
	// Statuses are the statuses it carries (docs/dsl.md, "Statuses").
	Statuses []string `json:"statuses,omitempty"`
}

// FoundationJSON is a foundation on the board (a Mine): under a unit or alone.
type FoundationJSON struct {
	Player int    `json:"player"`
	Token  string `json:"token"`
	At     string `json:"at"`
	Wounds int    `json:"wounds"`
}

// StateJSON is a position as WriteJSON writes it.
type StateJSON struct {
	HQ          []int            `json:"hq"`             // each player's HQ points (scores in a points game)
	Mode        string           `json:"mode,omitempty"` // a position of more than two players: its mode
	Units       []UnitJSON       `json:"units"`
	Foundations []FoundationJSON `json:"foundations"`
}

// WriteJSON writes state s as JSON for tools (battle --format json): each
// player's HQ points, the mode of a game of more than two players, and
// every unit and foundation on the board.
func WriteJSON(w io.Writer, s *engine.State) error {
	res := StateJSON{Units: []UnitJSON{}, Foundations: []FoundationJSON{}}
	for p := range s.Players() {
		res.HQ = append(res.HQ, s.HQPoints(uint8(p)))
	}
	if s.N > 2 {
		res.Mode = s.Mode.String()
	}
	for h := 0; h < s.Board.Size; h++ {
		if f := s.Cells[h].Ground; !f.Empty() {
			res.Foundations = append(res.Foundations, FoundationJSON{Player: int(f.Owner) + 1, Token: s.Tok(f).Name, At: s.Board.Names[h], Wounds: int(f.Wounds)})
		}
		p := s.Cells[h].Unit
		if p.Empty() {
			continue
		}
		u := UnitJSON{Player: int(p.Owner) + 1, Token: s.Tok(p).Name, At: s.Board.Names[h], Facing: p.Facing.String(), Wounds: int(p.Wounds),
			NetMarker: p.Marks&engine.NetMarker != 0, Controlled: p.Marks&engine.Controlled != 0}
		if u.Controlled && s.N > 2 {
			u.ControlledBy = int(p.Controller()) + 1
		}
		u.Statuses = s.StatusesOn(engine.Hex(h))
		res.Units = append(res.Units, u)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}
