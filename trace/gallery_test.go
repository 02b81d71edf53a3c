package trace

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// The gallery of docs/gallery.md: fan armies that together use every
// concept of the army language. TestGallery compiles each, plays it
// against Moloch with the greedy player, replays every game from its
// trace, and checks that each army's signature abilities did something
// in those real games: a trace line they caused, and a per-token figure
// of the sim report.

const galleryDir = "../armies/testdata/gallery"

// signature is one ability of a gallery army and where it must show: a
// trace line of kind line that the token caused (its own line, a status
// it gave, or a line after its act or its observer's firing, up to the
// next), and the per-token figure field (sim.TokenStat's JSON name) of
// the token; "" for none.
type signature struct {
	token, line, figure string
}

var gallery = map[string][]signature{
	"tidecallers.army": {
		{"Hook", "move", "moves"},        // on placed: enemy pull in_line
		{"Breaker", "move", "moves"},     // on turn_start: move 1 unit=self toward=nearest_enemy
		{"Wavebreaker", "move", "moves"}, // on placed: enemy push every adjacent
		{"Shockwave", "move", "moves"},   // enemy push every within=2 of=own_hq
		{"Decoy", "swap", "moves"},       // enemy swap within=2 of=own
		{"Riptide", "move", "moves"},     // enemy move 1 toward=own_hq
		{"Harpooner", "", "rotations"},   // trait rotation
		{"Ebb", "move", "moves"},         // move 1 away=nearest_enemy
	},
	"hexers.army": {
		{"Trapper", "status", "status_turns"}, // give "Rooted" every adjacent
		{"Stalker", "status", "status_turns"}, // give "Hunted": until giver_leaves
		{"Spotter", "status", "status_turns"}, // after_battle: give "Slowed" in_line
		{"Brazier", "status", "step_wounds"},  // "Burning": on turn_start damage 1 unit=self
		{"Talisman", "status", "status_turns"},
		{"Flare", "status", "status_turns"}, // give "Marked" every adjacent of=enemy_hq
		{"Hex", "status", "step_wounds"},    // damage 1, give "Burning" unit=target
		{"", "status_end", ""},
	},
	"wardens.army": {
		{"Watchtower", "observe", ""},          // when destroyed friend kind=warrior adjacent: draw 1
		{"Banner", "draw", ""},                 // when destroyed friend linked: draw 1
		{"Shrine", "observe", "healed"},        // when destroyed enemy: friend heal 1 every adjacent
		{"Sentry", "net", ""},                  // when placed enemy adjacent once: net unit=event
		{"Field Medic", "heal", "healed"},      // when wounded own within=2: friend heal 1 unit=event
		{"Tripwire", "wound", "step_wounds"},   // when moved enemy adjacent: damage 1 unit=event
		{"Avenger", "observe", "step_wounds"},  // when wounded friend kind=hq: damage 1 adjacent of=own_hq
		{"Netwatcher", "wound", "step_wounds"}, // when netted enemy within=2: damage 1 unit=event
		{"Lookout", "wound", "step_wounds"},    // when placed enemy in_line of=own_hq once: damage 1 unit=event
		{"Net Throw", "net", ""},
	},
	"reliquary.army": {
		{"Reliquarian", "recover", "tokens_moved"},
		{"Zealot", "", "healed"},
		{"Censer", "wound", "step_wounds"},
		{"Recall", "remove", "tokens_moved"},
		{"Resurrection", "recover", "tokens_moved"},
	},
	"siegeworks.army": {
		{"Foundry", "", "healed"}, // on turn_start: heal 1 radius=1 at=own_hq
		{"Sapper", "", "step_wounds"},
		{"Repair Bay", "", "healed"},
		{"Minefield", "", "step_wounds"},
		{"Shell", "wound", "step_wounds"},
		{"Barrage", "wound", "step_wounds"},
		{"Breach", "remove", "step_removed"},
		{"Overhaul", "heal", "healed"},
		{"Siege Gun", "wound", ""},
	},
	"warband.army": {
		{"Veteran", "value", "step_wounds"},      // on own_turn if=unwounded: damage "max(1, min(wounds(own_hq), 3))" adjacent
		{"Reaver Chief", "value", "step_wounds"}, // damage "max(1, most_melee(friend kind=warrior adjacent))" in_line
		{"Muster", "value", ""},                  // draw "min(count(enemy adjacent of=enemy_hq), 2)"
		{"Triage", "value", "healed"},            // heal "min(1 + count(friend adjacent of=own_hq), 9)" hq
		{"Last Push", "value", "step_wounds"},    // damage "max(1, min(3, 8 - deck(enemy)))"
	},
	"bulwark.army": {
		{"Warden", "place_by_hq", ""},           // place only: friend kind=hq adjacent (never elsewhere: galleryRules)
		{"Gunner", "wound", "step_wounds"},      // group "Battery" per_turn=1 (one use a turn: galleryRules)
		{"Mortar", "wound", "step_wounds"},      // on own_turn: damage 1 within=2, in the Battery group
		{"Sniper Nest", "wound", "step_wounds"}, // on own_turn per_game=2: damage 1
		{"Smoke Pot", "expire", ""},             // until turns 1
		{"Flare", "expire", ""},                 // until turns 2, battle_end
	},
	"longbows.army": {
		{"Marksman", "attack", "step_wounds"},      // on own_turn: attack ranged 1 aimed range=3 unit=self (aimed within 3: galleryRules)
		{"Ballista", "attack", "step_wounds"},      // on own_turn per_turn=1: attack ranged 1 piercing stopped_by=hq unit=self
		{"Skirmisher", "attack", "step_wounds"},    // on after_battle: attack melee 1 unit=self optional; trait mobility per_turn=1 (galleryRules)
		{"Volley", "attack", "step_wounds"},        // attack ranged 1 range=4 (any own unit shoots)
		{"Covering Fire", "attack", "step_wounds"}, // attack ranged 2 stopped_by=friends
		{"Sally", "attack", "step_wounds"},         // attack melee 2 unit=own_hq
	},
	"ironroot.army": {
		{"Thornshooter", "move", "moves"}, // trait mobility, moved further by global: move +1
		{"Spore Pod", "ability", ""},      // on instead_of_attack
		{"Mirrorbark", "reflect", ""},
		{"Mycelium", "absorb", ""},
		{"Sap Well", "", "kept_alive"},
		{"Crowhawk", "move", "moves"}, // scavenger
	},
}

