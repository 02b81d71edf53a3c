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
	p.Meta = [][2]string{
		{"command", command},
		{"version", h.Version},
		{"seed", seed},
		{"players", strings.Join(seats, "; ")},
		{"board", h.Board},
	}
	if h.Mode != "" {
		p.Meta = append(p.Meta, [2]string{"mode", modeLine(h)})
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
		p.Meta = append(p.Meta, [2]string{"rules", strings.Join(v, ", ")})
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
	data, err := json.Marshal(struct {
		Steps  []viewStep  `json:"steps"`
		Boards []viewBoard `json:"boards"`
		Names  []string    `json:"names"`
		Track  string      `json:"track"`
	}{steps, boards, names, track})
	if err != nil {
		return fmt.Errorf("writing the replay page: %w", err)
	}
	p.Style(replayCSS)
	var b strings.Builder
	b.WriteString("<div class=\"controls\">\n<button id=\"prev\" type=\"button\" title=\"previous event (←)\">◀</button>\n")
	fmt.Fprintf(&b, "<input id=\"step\" type=\"range\" min=\"0\" max=\"%d\" value=\"0\" aria-label=\"event\">\n", len(steps)-1)
	b.WriteString("<button id=\"next\" type=\"button\" title=\"next event (→)\">▶</button>\n<span id=\"where\"></span>\n</div>\n")
	b.WriteString("<div class=\"replay\">\n<div class=\"board\">\n")
	b.WriteString(boardSVG(cells).String())
	b.WriteString("<p id=\"hq\" class=\"note\"></p>\n</div>\n<ol id=\"log\" class=\"log\">\n")
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
	b.WriteString("</ol>\n</div>\n")
	p.Raw(b.String())
	var colours []string
	for i := range names {
		colours = append(colours, fmt.Sprintf("%s: player %d", seatColours[i], i+1))
	}
	colours[0] = strings.ToUpper(colours[0][:1]) + colours[0][1:]
	p.Para("← and → (or the slider) step through the events; the board is shown after the highlighted event. " + strings.Join(colours, ", ") + "; the notch marks a token's facing, the red dots its wounds; on the edges, as on the help card: red triangles melee, blue bars ranged, a grey band armor, a green dot a net, a gold dot a link. Arrows are the attacks of the current battle segment.")
	// json.Marshal escapes <, > and & in strings, so the data cannot end
	// its script element.
	p.Raw("<script type=\"application/json\" id=\"game\">" + string(data) + "</script>\n")
	p.Script(fmt.Sprintf(replayJS, htmlreport.Num(hexSize)))
	return p.Write(w)
}

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
	pad := hexSize + 6
	s := htmlreport.NewSVG(maxX-minX+2*pad, maxY-minY+2*pad, "the board")
	s.Open("g", htmlreport.A("id", "origin"), htmlreport.A("transform", fmt.Sprintf("translate(%s %s)", htmlreport.Num(pad-minX), htmlreport.Num(pad-minY))))
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
		s.Text(x, y+hexSize*0.8, c.Name, htmlreport.A("class", "hexname"), htmlreport.A("text-anchor", "middle"))
	}
	for _, c := range cells { // over every hex, so that no neighbour covers the border
		if c.Terminal {
			x, y := hexCentre(c.Q, c.R)
			s.Elem("polygon", htmlreport.A("class", "terminal-ring"), htmlreport.A("points", htmlreport.HexPoints(x, y, hexSize-1)))
		}
	}
	s.Close()
	s.Elem("g", htmlreport.A("id", "pieces"))
	s.Elem("g", htmlreport.A("id", "arrows"))
	s.Close()
	return s
}

const replayCSS = `.controls { display: flex; align-items: center; gap: 8px; margin: 8px 0; }
.controls input { width: min(600px, 60vw); }
.controls button { font-size: 16px; padding: 2px 10px; }
#where { font-size: 13px; color: #444; }
.replay { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.board svg { max-width: min(560px, 94vw); height: auto; }
polygon.hex { fill: #f6f4ee; stroke: #c9c4b5; stroke-width: 1.5; }
polygon.hex.terminal { fill: #ece6d2; }
polygon.terminal-ring { fill: none; stroke: #6b5b2e; stroke-width: 4; }
text.hexname { font-size: 10px; fill: #aaa397; }
.log { flex: 1 1 320px; max-height: 560px; overflow-y: auto; font-size: 12px; margin: 0; padding-left: 44px; border: 1px solid #ddd; }
.log li { padding: 1px 4px; }
.log li.cur { background: #ffe9a8; }
.log li.turn { font-weight: bold; margin-top: 4px; }
.log li.battle, .log li.result, .log li.final { font-weight: bold; color: #7a2a2a; }
.piece text { font-size: 10px; text-anchor: middle; pointer-events: none; }
`

