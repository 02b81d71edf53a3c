package trace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/internal/golden"

	"github.com/hexforge/hexforge/htmlreport/htmltest"
)

// Frames gives one board per event, and the last is the final line's.
func TestFramesEndOnTheFinalBoard(t *testing.T) {
	raw, _, _ := record(t, "moloch", "borgo", "greedy", 7, 0, true)
	tr, err := Parse(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	_, frames, cells, err := Frames(tr, Loaders{Army: loadEmbedded})
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != len(tr.Events) || len(cells) != 19 {
		t.Fatalf("%d frames for %d events, %d hexes", len(frames), len(tr.Events), len(cells))
	}
	final := tr.Events[len(tr.Events)-1]
	last := frames[len(frames)-1]
	var got []string
	for _, p := range last.Pieces {
		s := fmt.Sprintf("%s P%d %s %s", p.Hex, p.P, p.Tok, []string{"N", "NE", "SE", "S", "SW", "NW"}[p.Dir])
		if p.Wounds > 0 {
			s += fmt.Sprintf(" w%d", p.Wounds)
		}
		if p.Ground {
			s += " ground"
		}
		if p.Taken {
			s += " taken"
		}
		if p.Netted {
			s += " netted"
		}
		got = append(got, s)
	}
	if strings.Join(got, "|") != strings.Join(final.Cells, "|") || last.HQ[0] != final.HQ[0] || last.HQ[1] != final.HQ[1] {
		t.Errorf("last frame %v HQ %v, final line %v HQ %v", got, last.HQ, final.Cells, final.HQ)
	}
	if len(frames[0].Pieces) != 0 {
		t.Errorf("the board before the first event holds %d pieces", len(frames[0].Pieces))
	}
	// A trace that does not replay gives no frames.
	bad := tamper(t, raw, 0, `"act":"place"`, `"act":"place","n":3`)
	if tb, err := Parse(bytes.NewReader(bad)); err == nil {
		if _, f, _, err := Frames(tb, Loaders{Army: loadEmbedded}); err == nil || f != nil {
			t.Errorf("a tampered trace gave %d frames, err %v", len(f), err)
		}
	}
}

// logLine is the log's line per event: as many as the game has events, so
// the golden leaves them out and the test counts them.
var logLine = regexp.MustCompile(`(?m)^ +li\.ev\.[a-z-]+\n`)

func TestReplayHTML(t *testing.T) {
	raw, _, _ := record(t, "moloch", "borgo", "greedy", 7, 0, true)
	tr, err := Parse(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	_, frames, cells, err := Frames(tr, Loaders{Army: loadEmbedded})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteHTML(&b, tr, frames, cells, "hexforge replay game.jsonl --format html"); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if u := htmltest.URLs(page); len(u) > 0 {
		t.Errorf("the page names URLs: %v", u)
	}
	skel := htmltest.Skeleton(page)
	if n := len(logLine.FindAllString(skel, -1)); n != len(tr.Events) {
		t.Errorf("%d log lines for %d events", n, len(tr.Events))
	}
	skel = logLine.ReplaceAllString(skel, "")
	golden.Check(t, "testdata/replay.skeleton", []byte(skel))
	for _, want := range []string{`id="step"`, `id="pieces"`, `id="arrows"`, `<script type="application/json" id="game">`, "ArrowRight", "<dd>hexforge replay game.jsonl --format html</dd>"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Boards and events that do not go together are refused, not drawn.
	if err := WriteHTML(&b, tr, frames[:1], cells, ""); err == nil {
		t.Error("one board for a whole game accepted")
	}
}

// The page's script runs under Node against a stub DOM (no browser here):
// every event can be stepped to, the board holds tokens, battles draw
// arrows, exactly one log line is current. Skipped without Node.
func TestReplayScriptSteps(t *testing.T) {
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed: the replay script is not run")
	}
	raw, _, _ := record(t, "moloch", "borgo", "greedy", 7, 0, true)
	tr, err := Parse(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	_, frames, cells, err := Frames(tr, Loaders{Army: loadEmbedded})
	if err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "game.html")
	var b strings.Builder
	if err := WriteHTML(&b, tr, frames, cells, ""); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(nodeBin, "testdata/domstub.js", page).CombinedOutput()
	if err != nil {
		t.Fatalf("the script failed: %v\n%s", err, out)
	}
	var got struct {
		Hexes, Steps, Lis, MaxPieces, MaxArrows, Cur, Marks int
		AtEnd, After                                        string
		Jumps                                               []string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	n := len(tr.Events)
	if got.Hexes != 19 || got.Steps != n || got.Lis != n || got.MaxPieces == 0 || got.MaxArrows == 0 || got.Cur != 1 || got.Marks == 0 ||
		got.AtEnd != fmt.Sprintf("event %d of %d", n, n) || got.After != fmt.Sprintf("event 4 of %d", n) {
		t.Errorf("after stepping through: %+v (want %d steps)", got, n)
	}
	// From the first event, B goes to the first battle, ] to the first hit
	// after it, Shift+T back to the turn the battle is in.
	first := func(kind string, from int) int {
		for i := from; i < n; i++ {
			if tr.Events[i].E == kind {
				return i
			}
		}
		t.Fatalf("no %s after event %d", kind, from+1)
		return 0
	}
	bt := first("battle", 0)
	hit := first("hit", bt)
	turn := 0
	for i := range bt {
		if tr.Events[i].E == "turn" {
			turn = i
		}
	}
	want := []string{
		fmt.Sprintf("event %d of %d | turn %d · player %d · battle 1", bt+1, n, tr.Events[turn].N, tr.Events[turn].P),
		fmt.Sprintf("event %d of %d | turn %d · player %d · battle 1", hit+1, n, tr.Events[turn].N, tr.Events[turn].P),
		fmt.Sprintf("event %d of %d | turn %d · player %d", turn+1, n, tr.Events[turn].N, tr.Events[turn].P),
	}
	if !slices.Equal(got.Jumps, want) {
		t.Errorf("B, ] and Shift+T from the first event: %q, want %q", got.Jumps, want)
	}
}

// During a battle the page shows the battle as it went, not the board after
// it (which is what the engine has when it sends the battle's log): each
// hit's attacker and target are on the board as the hit is shown, and the
// target is gone once it is destroyed.
func TestReplayHTMLBattleAsItWent(t *testing.T) {
	hits, destroyed := 0, 0
	for _, seed := range []uint64{7, 3, 11, 19, 23} {
		h, d := checkBattles(t, seed)
		hits, destroyed = hits+h, destroyed+d
	}
	if hits == 0 || destroyed == 0 {
		t.Fatalf("the games have %d hits and %d destroyed units: pick others", hits, destroyed)
	}
	// A hit adds its wounds to a copy: the board before it is unchanged.
	before := viewBoard{HQ: []int{20, 20}, Pieces: []Piece{{Hex: "c3", P: 1, Tok: "HQ", Kind: "hq"}}}
	after := before
	after.apply(&Event{E: "hit", To: "c3", TP: 1, TTok: "HQ", N: 2})
	if before.Pieces[0].Wounds != 0 || after.Pieces[0].Wounds != 2 || !slices.Equal(after.HQ, []int{18, 20}) || !slices.Equal(before.HQ, []int{20, 20}) {
		t.Errorf("apply: before %+v, after %+v", before, after)
	}
}

// checkBattles checks the battles of one game's page and counts its hits
// and destroyed units.
func checkBattles(t *testing.T, seed uint64) (hits, destroyed int) {
	t.Helper()
	raw, _, _ := record(t, "moloch", "borgo", "greedy", seed, 0, true)
	tr, err := Parse(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	_, frames, cells, err := Frames(tr, Loaders{Army: loadEmbedded})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteHTML(&b, tr, frames, cells, ""); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<script type="application/json" id="game">(.*?)</script>`).FindStringSubmatch(b.String())
	if m == nil {
		t.Fatal("no game data")
	}
	var data struct {
		Steps  []viewStep
		Boards []viewBoard
	}
	if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
		t.Fatal(err)
	}
	at := func(step int, hex string, p int, tok string) *Piece {
		for _, x := range data.Boards[data.Steps[step].Board].Pieces {
			if x.Hex == hex && x.P == p && x.Tok == tok && !x.Ground {
				return &x
			}
		}
		return nil
	}
	for i, e := range tr.Events {
		switch e.E {
		case "hit":
			hits++
			if at(i, e.Hex, e.P, e.Tok) == nil || at(i, e.To, e.TP, e.TTok) == nil {
				t.Errorf("seed %d, event %d (%s): attacker or target not on the board shown", seed, i+1, compact(&tr.Events[i]))
			}
		case "destroyed":
			destroyed++
			if at(i, e.Hex, e.P, e.Tok) != nil || at(i-1, e.Hex, e.P, e.Tok) == nil {
				t.Errorf("seed %d, event %d (%s): not on the board before and gone after", seed, i+1, compact(&tr.Events[i]))
			}
		}
	}
	return hits, destroyed
}

// A hit of no wounds says why on the page's log line (the HQ rule, armor),
// though the trace file holds no reason: the replay takes it from the
// engine, so old traces get it too and the files stay as they were.
func TestReplayHTMLZeroWoundReason(t *testing.T) {
	all := map[string]int{}
	for _, seed := range []uint64{3, 5} { // armor in game 3, the HQ rule in 5
		for why, n := range zeroWoundLines(t, seed) {
			all[why] += n
		}
	}
	if all["hq"] == 0 || all["armor"] == 0 {
		t.Fatalf("reasons of the games' hits of no wounds: %v; want the HQ rule and armor (pick other games)", all)
	}
}

// zeroWoundLines checks the log lines of one game's hits of no wounds and
// counts their reasons.
func zeroWoundLines(t *testing.T, seed uint64) map[string]int {
	t.Helper()
	raw, _, _ := record(t, "moloch", "borgo", "greedy", seed, 0, true)
	if bytes.Contains(raw, []byte(`"why"`)) {
		t.Fatal("the trace file holds a reason: traces would change")
	}
	tr, err := Parse(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	_, frames, cells, err := Frames(tr, Loaders{Army: loadEmbedded})
	if err != nil {
		t.Fatal(err)
	}
	whys := map[string]int{}
	for _, e := range tr.Events {
		if e.E == "hit" && e.N == 0 {
			if e.Why == "" {
				t.Errorf("seed %d: a hit of no wounds with no reason: %s", seed, compact(&e))
			}
			whys[e.Why]++
		}
		if e.N > 0 && e.Why != "" {
			t.Errorf("seed %d: a hit that wounds has the reason %q: %s", seed, e.Why, compact(&e))
		}
	}
	var b strings.Builder
	if err := WriteHTML(&b, tr, frames, cells, ""); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for why, n := range whys {
		line := "0 wounds — " + html.EscapeString(whyWords[why]) + "</li>"
		if got := strings.Count(page, line); got != n {
			t.Errorf("seed %d: %d log lines end %q, want %d", seed, got, line, n)
		}
	}
	return whys
}
