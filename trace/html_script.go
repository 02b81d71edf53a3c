package trace

import (
	"fmt"

	"github.com/hexforge/hexforge/htmlreport"
)

// replayLayoutCSS sizes the board to the window: as wide as the window
// leaves beside the controls and the log (at least 300 px of them), and no
// taller than the window under the page's title, so the whole board is in
// view from the moment the page opens. Under 900 px the controls go above
// the board (staying at the top of the window as the page scrolls) and the
// log below it. ratio is the board's width over its height.
func replayLayoutCSS(ratio float64) string {
	r := htmlreport.Num(ratio)
	return fmt.Sprintf(`.board { width: min(calc(100vw - 360px), calc((100vh - 72px) * %s)); }
@media (max-width: 900px) {
  .replay { grid-template-columns: minmax(0, 1fr); grid-template-areas: "controls" "board" "side"; }
  .controls { position: sticky; top: 0; z-index: 2; border-bottom: 1px solid #e4e4e4; }
  .board { width: min(100%%, calc((100vh - 170px) * %s)); }
  .log { max-height: 45vh; }
}
`, r, r)
}

const replayCSS = `body { max-width: none; }
h1 { font-size: 19px; }
.replay { display: grid; grid-template-columns: auto minmax(300px, 1fr); grid-template-rows: auto 1fr; grid-template-areas: "board controls" "board side"; gap: 6px 16px; align-items: start; }
.controls { grid-area: controls; background: #fff; padding: 4px 0 6px 0; }
.board { grid-area: board; }
.side { grid-area: side; min-width: 0; }
.controls .row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; }
.controls .row + .row { margin-top: 6px; font-size: 13px; min-height: 34px; align-items: flex-start; }
.controls input#step { flex: 1 1 160px; min-width: 120px; }
.controls button { font-size: 14px; padding: 2px 9px; }
.controls button#play { min-width: 74px; font-weight: bold; }
.controls label { font-size: 13px; color: #444; }
#where { font-size: 13px; color: #444; font-variant-numeric: tabular-nums; }
#at { font-weight: bold; color: #333; }
#now { color: #222; white-space: pre-wrap; flex: 1 1 200px; }
.board svg { display: block; width: 100%; height: auto; }
polygon.hex { fill: #f6f4ee; stroke: #c9c4b5; stroke-width: 1.5; }
polygon.hex.terminal { fill: #ece6d2; }
polygon.terminal-ring { fill: none; stroke: #6b5b2e; stroke-width: 4; }
text.hexname { font-size: 9px; fill: #857e6e; pointer-events: none; }
.log { max-height: calc(100vh - 190px); overflow-y: auto; font-size: 12px; margin: 0; padding-left: 44px; border: 1px solid #ddd; }
.log li { padding: 1px 4px; cursor: pointer; }
.log li.cur { background: #ffe9a8; }
.log li.turn { font-weight: bold; margin-top: 4px; }
.log li.battle, .log li.result, .log li.final { font-weight: bold; color: #7a2a2a; }
.piece text { font-size: 10px; text-anchor: middle; pointer-events: none; paint-order: stroke; stroke-width: 2.5px; stroke-linejoin: round; }
.piece text.ground { font-size: 7px; fill: #5b4a37; }
.piece text.wounds { font-size: 10px; font-weight: bold; }
dl.meta { margin-top: 12px; }
p.keys { font-size: 13px; color: #444; line-height: 1.9; max-width: 1100px; }
kbd { font-family: "DejaVu Sans Mono", monospace; font-size: 12px; border: 1px solid #bbb; border-bottom-width: 2px; border-radius: 3px; padding: 0 4px; background: #f7f7f7; }
`