// replayJS draws the board of the current step; %s is the hex size. It is
// written for the page alone: no library, no request.
const replayJS = `(function () {
  "use strict";
  var S = %s;
  var game = JSON.parse(document.getElementById("game").textContent);
  var steps = game.steps, boards = game.boards;
  var slider = document.getElementById("step");
  var pieces = document.getElementById("pieces");
  var arrows = document.getElementById("arrows");
  var log = document.getElementById("log").children;
  var where = document.getElementById("where");
  var hq = document.getElementById("hq");
  var NS = pieces.namespaceURI; // the SVG namespace, taken from the page rather than spelled out
  var kinds = {hq: "#b8860b", warrior: "#2f5d8f", module: "#2e7d3e", instant: "#a8322b", foundation: "#6f5236"};
  var fills = ["#dbe8f7", "#f7dede", "#dcefd9", "#f6ebc8"]; // the seats' colours (seatColours)
  var centre = {};
  var hexes = document.querySelectorAll("polygon.hex");
  for (var i = 0; i < hexes.length; i++) {
    var h = hexes[i];
    centre[h.getAttribute("data-hex")] = [parseFloat(h.getAttribute("data-x")), parseFloat(h.getAttribute("data-y"))];
  }
  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) { e.setAttribute(k, attrs[k]); }
    parent.appendChild(e);
    return e;
  }
  function hexPoints(x, y, r) {
    var p = [];
    for (var i = 0; i < 6; i++) {
      var a = i * Math.PI / 3;
      p.push((x + r * Math.cos(a)).toFixed(1) + "," + (y + r * Math.sin(a)).toFixed(1));
    }
    return p.join(" ");
  }
  function drawPiece(p) {
    var c = centre[p.hex];
    if (!c) { return; }
    var x = c[0], y = c[1], r = p.ground ? S - 3 : S * 0.8;
    var g = el("g", {"class": "piece" + (p.ground ? " ground" : "")}, pieces);
    var tip = el("title", {}, g);
    tip.textContent = "player " + p.p + ": " + p.tok + " (" + p.kind + ")" + (p.wounds ? ", " + p.wounds + " wound(s)" : "") +
      (p.taken ? ", taken over" : "") + (p.netted ? ", netted" : "") +
      (p.statuses ? ", " + p.statuses : "");
    el("polygon", {points: hexPoints(x, y, r), fill: fills[p.p - 1] || "#eee", stroke: kinds[p.kind] || "#666",
      "stroke-width": p.ground ? 2 : 3, "stroke-dasharray": p.ground ? "5 3" : "none"}, g);
    // The facing: a notch on the edge the token's top points to.
    var a = (-90 + 60 * p.dir) * Math.PI / 180, ap = r * 0.866;
    var ex = x + ap * Math.cos(a), ey = y + ap * Math.sin(a);
    var px = -Math.sin(a) * 7, py = Math.cos(a) * 7;
    el("polygon", {points: (ex + px).toFixed(1) + "," + (ey + py).toFixed(1) + " " + (ex - px).toFixed(1) + "," + (ey - py).toFixed(1) + " " +
      (x + (ap - 10) * Math.cos(a)).toFixed(1) + "," + (y + (ap - 10) * Math.sin(a)).toFixed(1), fill: kinds[p.kind] || "#666"}, g);
    // What is printed on each edge, turned with the token: red triangles
    // for melee, blue bars for ranged, a grey band for armor, a green dot
    // for a net, a gold dot for a link.
    var edges = (p.edges || "").split("|");
    for (var d = 0; d < edges.length && d < 6; d++) {
      var code = edges[d];
      if (!code) { continue; }
      var ea = (-90 + 60 * ((p.dir + d) %% 6)) * Math.PI / 180, ca = Math.cos(ea), sa = Math.sin(ea);
      var mx = x + ap * 0.8 * ca, my = y + ap * 0.8 * sa;
      var m = /m(\d+)/.exec(code), rg = /r(\d+)/.exec(code);
      if (code.indexOf("a") >= 0) {
        el("line", {x1: (x + ap * 0.93 * ca - sa * r * 0.4).toFixed(1), y1: (y + ap * 0.93 * sa + ca * r * 0.4).toFixed(1),
          x2: (x + ap * 0.93 * ca + sa * r * 0.4).toFixed(1), y2: (y + ap * 0.93 * sa - ca * r * 0.4).toFixed(1), stroke: "#5f6368", "stroke-width": 4, "class": "armor"}, g);
      }
      if (m) {
        var n = Math.min(parseInt(m[1], 10), 3);
        for (var k = 0; k < n; k++) {
          var off = (k - (n - 1) / 2) * 8, bx = mx - sa * off, by = my + ca * off;
          el("polygon", {"class": "melee", fill: "#b3261e", points: (bx + ca * 5).toFixed(1) + "," + (by + sa * 5).toFixed(1) + " " +
            (bx - ca * 3 - sa * 4).toFixed(1) + "," + (by - sa * 3 + ca * 4).toFixed(1) + " " + (bx - ca * 3 + sa * 4).toFixed(1) + "," + (by - sa * 3 - ca * 4).toFixed(1)}, g);
        }
      }
      if (rg) {
        var nr = Math.min(parseInt(rg[1], 10), 3);
        for (var q = 0; q < nr; q++) {
          var o2 = (q - (nr - 1) / 2) * 6 + (m ? 12 : 0), rx = mx - sa * o2, ry = my + ca * o2;
          el("line", {"class": "ranged", stroke: "#1f4e9c", "stroke-width": 2.5, x1: (rx - ca * 5).toFixed(1), y1: (ry - sa * 5).toFixed(1),
            x2: (rx + ca * 6).toFixed(1), y2: (ry + sa * 6).toFixed(1)}, g);
        }
      }
      if (code.indexOf("n") >= 0) {
        el("circle", {"class": "net", cx: (mx - ca * 8).toFixed(1), cy: (my - sa * 8).toFixed(1), r: 3, fill: "#2e7d32"}, g);
      }
      if (code.indexOf("l") >= 0) {
        el("circle", {"class": "link", cx: (x + ap * 0.95 * ca).toFixed(1), cy: (y + ap * 0.95 * sa).toFixed(1), r: 3.5, fill: "#e0a800"}, g);
      }
    }
    var name = p.tok.length > 11 ? p.tok.slice(0, 10) + "…" : p.tok;
    var t = el("text", {x: x.toFixed(1), y: (y + (p.ground ? 16 : 3)).toFixed(1)}, g);
    t.textContent = name + (p.taken ? " ⇄" : "") + (p.netted ? " #" : "");
    for (var w = 0; w < p.wounds; w++) {
      el("circle", {cx: (x - 4.5 * (p.wounds - 1) + 9 * w).toFixed(1), cy: (y + 14).toFixed(1), r: 3.5, fill: "#c62828"}, g);
    }
  }
  function drawArrow(a) {
    var f = centre[a[0]], t = centre[a[1]];
    if (!f || !t) { return; }
    var dx = t[0] - f[0], dy = t[1] - f[1], len = Math.sqrt(dx * dx + dy * dy) || 1;
    var ux = dx / len, uy = dy / len;
    var x1 = f[0] + ux * S * 0.45, y1 = f[1] + uy * S * 0.45, x2 = t[0] - ux * S * 0.45, y2 = t[1] - uy * S * 0.45;
    var col = a[2] === "r" ? "#1f4e9c" : "#b3261e";
    el("line", {x1: x1.toFixed(1), y1: y1.toFixed(1), x2: x2.toFixed(1), y2: y2.toFixed(1), stroke: col, "stroke-width": 3,
      "stroke-dasharray": a[2] === "r" ? "7 4" : "none", "class": "arrow"}, arrows);
    el("polygon", {points: x2.toFixed(1) + "," + y2.toFixed(1) + " " + (x2 - ux * 11 - uy * 6).toFixed(1) + "," + (y2 - uy * 11 + ux * 6).toFixed(1) + " " +
      (x2 - ux * 11 + uy * 6).toFixed(1) + "," + (y2 - uy * 11 - ux * 6).toFixed(1), fill: col}, arrows);
  }
  var cur = -1;
  function show(k) {
    k = Math.max(0, Math.min(steps.length - 1, k));
    if (cur >= 0 && log[cur]) { log[cur].classList.remove("cur"); }
    cur = k;
    slider.value = String(k);
    var st = steps[k], b = boards[st.b];
    while (pieces.firstChild) { pieces.removeChild(pieces.firstChild); }
    while (arrows.firstChild) { arrows.removeChild(arrows.firstChild); }
    for (var i = 0; i < b.p.length; i++) { if (b.p[i].ground) { drawPiece(b.p[i]); } }
    for (var j = 0; j < b.p.length; j++) { if (!b.p[j].ground) { drawPiece(b.p[j]); } }
    var as = st.a || [];
    for (var n = 0; n < as.length; n++) { drawArrow(as[n]); }
    where.textContent = "event " + (k + 1) + " of " + steps.length;
    var hqs = [];
    for (var s = 0; s < game.names.length; s++) { hqs.push(game.names[s] + " " + b.hq[s]); }
    hq.textContent = game.track + ": " + hqs.join(" · ") +
      (b.e ? " — energy: " + game.names[0] + " " + b.e[0] + " · " + game.names[1] + " " + b.e[1] : "");
    if (log[k]) {
      log[k].classList.add("cur");
      var box = log[k].parentNode;
      if (log[k].offsetTop < box.scrollTop || log[k].offsetTop > box.scrollTop + box.clientHeight - 20) {
        box.scrollTop = log[k].offsetTop - box.clientHeight / 2;
      }
    }
  }
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.getElementById("prev").addEventListener("click", function () { show(cur - 1); });
  document.getElementById("next").addEventListener("click", function () { show(cur + 1); });
  for (var li = 0; li < log.length; li++) {
    (function (k) { log[k].addEventListener("click", function () { show(k); }); })(li);
  }
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight" || e.key === "ArrowDown") { show(cur + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") { show(cur - 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(steps.length - 1); e.preventDefault(); }
  });
  // game.html#120 opens at event 120, so a moment of a game can be linked.
  var at = /^#(\d+)$/.exec(location.hash);
  show(at ? parseInt(at[1], 10) - 1 : 0);
})();
`
