package trace

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// Piece is one token on the board in a Frame.
type Piece struct {
	Hex    string `json:"hex"`
	Q      int    `json:"q"` // the hex's axial coordinates (N is r-1)
	R      int    `json:"r"`
	P      int    `json:"p"` // owner, 1 to 4
	Tok    string `json:"tok"`
	Kind   string `json:"kind"`
	Dir    int    `json:"dir"` // facing: 0 N, 1 NE ... 5 NW
	Wounds int    `json:"wounds,omitempty"`
	Tough  int    `json:"tough,omitempty"` // wounds it takes before it is removed
	Ground bool   `json:"ground,omitempty"`
	Taken  bool   `json:"taken,omitempty"`
	Netted bool   `json:"netted,omitempty"`
	// Statuses are the statuses the unit carries, comma-separated
	// (docs/dsl.md, "Statuses"): a string keeps a Piece comparable.
	Statuses string `json:"statuses,omitempty"`
	// Edges is what is printed on each edge, from the printed top
	// clockwise, as the help card draws it: per edge, "m" and a count for
	// melee, "r" and a count for ranged, "a" armor, "n" net, "l" link,
	// edges separated by "|" (so a viewer can show where a token strikes).
	Edges string `json:"edges,omitempty"`
}

// Frame is the board as the trace's event Event is taken up (before its
// effect), or after the last action for the final line.
type Frame struct {
	Event  int     `json:"event"`
	HQ     []int   `json:"hq"` // each player's HQ points (scores in a points game)
	Pieces []Piece `json:"pieces"`
	Energy []int   `json:"energy,omitempty"` // each player's energy, on a board with energy
}

// Cell is one hex of the board a trace was played on.
type Cell struct {
	Name     string `json:"name"`
	Q        int    `json:"q"`
	R        int    `json:"r"`
	Terminal bool   `json:"terminal,omitempty"` // a Terminal of the Duel board
	Blocked  bool   `json:"blocked,omitempty"`  // a blocked hex of a shaped board (no token stands there)
}

// FramesReader replays the trace rd reads as ReplayReader does, checking
// it event by event, and returns the final game and the board as each event
// was taken up, so a viewer can step through the game; the board's hexes
// come with them. A trace that does not replay gives no frames: a page must
// not show a game that did not happen. It returns the trace too, holding only the events
// that were checked (the page shows them), so memory is bounded by the
// game, not by the file.
func FramesReader(rd *Reader, load Loaders) (*engine.Game, *Trace, []Frame, []Cell, error) {
	t := &Trace{Header: rd.Header}
	src := &source{rd: rd, each: func(e *Event) {
		t.Events = append(t.Events, *e)
	}}
	g, frames, cells, err := frames(&t.Header, src, load)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return g, t, frames, cells, nil
}

func frames(h *Header, src *source, load Loaders) (*engine.Game, []Frame, []Cell, error) {
	var frames []Frame
	var board *engine.Board
	g, err := replay(h, src, load, func(i int, g *engine.Game) {
		board = g.S.Board
		for len(frames) <= i {
			frames = appendFrame(frames, snapshot(len(frames), g))
		}
	})
	if err != nil {
		return nil, nil, nil, err
	}
	board = g.S.Board
	for len(frames) < src.i {
		frames = appendFrame(frames, snapshot(len(frames), g))
	}
	var cells []Cell
	for h := 0; h < board.Size; h++ {
		cells = append(cells, Cell{Name: board.Names[h], Q: int(board.Q[h]), R: int(board.R[h]), Terminal: board.Terminal[h], Blocked: board.Blocked[h]})
	}
	return g, frames, cells, nil
}

// appendFrame appends f, sharing the previous frame's pieces when the board
// has not changed (most events change nothing on it): memory grows with the
// distinct boards, not with the events, however long a trace is.
func appendFrame(frames []Frame, f Frame) []Frame {
	if n := len(frames); n > 0 && slices.Equal(frames[n-1].Pieces, f.Pieces) {
		f.Pieces = frames[n-1].Pieces
	}
	return append(frames, f)
}

// snapshot is the board of g as event i is taken up.
func snapshot(i int, g *engine.Game) Frame {
	n := g.S.Players()
	f := Frame{Event: i, HQ: make([]int, n), Pieces: []Piece{}}
	for p := range n {
		f.HQ[p] = g.S.HQPoints(uint8(p))
	}
	b := g.S.Board
	if b.Duel {
		f.Energy = []int{int(g.Energy[0]), int(g.Energy[1])}
	}
	for h := 0; h < b.Size; h++ {
		c := g.S.Cells[h]
		for _, pc := range []struct {
			p      engine.Piece
			ground bool
		}{{c.Ground, true}, {c.Unit, false}} {
			if pc.p.Empty() || int(pc.p.Owner) >= n || int(pc.p.Token) >= len(g.S.Armies[pc.p.Owner].Tokens) {
				continue
			}
			tok := &g.S.Armies[pc.p.Owner].Tokens[pc.p.Token]
			f.Pieces = append(f.Pieces, Piece{Hex: b.Names[h], Q: int(b.Q[h]), R: int(b.R[h]), P: int(pc.p.Owner) + 1,
				Tok: tok.Name, Kind: tok.Kind.String(), Dir: int(pc.p.Facing), Wounds: int(pc.p.Wounds), Tough: int(tok.Toughness),
				Ground: pc.ground, Taken: pc.p.Marks&engine.Controlled != 0, Netted: pc.p.Marks&engine.NetMarker != 0, Edges: edgeCodes(tok)})
			if !pc.ground {
				f.Pieces[len(f.Pieces)-1].Statuses = strings.Join(g.S.StatusesOn(engine.Hex(h)), ", ")
			}
		}
	}
	return f
}

// edgeCodes is Piece.Edges of a token.
func edgeCodes(t *rules.Token) string {
	var parts [6]string
	empty := true
	for d, e := range t.Edges {
		var b strings.Builder
		if e.Melee > 0 {
			fmt.Fprintf(&b, "m%d", e.Melee)
		}
		if e.Ranged > 0 {
			fmt.Fprintf(&b, "r%d", e.Ranged)
		}
		for _, f := range []struct {
			flag rules.EdgeFlags
			code string
		}{{rules.Armor, "a"}, {rules.Net, "n"}, {rules.Link, "l"}} {
			if e.Flags&f.flag != 0 {
				b.WriteString(f.code)
			}
		}
		parts[d] = b.String()
		empty = empty && parts[d] == ""
	}
	if empty {
		return ""
	}
	return strings.Join(parts[:], "|")
}