// replayJS draws the board of the current step, plays the game on by
// itself and jumps between turns, battles and events of a kind. It is
// written for the page alone: no library, no request.
const replayJS = `(function () {
  "use strict";
  var game = JSON.parse(document.getElementById("game").textContent);
  var S = game.size;
  var steps = game.steps, boards = game.boards, kinds = game.kinds;
  var $ = function (id) { return document.getElementById(id); };
  var slider = $("step"), pieces = $("pieces"), arrows = $("arrows");
  var log = $("log").children;
  var where = $("where"), at = $("at"), now = $("now"), hq = $("hq");
  var playBtn = $("play"), speed = $("speed"), kindSel = $("kind");
  var NS = pieces.namespaceURI; // the SVG namespace, taken from the page rather than spelled out
  var strokes = {hq: "#b8860b", warrior: "#2f5d8f", module: "#2e7d3e", instant: "#a8322b", foundation: "#6f5236"};
  var fills = ["#dbe8f7", "#f7dede", "#dcefd9", "#f6ebc8"]; // the seats' colours (seatColours)
  var TOKEN = 0.72; // a unit's hexagon, of the hex's: the ring left round it holds the hex's name
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
  // nameLines splits a long name in two at the space or hyphen nearest its
  // middle ("Armored" / "Guard", "Hunter-" / "Killer"): whole names, never cut.
  function nameLines(name) {
    if (name.length <= 8) { return [name]; }
    var best = -1, mid = name.length / 2;
    for (var i = 1; i < name.length - 1; i++) {
      var c = name.charAt(i);
      if ((c === " " || c === "-") && (best < 0 || Math.abs(i - mid) < Math.abs(best - mid))) { best = i; }
    }
    if (best < 0) { return [name]; }
    return [name.slice(0, name.charAt(best) === "-" ? best + 1 : best), name.slice(best + 1)];
  }
  // fitText shrinks a name's font until its longest line is no wider than
  // width, down to 7 units, then squeezes the line into width.
  function fitText(t, width) {
    if (!t.getComputedTextLength) { return; }
    var spans = t.childNodes, widest = 0;
    for (var i = 0; i < spans.length; i++) { widest = Math.max(widest, spans[i].getComputedTextLength()); }
    if (widest <= width) { return; }
    var size = Math.max(7, Math.floor(10 * width / widest * 10) / 10);
    t.setAttribute("font-size", String(size));
    for (var j = 0; j < spans.length; j++) {
      if (spans[j].getComputedTextLength() > width) {
        spans[j].setAttribute("textLength", width.toFixed(1));
        spans[j].setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  }
  function drawPiece(p) {
    var c = centre[p.hex];
    if (!c) { return; }
    var x = c[0], y = c[1], r = p.ground ? S - 3 : S * TOKEN;
    var g = el("g", {"class": "piece" + (p.ground ? " ground" : "")}, pieces);
    var tip = el("title", {}, g);
    tip.textContent = "player " + p.p + ": " + p.tok + " (" + p.kind + ")" + (p.wounds ? ", " + p.wounds + " wound(s)" : "") +
      (p.taken ? ", taken over" : "") + (p.netted ? ", netted" : "") +
      (p.statuses ? ", " + p.statuses : "");
    var fill = fills[p.p - 1] || "#eee";
    el("polygon", {points: hexPoints(x, y, r), fill: fill, stroke: strokes[p.kind] || "#666",
      "stroke-width": p.ground ? 2 : 3, "stroke-dasharray": p.ground ? "5 3" : "none"}, g);
    var label = p.tok + (p.taken ? " ⇄" : "") + (p.netted ? " #" : "");
    if (p.ground) {
      // A foundation's name in the ring above the unit that may stand on it.
      var gt = el("text", {x: x.toFixed(1), y: (y - S * 0.68).toFixed(1), "class": "ground", stroke: fill}, g);
      gt.textContent = label;
      return;
    }
    // The facing: a notch on the edge the token's top points to.
    var a = (-90 + 60 * p.dir) * Math.PI / 180, ap = r * 0.866;
    var ex = x + ap * Math.cos(a), ey = y + ap * Math.sin(a);
    var px = -Math.sin(a) * 7, py = Math.cos(a) * 7;
    el("polygon", {points: (ex + px).toFixed(1) + "," + (ey + py).toFixed(1) + " " + (ex - px).toFixed(1) + "," + (ey - py).toFixed(1) + " " +
      (x + (ap - 10) * Math.cos(a)).toFixed(1) + "," + (y + (ap - 10) * Math.sin(a)).toFixed(1), fill: strokes[p.kind] || "#666"}, g);
    // What is printed on each edge, turned with the token: red triangles
    // for melee, blue bars for ranged, a grey band for armor, a green dot
    // for a net, a gold dot for a link.
    var edges = (p.edges || "").split("|");
    for (var d = 0; d < edges.length && d < 6; d++) {
      var code = edges[d];
      if (!code) { continue; }
      var ea = (-90 + 60 * ((p.dir + d) % 6)) * Math.PI / 180, ca = Math.cos(ea), sa = Math.sin(ea);
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
    // The whole name, on one line or two, shrunk to fit the token.
    var lines = nameLines(label);
    var t = el("text", {x: x.toFixed(1), y: (y + (lines.length > 1 ? -2 : 3)).toFixed(1), "class": "name", stroke: fill}, g);
    for (var ln = 0; ln < lines.length; ln++) {
      var sp = el("tspan", {x: x.toFixed(1), dy: ln ? "10" : "0"}, t);
      sp.textContent = lines[ln];
    }
    fitText(t, r * 1.55);
    // A red dot a wound; past four (an HQ's), one dot and the count.
    var dots = p.wounds > 4 ? 1 : p.wounds;
    for (var w = 0; w < dots; w++) {
      el("circle", {cx: (x - 4.5 * (dots - 1) + 9 * w - (p.wounds > 4 ? 7 : 0)).toFixed(1), cy: (y + 15).toFixed(1), r: 3.2, fill: "#c62828", "class": "wound"}, g);
    }
    if (p.wounds > 4) {
      var wt = el("text", {x: (x + 4).toFixed(1), y: (y + 18.5).toFixed(1), "class": "wounds", fill: "#c62828", stroke: fill}, g);
      wt.textContent = "×" + p.wounds;
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
  // where is step k in the game: its turn and, inside a battle, the battle.
  function place(k) {
    var s = "set-up";
    for (var i = game.turns.length - 1; i >= 0; i--) {
      var tn = game.turns[i];
      if (tn[0] <= k) { s = "turn " + tn[1] + " · player " + tn[2]; break; }
    }
    for (var j = game.battles.length - 1; j >= 0; j--) {
      var b = game.battles[j];
      if (b[0] <= k) {
        if (k <= b[2]) { s += " · battle " + b[1]; }
        break;
      }
    }
    return s;
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
    at.textContent = place(k);
    var hqs = [];
    for (var s = 0; s < game.names.length; s++) { hqs.push(game.names[s] + " " + b.hq[s]); }
    hq.textContent = game.track + ": " + hqs.join(" · ") +
      (b.e ? " — energy: " + game.names[0] + " " + b.e[0] + " · " + game.names[1] + " " + b.e[1] : "");
    if (log[k]) {
      now.textContent = log[k].textContent.replace(/^\s+/, "");
      log[k].classList.add("cur");
      var box = log[k].parentNode;
      if (log[k].offsetTop < box.scrollTop || log[k].offsetTop > box.scrollTop + box.clientHeight - 20) {
        box.scrollTop = log[k].offsetTop - box.clientHeight / 2;
      }
    }
  }
  // jump shows the next (dir 1) or previous (dir -1) event of kind kind;
  // it stays put when there is none.
  function jump(kind, dir) {
    for (var k = cur + dir; k >= 0 && k < steps.length; k += dir) {
      if (kinds[k] === kind) { show(k); return; }
    }
  }
  // Autoplay: one event each 1/speed seconds, stopping at the end.
  var timer = null;
  function tick() {
    if (cur >= steps.length - 1) { pause(); return; }
    show(cur + 1);
    timer = setTimeout(tick, 1000 / parseFloat(speed.value));
  }
  function play() {
    if (timer) { return; }
    if (cur >= steps.length - 1) { show(0); }
    playBtn.textContent = "Pause";
    playBtn.setAttribute("aria-pressed", "true");
    timer = setTimeout(tick, 1000 / parseFloat(speed.value));
  }
  function pause() {
    if (timer) { clearTimeout(timer); }
    timer = null;
    playBtn.textContent = "Play";
    playBtn.setAttribute("aria-pressed", "false");
  }
  function faster(by) {
    speed.selectedIndex = Math.max(0, Math.min(speed.options.length - 1, speed.selectedIndex + by));
  }
  function button(id, f) {
    $(id).addEventListener("click", function () { f(); this.blur(); }); // the keys stay the page's
  }
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  // A choice made, the lists give the keys back to the page (a focused
  // list takes the letters and the space for itself).
  speed.addEventListener("change", function () { speed.blur(); });
  kindSel.addEventListener("change", function () { kindSel.blur(); });
  button("prev", function () { show(cur - 1); });
  button("next", function () { show(cur + 1); });
  button("play", function () { if (timer) { pause(); } else { play(); } });
  button("prevturn", function () { jump("turn", -1); });
  button("nextturn", function () { jump("turn", 1); });
  button("prevbattle", function () { jump("battle", -1); });
  button("nextbattle", function () { jump("battle", 1); });
  button("prevkind", function () { jump(kindSel.value, -1); });
  button("nextkind", function () { jump(kindSel.value, 1); });
  for (var li = 0; li < log.length; li++) {
    (function (k) { log[k].addEventListener("click", function () { show(k); }); })(li);
  }
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) { return; } // the browser's own shortcuts
    var tag = e.target && e.target.tagName;
    if (tag === "SELECT" || (tag === "INPUT" && e.target.type !== "range")) { return; }
    var key = e.key, done = true;
    if (key === "ArrowRight" || key === "ArrowDown") { show(cur + 1); }
    else if (key === "ArrowLeft" || key === "ArrowUp") { show(cur - 1); }
    else if (key === "Home") { show(0); }
    else if (key === "End") { show(steps.length - 1); }
    else if (key === " " || key === "p" || key === "P") { if (timer) { pause(); } else { play(); } }
    else if (key === "+" || key === "=") { faster(1); }
    else if (key === "-" || key === "_") { faster(-1); }
    else if (key === "t") { jump("turn", 1); }
    else if (key === "T") { jump("turn", -1); }
    else if (key === "b") { jump("battle", 1); }
    else if (key === "B") { jump("battle", -1); }
    else if (key === "]") { jump(kindSel.value, 1); }
    else if (key === "[") { jump(kindSel.value, -1); }
    else { done = false; }
    if (done) { e.preventDefault(); }
  });
  // game.html#120 opens at event 120, so a moment of a game can be linked
  // (and a link to #120 within the page goes there).
  function fromHash() {
    var hash = /^#(\d+)$/.exec(location.hash);
    return hash ? parseInt(hash[1], 10) - 1 : -1;
  }
  window.addEventListener("hashchange", function () { var k = fromHash(); if (k >= 0) { show(k); } });
  show(Math.max(0, fromHash()));
})();
`
