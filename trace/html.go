package trace

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/htmlreport"
)

// hexSize is the circumradius of a board hex on the replay page.
const hexSize = 46.0

// viewStep is what the page shows at one step: the board after the event
// (an index into the distinct boards, most steps change nothing on it) and
// the attacks of the battle segment so far as arrows.
type viewStep struct {
	Board  int         `json:"b"`
	Arrows [][3]string `json:"a,omitempty"` // from hex, to hex, "r" ranged or "m" melee
}

// viewBoard is one distinct board.
type viewBoard struct {
	HQ     []int   `json:"hq"`
	Pieces []Piece `json:"p"`
	Energy []int   `json:"e,omitempty"` // a board with energy: each player's
}

// WriteHTML writes a page that steps through the game of t on a drawn
// board: the frames (from Frames) as tokens on hexes with their facing and
// wounds, the battle's attacks as arrows, a slider and previous/next keys,
// and the game's log beside the board. command is the command line that
// wrote it ("" when not known). The page is one file: its small script and
// the game's data are inline, nothing is fetched.
func WriteHTML(w io.Writer, t *Trace, frames []Frame, cells []Cell, command string) error {
	if len(frames) != len(t.Events) || len(t.Events) == 0 {
		return fmt.Errorf("writing the replay page: %d boards for %d events", len(frames), len(t.Events))
	}
	h := &t.Header
	if len(h.Armies) < 2 || len(h.Armies) > len(seatColours) || len(h.Players) != len(h.Armies) {
		return fmt.Errorf("writing the replay page: %d armies and %d players in the header", len(h.Armies), len(h.Players))
	}
	var names, seats []string
	for i, a := range h.Armies {
		names = append(names, a.Name)
		seats = append(seats, fmt.Sprintf("player %d: %s (%s)", i+1, a.Name, h.Players[i]))
	}
	p := &htmlreport.Page{Title: strings.Join(names, " vs ") + " — game replay"}
	if command == "" {
		command = "(not recorded)"
	}
	seed := fmt.Sprintf("%d (pair %d, game seed %d)", h.Seed, h.Pair, h.GameSeed)
	if h.From != "" {
		seed = fmt.Sprintf("%d (played on from the position %s)", h.Seed, h.From)
	} else if h.Mode != "" {
		seed = fmt.Sprintf("%d (game %d of the run, seating %d of %d, rotation seed %d)", h.Seed, h.Game+1, h.Game%max(1, h.Seatings)+1, h.Seatings, h.GameSeed)
	}
	meta := [][2]string{
		{"command", command},
		{"version", h.Version},
		{"seed", seed},
		{"players", strings.Join(seats, "; ")},
		{"board", h.Board},
	}
	if h.Mode != "" {
		meta = append(meta, [2]string{"mode", modeLine(h)})
	}
	if h.Start != "" || h.Reinforce || h.Structures {
		var v []string
		if h.Start != "" {
			v = append(v, h.Start+" start")
		}
		if h.Reinforce {
			v = append(v, "Reinforcements")
		}
		if h.Structures {
			v = append(v, "Structures")
		}
		meta = append(meta, [2]string{"rules", strings.Join(v, ", ")})
	}
	// The board after each event is the one taken up with the next.
	var boards []viewBoard
	var steps []viewStep
	var arrows [][3]string
	// A battle's log comes out after the battle is resolved (the engine
	// logs it as it goes and sends it at the end), so the board the replay
	// sees during a battle's events is already the one after it. The page
	// shows the battle as it went instead: the board before it, with each
	// hit's wounds added and each destroyed unit removed in turn; the
	// first event after the battle shows the engine's own board again.
	// Questions asked during the battle come before its log; the battle
	// is shown until the last line of its log.
	var battle *viewBoard
	battleEnd := -1
	for i := range t.Events {
		e := &t.Events[i]
		f := frames[min(i+1, len(frames)-1)]
		show := viewBoard{HQ: f.HQ, Pieces: f.Pieces, Energy: f.Energy}
		if len(show.HQ) != len(names) {
			return fmt.Errorf("writing the replay page: a board of %d HQs for %d players", len(show.HQ), len(names))
		}
		if e.E == "battle" {
			battle, battleEnd = &viewBoard{HQ: frames[i].HQ, Pieces: frames[i].Pieces, Energy: frames[i].Energy}, battleLogEnd(t.Events, i)
		}
		if battle != nil && i <= battleEnd {
			battle.apply(e)
			show = *battle
		} else {
			battle = nil
		}
		if n := len(boards); n == 0 || !slices.Equal(boards[n-1].HQ, show.HQ) || !slices.Equal(boards[n-1].Pieces, show.Pieces) || !slices.Equal(boards[n-1].Energy, show.Energy) {
			boards = append(boards, show)
		}
		switch e.E {
		case "segment", "turn", "act", "battle", "result", "final":
			arrows = nil
		case "hit", "blast":
			kind := "m"
			if e.Ranged {
				kind = "r"
			}
			if e.Hex != "" && e.To != "" {
				arrows = append(arrows, [3]string{e.Hex, e.To, kind})
			}
		}
		steps = append(steps, viewStep{Board: len(boards) - 1, Arrows: append([][3]string(nil), arrows...)})
	}
	track := "HQ"
	if headerMode(h).Scores() {
		track = "points" // a points game's track counts the score up
	}
	// What the keys jump between: each event's kind, and where each turn
	// and each battle (to the last line of its log) is.
	kinds := make([]string, len(t.Events))
	turns, battles := [][3]int{}, [][3]int{}
	for i := range t.Events {
		e := &t.Events[i]
		kinds[i] = e.E
		switch e.E {
		case "turn":
			turns = append(turns, [3]int{i, e.N, e.P})
		case "battle":
			battles = append(battles, [3]int{i, e.N, battleLogEnd(t.Events, i)})
		}
	}
	data, err := json.Marshal(struct {
		Steps   []viewStep  `json:"steps"`
		Boards  []viewBoard `json:"boards"`
		Names   []string    `json:"names"`
		Track   string      `json:"track"`
		Size    float64     `json:"size"`
		Kinds   []string    `json:"kinds"`
		Turns   [][3]int    `json:"turns"`   // event, turn number, player
		Battles [][3]int    `json:"battles"` // event, battle number, its log's last event
	}{steps, boards, names, track, hexSize, kinds, turns, battles})
	if err != nil {
		return fmt.Errorf("writing the replay page: %w", err)
	}
	board := boardSVG(cells)
	p.Style(replayCSS + replayLayoutCSS(board.W/board.H))
	var b strings.Builder
	b.WriteString("<div class=\"replay\">\n")
	b.WriteString(controlsHTML(len(steps), kinds))
	b.WriteString("<div class=\"board\">\n")
	b.WriteString(board.String())
	b.WriteString("<p id=\"hq\" class=\"note\"></p>\n</div>\n<div class=\"side\">\n<ol id=\"log\" class=\"log\">\n")
	for i := range t.Events {
		e := &t.Events[i]
		text := describe(e)
		if text == "" {
			text = compact(e)
		}
		if w := whyWords[e.Why]; w != "" && e.N == 0 {
			text += " — " + w
		}
		fmt.Fprintf(&b, "<li class=\"ev %s\">%s</li>\n", html.EscapeString(e.E), html.EscapeString(text))
	}
	b.WriteString("</ol>\n</div>\n</div>\n")
	p.Raw(b.String())
	var colours []string
	for i := range names {
		colours = append(colours, fmt.Sprintf("%s: player %d", seatColours[i], i+1))
	}
	colours[0] = strings.ToUpper(colours[0][:1]) + colours[0][1:]
	p.Raw(keysHTML)
	p.Para("The board is shown after the highlighted event. " + strings.Join(colours, ", ") + "; the notch marks a token's facing, the red dots its wounds; on the edges, as on the help card: red triangles melee, blue bars ranged, a grey band armor, a green dot a net, a gold dot a link. Arrows are the attacks of the current battle segment. Each hex's name is in its rim, under the token.")
	// What wrote the page comes after the game, not above it: the board
	// takes the window's height from the top of the page.
	var dl strings.Builder
	dl.WriteString("<dl class=\"meta\">\n")
	for _, kv := range meta {
		fmt.Fprintf(&dl, "<dt>%s</dt><dd>%s</dd>\n", html.EscapeString(kv[0]), html.EscapeString(kv[1]))
	}
	dl.WriteString("</dl>\n")
	p.Raw(dl.String())
	// json.Marshal escapes <, > and & in strings, so the data cannot end
	// its script element.
	p.Raw("<script type=\"application/json\" id=\"game\">" + string(data) + "</script>\n")
	p.Script(replayJS)
	return p.Write(w)
}

