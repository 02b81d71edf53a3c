package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLeadersOption: --leaders is checked before any game, the report
// names the leaders, and play's trace records the leader cards and their
// uses, which replay plays back bit for bit.
func TestLeadersOption(t *testing.T) {
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "2", "--leaders", "nobody"); code == 0 || !strings.Contains(stderr, `unknown leader "nobody"`) {
		t.Fatalf("an unknown leader: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "hegemony", "--games", "2", "--leaders", "medyk,none"); code == 0 || !strings.Contains(stderr, "round robin takes one leader") {
		t.Fatalf("two leaders in a round robin: exit %d, stderr %q", code, stderr)
	}
	if out, _, code := run(t, "check", "../../armies/leaders/rulebook.army"); code != 0 || !strings.Contains(out, `leader "Taktyk" ok: on after_discard, 1 step(s)`) {
		t.Fatalf("check of the embedded leaders: exit %d, out %q", code, out)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.army")
	if err := os.WriteFile(file, []byte(`leader "Artillery" { on own_turn: damage 2 at=enemy_hq hq }`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "2", "--players", "greedy", "--leaders", file+",medic")
	if code != 0 || !strings.Contains(out, "leaders Artillery vs Medyk") || !strings.Contains(out, "leader uses per game, Moloch (Artillery) │ 2.00") {
		t.Fatalf("sim --leaders: exit %d, stderr %q, out:\n%s", code, stderr, out)
	}
	out, _, code = run(t, "sim", "moloch", "borgo", "--games", "2", "--players", "greedy", "--leaders", "medyk", "--format", "json")
	if code != 0 || !strings.Contains(out, `"leaders": [`) {
		t.Fatalf("sim --format json names no leaders:\n%s", out)
	}
	out, _, code = run(t, "sweep", "moloch/Gauss Cannon.count=1..2", "--vs", "borgo", "--games", "2", "--players", "greedy", "--leaders", "taktyk,none")
	if code != 0 || !strings.Contains(out, "; leaders Taktyk vs none") {
		t.Fatalf("sweep --leaders: exit %d, out:\n%s", code, out)
	}
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	tr := filepath.Join(dir, "game.jsonl")
	out, stderr, code = run(t, "play", "moloch", "borgo", "--players", "greedy", "--leaders", "mine.army", "--trace", tr)
	if code != 0 || !strings.Contains(out, "leaders Artillery (Moloch) and Artillery (Borgo)") {
		t.Fatalf("play --leaders: exit %d, stderr %q, out:\n%s", code, stderr, out)
	}
	b, err := os.ReadFile(tr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"leaders":["mine.army:Artillery","mine.army:Artillery"]`) || !strings.Contains(string(b), `"act":"leader"`) {
		t.Fatalf("the trace records no leaders or no use:\n%.600s", b)
	}
	if out, stderr, code := run(t, "replay", "-q", tr); code != 0 || !strings.Contains(out, "replay ok") {
		t.Fatalf("replay: exit %d, stderr %q, out %q", code, stderr, out)
	}
	// The Dywersant answers in the opponent's turn: its owner's act comes
	// between the opponent's draw and discard, and the replay follows it.
	if out, _, code := run(t, "leaders"); code != 0 || !strings.Contains(out, "Dywersant (Saboteur): on opponent_draw: 1 step(s)") {
		t.Fatalf("leaders: exit %d, out:\n%s", code, out)
	}
	tr = filepath.Join(dir, "dywersant.jsonl")
	if out, stderr, code := run(t, "play", "moloch", "borgo", "--players", "greedy", "--leaders", "none,dywersant", "--trace", tr); code != 0 {
		t.Fatalf("play --leaders none,dywersant: exit %d, stderr %q, out:\n%s", code, stderr, out)
	}
	if b, err = os.ReadFile(tr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `{"e":"act","p":2,"act":"leader","tok":"Dywersant"`) || !strings.Contains(string(b), `{"e":"return","p":1,`) {
		t.Fatalf("the trace shows no use of the Dywersant by player 2 with player 1's hand returned:\n%.2000s", b)
	}
	if out, stderr, code := run(t, "replay", "-q", tr); code != 0 || !strings.Contains(out, "replay ok") {
		t.Fatalf("replay of the Dywersant's game: exit %d, stderr %q, out %q", code, stderr, out)
	}
}

// TestPlayFromLeaders: play --from plays a position's leader lines (each
// player's card and its uses left); a card that does not load is an error
// at its name in the line, and --leaders is refused with --from.
func TestPlayFromLeaders(t *testing.T) {
	out, stderr, code := run(t, "play", "--from", "testdata/leaders.pos", "--players", "greedy")
	if code != 0 || !strings.Contains(out, "leaders Taktyk (2 of 2 uses left) and Dywersant (1 of 2 uses left); player 1's turn 7") {
		t.Fatalf("play --from a position with leaders: exit %d, stderr %q, out:\n%s", code, stderr, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.pos")
	if err := os.WriteFile(bad, []byte("armies moloch borgo\n1 HQ c3 N\n2 HQ a1 N\nleader 1 nobody\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := run(t, "play", "--from", bad); code != 1 || !strings.Contains(stderr, `bad.pos:4:10: error: leader "nobody": unknown leader "nobody"`) {
		t.Fatalf("an unknown leader in a position: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := run(t, "play", "--from", "testdata/leaders.pos", "--leaders", "medyk"); code == 0 || !strings.Contains(stderr, "the position's leader lines say the leaders") {
		t.Fatalf("--leaders with --from: exit %d, stderr %q", code, stderr)
	}
	if _, _, code := run(t, "battle", "testdata/leaders.pos"); code != 0 {
		t.Fatalf("battle on a position with leaders: exit %d", code)
	}
}
