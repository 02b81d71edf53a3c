// A stub DOM, just enough for the replay page's script, so that a Go test
// can run the script under Node (when installed) with no browser: it steps
// through every event with the arrow keys and prints what it drew as JSON.
// Any exception (or NaN written into an attribute) fails the run.
const fs = require("fs");
const page = fs.readFileSync(process.argv[2], "utf8");
const script = page.match(/<script>\n([\s\S]*?)<\/script>/)[1];
const data = page.match(/<script type="application\/json" id="game">([\s\S]*?)<\/script>/)[1];
function node(name) {
  return { name, attrs: {}, children: [], textContent: "", parentNode: null, offsetTop: 0, scrollTop: 0, clientHeight: 500,
    namespaceURI: "svgns", listeners: {},
    setAttribute(k, v) { if (v === undefined || (typeof v === "number" && isNaN(v))) throw new Error("bad attr " + k); if (String(v).includes("NaN")) throw new Error("NaN in " + k + "=" + v); this.attrs[k] = v; },
    getAttribute(k) { return this.attrs[k]; },
    appendChild(c) { this.children.push(c); c.parentNode = this; return c; },
    removeChild(c) { this.children.splice(this.children.indexOf(c), 1); },
    get firstChild() { return this.children[0] || null; },
    addEventListener(t, f) { this.listeners[t] = f; },
    classList: null };
}
function withClass(n) { const s = new Set(); n.classList = { add: c => s.add(c), remove: c => s.delete(c), has: c => s.has(c) }; return n; }
const ids = {};
for (const id of ["step", "pieces", "arrows", "where", "at", "now", "hq", "prev", "next", "play", "prevturn", "nextturn", "prevbattle", "nextbattle", "prevkind", "nextkind"]) ids[id] = withClass(node(id));
ids.speed = withClass(node("select")); ids.speed.value = "4"; ids.speed.selectedIndex = 2; ids.speed.options = [1, 2, 3, 4, 5, 6];
ids.kind = withClass(node("select")); ids.kind.value = "hit";
ids.game = node("script"); ids.game.textContent = data;
const log = withClass(node("ol"));
const lis = (page.match(/<li class="ev/g) || []).length;
for (let i = 0; i < lis; i++) { const li = withClass(node("li")); li.offsetTop = i * 16; log.appendChild(li); }
ids.log = log;
const hexes = [];
for (const m of page.matchAll(/<polygon class="hex" points="[^"]*" data-hex="([^"]*)" data-x="([^"]*)" data-y="([^"]*)"/g)) {
  const h = node("polygon"); h.attrs = { "data-hex": m[1], "data-x": m[2], "data-y": m[3] }; hexes.push(h);
}
const docListeners = {};
global.location = { hash: "" };
global.window = { addEventListener: () => {} };
global.document = { getElementById: id => ids[id], querySelectorAll: () => hexes, createElementNS: (ns, n) => withClass(node(n)),
  addEventListener: (t, f) => { docListeners[t] = f; } };
eval(script);
let maxPieces = 0, maxArrows = 0;
const steps = JSON.parse(data).steps.length;
for (let k = 0; k < steps + 2; k++) {
  docListeners.keydown({ key: "ArrowRight", preventDefault() {} });
  maxPieces = Math.max(maxPieces, ids.pieces.children.length);
  maxArrows = Math.max(maxArrows, ids.arrows.children.length);
}
const atEnd = ids.where.textContent;
let marks = 0; // edge marks (melee, ranged) on the final board
for (const g of ids.pieces.children) for (const c of g.children) if (c.attrs["class"] === "melee" || c.attrs["class"] === "ranged") marks++;
docListeners.keydown({ key: "ArrowLeft", preventDefault() {} });
ids.step.value = "3"; ids.step.listeners.input();
const after = ids.where.textContent;
// The jump keys from the first event: the next battle, then the next hit
// (the kind chosen), then back to the turn before.
docListeners.keydown({ key: "Home", preventDefault() {} });
const jumps = [];
for (const key of ["b", "]", "T"]) {
  docListeners.keydown({ key, preventDefault() {} });
  jumps.push(ids.where.textContent + " | " + ids.at.textContent);
}
console.log(JSON.stringify({ marks, hexes: hexes.length, steps, lis, maxPieces, maxArrows, atEnd, after, hq: ids.hq.textContent,
  cur: log.children.filter(l => l.classList.has("cur")).length, jumps }));