// galleryStats is what the games of one army showed: the trace lines by
// the token that caused them, and the summed figures.
type galleryStats struct {
	lines map[[2]string]bool // {token, kind}
	// uses are, for each turn of the gallery army's player, the own-turn
	// abilities each token used: its triggers by its name, its traits by
	// its name and the ability ("Skirmisher move").
	uses  []map[string]int
	kinds map[string]bool
	// attacks are the attack lines (the attack step) of the gallery
	// army's units, by the token whose ability made them.
	attacks []causedEvent
	sum     *sim.Summary
	framed  bool // a frame of the replay page showed a unit's statuses
}

func TestGallery(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(galleryDir, "*.army"))
	if err != nil || len(files) < 6 {
		t.Fatalf("the gallery has %d armies (%v), want at least 6", len(files), err)
	}
	moloch, err := loadEmbedded("moloch")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		sigs, ok := gallery[name]
		if !ok {
			t.Errorf("%s: no signatures in the test's gallery table", name)
			continue
		}
		t.Run(strings.TrimSuffix(name, ".army"), func(t *testing.T) {
			l, err := armies.Loader{}.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			if len(l.Diags) > 0 {
				t.Fatalf("%s: %d diagnostics (warnings too): a gallery army is clean", name, len(l.Diags))
			}
			for _, s := range sigs {
				if s.token != "" && !slices.ContainsFunc(l.Army.Tokens, func(tk rules.Token) bool { return tk.Name == s.token }) {
					t.Fatalf("signature of %q: no such token", s.token)
				}
			}
			if testing.Short() {
				t.Skip("the games (-short)")
			}
			st := playGallery(t, l.Army, moloch, name)
			if rule := galleryRules[name]; rule != nil {
				rule(t, &st)
			}
			if len(l.Army.Statuses) > 0 && !st.framed {
				t.Errorf("no board of the replay page shows a status")
			}
			for _, s := range sigs {
				if s.line != "" && !st.lines[[2]string{s.token, s.line}] && !(s.token == "" && st.kinds[s.line]) {
					t.Errorf("%s: no %q line in the traces", s.token, s.line)
				}
				if s.figure != "" && figure(t, st.sum, s.token, s.figure) == 0 {
					t.Errorf("%s: figure %s is 0 in every game", s.token, s.figure)
				}
			}
		})
	}
}

// galleryGames is how many games each gallery army plays in TestGallery.
const galleryGames = 24