// speeds are autoplay's speeds, in events a second; the default is 4.
var speeds = []string{"1", "2", "4", "8", "16", "32"}

// controlsHTML is the bar above the board: play and its speed, the slider
// with the event, turn and battle buttons, the kind to jump between (a
// hit, when the game has one), then where the game is and its current
// event in words. It stays at the top of the window as the page scrolls.
func controlsHTML(steps int, kinds []string) string {
	var b strings.Builder
	b.WriteString("<div class=\"controls\">\n<div class=\"row\">\n")
	b.WriteString("<button id=\"play\" type=\"button\" title=\"play / pause (space or P)\" aria-pressed=\"false\">Play</button>\n")
	b.WriteString("<label>speed <select id=\"speed\" title=\"events a second (+ and -)\">")
	for _, v := range speeds {
		sel := ""
		if v == "4" {
			sel = " selected"
		}
		fmt.Fprintf(&b, "<option value=\"%s\"%s>%s/s</option>", v, sel, v)
	}
	b.WriteString("</select></label>\n")
	b.WriteString("<button id=\"prevturn\" type=\"button\" title=\"previous turn (Shift+T)\">« turn</button>\n")
	b.WriteString("<button id=\"prevbattle\" type=\"button\" title=\"previous battle (Shift+B)\">« battle</button>\n")
	b.WriteString("<button id=\"prev\" type=\"button\" title=\"previous event (←)\">◀</button>\n")
	fmt.Fprintf(&b, "<input id=\"step\" type=\"range\" min=\"0\" max=\"%d\" value=\"0\" aria-label=\"event\">\n", steps-1)
	b.WriteString("<button id=\"next\" type=\"button\" title=\"next event (→)\">▶</button>\n")
	b.WriteString("<button id=\"nextbattle\" type=\"button\" title=\"next battle (B)\">battle »</button>\n")
	b.WriteString("<button id=\"nextturn\" type=\"button\" title=\"next turn (T)\">turn »</button>\n")
	// The kinds of this game's events, in the order they first come, each
	// with how many there are.
	count := map[string]int{}
	var order []string
	for _, k := range kinds {
		if count[k] == 0 {
			order = append(order, k)
		}
		count[k]++
	}
	b.WriteString("<button id=\"prevkind\" type=\"button\" title=\"previous event of the kind ([)\">«</button>\n")
	b.WriteString("<label><select id=\"kind\" title=\"the kind of event [ and ] jump between\">")
	for _, k := range order {
		sel := ""
		if k == "hit" {
			sel = " selected"
		}
		fmt.Fprintf(&b, "<option value=\"%s\"%s>%s (%d)</option>", html.EscapeString(k), sel, html.EscapeString(k), count[k])
	}
	b.WriteString("</select></label>\n")
	b.WriteString("<button id=\"nextkind\" type=\"button\" title=\"next event of the kind (])\">»</button>\n")
	b.WriteString("<span id=\"where\"></span>\n</div>\n")
	b.WriteString("<div class=\"row\"><span id=\"at\"></span><span id=\"now\"></span></div>\n</div>\n")
	return b.String()
}

// keysHTML documents the page's keys (docs/reports.md says them too).
const keysHTML = `<p class="keys"><b>Keys:</b> <kbd>←</kbd> <kbd>→</kbd> previous / next event ·
<kbd>Home</kbd> <kbd>End</kbd> first / last ·
<kbd>Space</kbd> or <kbd>P</kbd> play / pause ·
<kbd>+</kbd> <kbd>-</kbd> faster / slower ·
<kbd>T</kbd> / <kbd>Shift</kbd>+<kbd>T</kbd> next / previous turn ·
<kbd>B</kbd> / <kbd>Shift</kbd>+<kbd>B</kbd> next / previous battle ·
<kbd>]</kbd> / <kbd>[</kbd> next / previous event of the kind chosen beside the slider (a hit, a unit destroyed, an action...) ·
a click on a line of the log shows that event; <code>#120</code> at the end of the page's address opens it at event 120.</p>
`

// whyWords say why a hit or a blast wounded nothing (Event.Why), on the
// page's log line after its "0 wounds" (docs/rules.md has the rules).
var whyWords = map[string]string{
	"armor":        "armor: the target's armor stops 1 wound of a shot",
	"flying":       "flying: a flying unit takes no melee wounds and no reflected attack",
	"hq":           "HQ rule: an HQ does not wound another HQ",
	"points":       "points game: a hit on an HQ scores points instead of wounding",
	"status":       "a status of the target took the wounds",
	"armor+status": "armor and a status of the target took the wounds",
}