// playGallery plays a's games against b, each traced and then replayed
// from its trace.
func playGallery(t *testing.T, a, b *rules.Army, ref string) galleryStats {
	t.Helper()
	g, err := player.Parse("greedy")
	if err != nil {
		t.Fatal(err)
	}
	m := &sim.Match{A: a, B: b, Players: [2]player.Spec{g, g}, Seed: 1, Pairs: galleryGames / 2, MaxActions: 2000}
	st := galleryStats{lines: map[[2]string]bool{}, kinds: map[string]bool{}}
	var recs []sim.GameRecord
	load := Loaders{Army: func(r string) (*rules.Army, error) {
		switch r {
		case ref:
			return a, nil
		case "moloch":
			return b, nil
		}
		return nil, fmt.Errorf("unknown army %q", r)
	}}
	for k := range galleryGames / 2 {
		for _, aFirst := range []bool{true, false} {
			var buf bytes.Buffer
			rec := NewRecorder(&buf, ref, "moloch", a, b)
			r, err := m.PlayObserved(k, aFirst, new(engine.Resolver), rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := rec.Flush(); err != nil {
				t.Fatal(err)
			}
			recs = append(recs, r)
			tr, err := Parse(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Replay(tr, load); err != nil {
				t.Fatalf("pair %d: the trace does not replay: %v", k, err)
			}
			if len(a.Statuses) > 0 && !st.framed {
				// The page's boards show what units carry.
				_, frames, _, err := Frames(tr, load)
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range frames {
					for _, pc := range f.Pieces {
						st.framed = st.framed || pc.Statuses != ""
					}
				}
			}
			seat := 1 // the gallery army's player in the trace
			if !aFirst {
				seat = 2
			}
			st.attribute(tr.Events, seat)
		}
	}
	st.sum = sim.Summarize(m, recs, false)
	if os.Getenv("HEXFORGE_GALLERY_VERBOSE") != "" {
		for _, ts := range st.sum.Tokens[0] {
			t.Logf("%+v", ts)
		}
	}
	return st
}

// causedEvent is a trace line and the gallery army's token that caused it.
type causedEvent struct {
	cause string
	e     Event
}

// attribute records the lines of a game's events to the gallery army's
// tokens (player seat) that caused them: a line about the token itself,
// a status it gave, and every line after an act of the token or a firing
// of its observer, up to the next act, firing or turn.
func (st *galleryStats) attribute(events []Event, seat int) {
	cause := ""
	hq := "" // the gallery army's HQ hex
	b := position.Standard
	for _, e := range events {
		switch {
		case e.E == "act" && e.Act == "place-hq" && e.P == seat:
			hq = e.Hex
		case e.E == "move" && e.P == seat && e.Hex == hq:
			hq = e.To
		case e.E == "act" && e.Act == "place" && e.P == seat:
			h, _ := b.Hex(e.Hex)
			c, _ := b.Hex(hq)
			where := "place_off_hq"
			if hq != "" && b.Dist[h][c] == 1 {
				where = "place_by_hq"
			}
			st.lines[[2]string{e.Tok, where}] = true
		case e.E == "turn" && e.P == seat:
			st.uses = append(st.uses, map[string]int{})
		case e.E == "act" && e.Act == "ability" && strings.HasPrefix(e.Ab, "trigger") && e.P == seat && len(st.uses) > 0:
			st.uses[len(st.uses)-1][e.Tok]++
		case e.E == "act" && e.Act == "ability" && e.P == seat && len(st.uses) > 0:
			st.uses[len(st.uses)-1][e.Tok+" "+e.Ab]++ // a trait's use: "Skirmisher move"
		case e.E == "remove" && e.Ground && e.P == seat && cause == "":
			st.lines[[2]string{e.Tok, "expire"}] = true // a foundation gone by itself, not by a step or an entry
		}
		switch e.E {
		case "act":
			switch e.Act {
			case "step", "skip": // the steps of the act before
			case "place", "instant", "ability":
				cause = ""
				if e.P == seat {
					cause = e.Tok
				}
			default:
				cause = ""
			}
		case "observe":
			cause = ""
			if e.P == seat {
				cause = e.Tok
			}
		case "turn":
			cause = ""
		}
		st.kinds[e.E] = true
		if e.P == seat && e.Tok != "" && actorLine[e.E] {
			st.lines[[2]string{e.Tok, e.E}] = true
		}
		if e.By != "" && e.TP == seat {
			st.lines[[2]string{e.By, e.E}] = true
		}
		if cause != "" {
			st.lines[[2]string{cause, e.E}] = true
		}
		if e.E == "attack" && e.P == seat {
			st.attacks = append(st.attacks, causedEvent{cause, e})
		}
	}
}

// galleryRules check what an army's rules forbid, over its games.
var galleryRules = map[string]func(t *testing.T, st *galleryStats){
	"bulwark.army": func(t *testing.T, st *galleryStats) {
		if st.lines[[2]string{"Warden", "place_off_hq"}] {
			t.Errorf("a Warden was placed away from its HQ (place only: friend kind=hq adjacent)")
		}
		for i, u := range st.uses {
			if u["Gunner"]+u["Mortar"] > 1 {
				t.Errorf("turn %d: the Battery fired %d times (group per_turn=1)", i, u["Gunner"]+u["Mortar"])
			}
		}
	},
	"longbows.army": func(t *testing.T, st *galleryStats) {
		b := position.Standard
		aimed := 0
		for _, a := range st.attacks {
			if a.cause != "Marksman" || a.e.Tok != "Marksman" {
				continue
			}
			h, ok1 := b.Hex(a.e.Hex)
			to, ok2 := b.Hex(a.e.To)
			if !ok1 || !ok2 || b.Dist[h][to] > 3 {
				t.Errorf("a Marksman's attack from %q at %q: not aimed within 3 hexes (aimed range=3)", a.e.Hex, a.e.To)
			}
			aimed++
		}
		if aimed == 0 {
			t.Errorf("no Marksman attack in the games: the aimed range=3 rule is not checked")
		}
		moved := 0
		for i, u := range st.uses {
			if u["Ballista"] > 1 {
				t.Errorf("turn %d: the Ballistae shot %d times (per_turn=1)", i, u["Ballista"])
			}
			if u["Skirmisher move"] > 1 {
				t.Errorf("turn %d: the Skirmishers moved %d times (trait mobility per_turn=1)", i, u["Skirmisher move"])
			}
			moved += u["Skirmisher move"]
		}
		if moved == 0 {
			t.Errorf("no Skirmisher moved in the games: the trait's allowance is not checked")
		}
	},
}

// actorLine are the kinds of line whose token is the one acting (not
// a unit something is done to).
var actorLine = map[string]bool{"move": true, "observe": true, "ability": true, "reflect": true, "absorb": true, "attacks": true, "attack": true, "value": true}

// figure is the per-token figure field (its JSON name) of the gallery
// army's token summed over the games.
func figure(t *testing.T, s *sim.Summary, token, field string) int {
	t.Helper()
	for _, ts := range s.Tokens[0] {
		if ts.Name != token {
			continue
		}
		v := reflect.ValueOf(ts)
		for i := range v.NumField() {
			if strings.Split(v.Type().Field(i).Tag.Get("json"), ",")[0] == field {
				return int(v.Field(i).Int())
			}
		}
		t.Fatalf("no figure %q", field)
	}
	t.Fatalf("no token %q in the summary", token)
	return 0
}

// TestReplayWithoutAddedLines: a trace written before the swap, net and
// observe lines existed (the same game without them) replays, while a
// trace whose swap line names other hexes does not.
func TestReplayWithoutAddedLines(t *testing.T) {
	l, err := armies.Loader{}.Load(filepath.Join(galleryDir, "wardens.army"))
	if err != nil {
		t.Fatal(err)
	}
	vegas, err := loadEmbedded("vegas")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := player.Parse("greedy")
	m := &sim.Match{A: l.Army, B: vegas, Players: [2]player.Spec{g, g}, Seed: 3, Pairs: 4, MaxActions: 2000}
	load := Loaders{Army: func(r string) (*rules.Army, error) {
		if r == "wardens" {
			return l.Army, nil
		}
		return vegas, nil
	}}
	kinds := map[string]int{}
	for k := range 4 {
		var buf bytes.Buffer
		rec := NewRecorder(&buf, "wardens", "vegas", l.Army, vegas)
		if _, err := m.PlayObserved(k, true, new(engine.Resolver), rec); err != nil {
			t.Fatal(err)
		}
		if err := rec.Flush(); err != nil {
			t.Fatal(err)
		}
		var old, moved []string
		changed := false
		for line := range strings.SplitSeq(strings.TrimSpace(buf.String()), "\n") {
			kind := ""
			for _, k := range []string{"swap", "net", "observe"} {
				if strings.HasPrefix(line, `{"e":"`+k+`"`) {
					kind = k
				}
			}
			kinds[kind]++
			if kind == "" {
				old = append(old, line)
			}
			if kind == "swap" && !changed {
				line = strings.Replace(line, `"hex":"`, `"hex":"x`, 1) // no such hex: the swap is not this one
				changed = true
			}
			moved = append(moved, line)
		}
		for _, c := range []struct {
			lines []string
			ok    bool
		}{{old, true}, {moved, !changed}} {
			tr, err := Parse(strings.NewReader(strings.Join(c.lines, "\n") + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Replay(tr, load); (err == nil) != c.ok {
				t.Fatalf("pair %d: replay error %v, want ok %v", k, err, c.ok)
			}
		}
	}
	for _, k := range []string{"swap", "net", "observe"} {
		if kinds[k] == 0 {
			t.Errorf("no %s line in the games: the test tests nothing for it", k)
		}
	}
}

// TestGalleryDoc: docs/gallery.md shows every gallery army as its file
// is, byte for byte, so the page cannot drift from what the test plays.
func TestGalleryDoc(t *testing.T) {
	doc, err := os.ReadFile("../docs/gallery.md")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(galleryDir, "*.army"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(doc, append(append([]byte("```army\n"), src...), "```\n"...)) {
			t.Errorf("docs/gallery.md does not show %s as it is (in an army block)", filepath.Base(f))
		}
	}
}