// seatColours name the seats' token colours as the page's legend says
// them (the script's fills, in the same order).
var seatColours = [...]string{"blue", "red", "green", "gold"}

// headerMode is the mode a trace's header names (ModeStandard for a
// two-player trace, which names none, or a name the engine does not know).
func headerMode(h *Header) engine.Mode {
	m, err := engine.ParseMode(h.Mode)
	if err != nil {
		return engine.ModeStandard
	}
	return m
}

// modeLine says a multiplayer game's mode and who plays with whom.
func modeLine(h *Header) string {
	switch headerMode(h) {
	case engine.ModeTeams:
		if len(h.Teams) == len(h.Armies) {
			var sides [2][]string
			for i, t := range h.Teams {
				if t == 0 || t == 1 {
					sides[t] = append(sides[t], fmt.Sprint(i+1))
				}
			}
			return fmt.Sprintf("teams: players %s against %s (allies share bonuses and win together)", strings.Join(sides[0], "+"), strings.Join(sides[1], "+"))
		}
	case engine.ModeOneVsTeam:
		return "one-vs-team: player 1 alone against players 2 and 3"
	case engine.ModePoints:
		return "points: every player for themselves, HQ hits score points (20 wins)"
	case engine.ModeFFA:
		return "ffa: every player for themselves"
	}
	return h.Mode
}

// battleLogEnd is the last line of the log of the battle announced at
// event b: the last battle line before the game goes on (a turn, an action,
// another battle, the result).
func battleLogEnd(events []Event, b int) int {
	end := b
	for j := b + 1; j < len(events); j++ {
		switch events[j].E {
		case "turn", "act", "battle", "result", "final":
			return end
		}
		if inBattle[events[j].E] {
			end = j
		}
	}
	return end
}

// apply plays a battle event on the board before the battle: a hit or a
// blast wounds its target, a destroyed unit leaves. The pieces are copied
// first: they may be shared with the boards already shown.
func (b *viewBoard) apply(e *Event) {
	find := func(hex string, p int, tok string) int {
		return slices.IndexFunc(b.Pieces, func(x Piece) bool { return x.Hex == hex && x.P == p && x.Tok == tok && !x.Ground })
	}
	switch e.E {
	case "hit", "blast":
		if k := find(e.To, e.TP, e.TTok); k >= 0 && e.N > 0 {
			b.Pieces = slices.Clone(b.Pieces)
			b.Pieces[k].Wounds += e.N
			if b.Pieces[k].Kind == "hq" && e.TP >= 1 && e.TP <= len(b.HQ) {
				b.HQ = slices.Clone(b.HQ) // shared with the frames too
				b.HQ[e.TP-1] = max(0, b.HQ[e.TP-1]-e.N)
			}
		}
	case "destroyed":
		if k := find(e.Hex, e.P, e.Tok); k >= 0 {
			b.Pieces = slices.Delete(slices.Clone(b.Pieces), k, k+1)
		}
	}
}

// hexCentre is the centre of hex (q, r) on the page: flat-topped hexes,
// N (r-1) straight up.
func hexCentre(q, r int) (float64, float64) {
	return hexSize * 1.5 * float64(q), hexSize * math.Sqrt(3) * (float64(r) + float64(q)/2)
}

// boardSVG draws the empty board with each hex's name; the script draws the
// tokens and arrows into #pieces and #arrows.
func boardSVG(cells []Cell) *htmlreport.SVG {
	minX, minY, maxX, maxY := 0.0, 0.0, 0.0, 0.0
	for _, c := range cells {
		x, y := hexCentre(c.Q, c.R)
		minX, minY, maxX, maxY = math.Min(minX, x), math.Min(minY, y), math.Max(maxX, x), math.Max(maxY, y)
	}
	// A margin of a few units round the outer hexes (a flat-topped hex
	// reaches its circumradius across, its apothem up and down): no room
	// the board could take is lost.
	padX, padY := hexSize+6, hexSize*math.Sqrt(3)/2+8
	s := htmlreport.NewSVG(maxX-minX+2*padX, maxY-minY+2*padY, "the board")
	s.Open("g", htmlreport.A("id", "origin"), htmlreport.A("transform", fmt.Sprintf("translate(%s %s)", htmlreport.Num(padX-minX), htmlreport.Num(padY-minY))))
	s.Open("g", htmlreport.A("class", "hexes"))
	for _, c := range cells {
		x, y := hexCentre(c.Q, c.R)
		class := "hex"
		if c.Terminal {
			class = "hex terminal"
		}
		attrs := []htmlreport.Attr{htmlreport.A("class", class), htmlreport.A("points", htmlreport.HexPoints(x, y, hexSize-1)),
			htmlreport.A("data-hex", c.Name), htmlreport.A("data-x", x), htmlreport.A("data-y", y)}
		if c.Blocked {
			// Grey, by an inline style: the page of a board without
			// blocked hexes stays byte for byte what it was.
			attrs = append(attrs, htmlreport.A("style", "fill:#8a8a8a"))
		}
		s.Elem("polygon", attrs...)
	}
	for _, c := range cells { // over every hex, so that no neighbour covers the border
		if c.Terminal {
			x, y := hexCentre(c.Q, c.R)
			s.Elem("polygon", htmlreport.A("class", "terminal-ring"), htmlreport.A("points", htmlreport.HexPoints(x, y, hexSize-1)))
		}
	}
	s.Close()
	s.Elem("g", htmlreport.A("id", "pieces"))
	// The hexes' names over the tokens, in the rim a unit's token leaves
	// (the script draws units at 0.72 of the hex), left of the bottom
	// edge's middle where a link's dot sits: never under a token.
	s.Open("g", htmlreport.A("class", "hexnames"))
	for _, c := range cells {
		x, y := hexCentre(c.Q, c.R)
		s.Text(x-hexSize*0.3, y+hexSize*0.815, c.Name, htmlreport.A("class", "hexname"), htmlreport.A("text-anchor", "middle"))
	}
	s.Close()
	s.Elem("g", htmlreport.A("id", "arrows"))
	s.Close()
	return s
}
