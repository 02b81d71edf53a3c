package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/position"
)

func writePos(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "p.pos")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const mol = `armies moloch moloch
1 HQ c3 N
1 Hybrid c4 N         # ranged 1 + HQ 1 over its own HQ onto the enemy HQ
2 HQ c1 S
2 "The Brain" b3 N    # beside the Moloch HQ: destroyed in segment 0
`

func TestBattleText(t *testing.T) {
	var out, errw bytes.Buffer
	if err := runBattle(&out, &errw, writePos(t, mol), false); err != nil {
		t.Fatalf("%v\n%s", err, errw.String())
	}
	for _, want := range []string{"segment 3", `1 "Hybrid" c4 attacks`, `ranged hits 2 "HQ" c1: 2 wound(s)`, `destroyed: 2 "The Brain" b3`, "HQ: player 1 20 -> 20, player 2 20 -> 18"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestBattleJSON(t *testing.T) {
	var out, errw bytes.Buffer
	if err := runBattle(&out, &errw, writePos(t, mol), true); err != nil {
		t.Fatal(err)
	}
	var res position.StateJSON
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !slices.Equal(res.HQ, []int{20, 18}) || len(res.Units) != 3 {
		t.Errorf("got %+v", res)
	}
	if u := res.Units[0]; u.Player != 2 || u.Token != "HQ" || u.At != "c1" || u.Facing != "S" || u.Wounds != 2 {
		t.Errorf("first unit %+v", u)
	}
}

func TestBattleBadInput(t *testing.T) {
	var out, errw bytes.Buffer
	err := runBattle(&out, &errw, writePos(t, "armies moloch moloch\n1 HQ c3 N\n2 HQ c3 N\n"), false)
	var ee exitError
	if !errors.As(err, &ee) || ee.code != 1 {
		t.Fatalf("err = %v, want exit 1", err)
	}
	if !strings.Contains(errw.String(), "p.pos:3:6: error: two tokens on c3") || !strings.Contains(errw.String(), "^") {
		t.Errorf("stderr:\n%s", errw.String())
	}
	if err := runBattle(&out, &errw, filepath.Join(t.TempDir(), "missing"), false); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing file: %v", err)
	}
}

// TestBattleJSONFoundationsAndMarkers: battle --json lists the foundations
// (a Mine alone on its hex) and the units' net markers.
func TestBattleJSONFoundationsAndMarkers(t *testing.T) {
	var out, errw bytes.Buffer
	pos := "armies vegas moloch\n1 HQ a1 N\n2 HQ e3 N\n1 Mine c3 N\n2 Hybrid c1 N net\n"
	if err := runBattle(&out, &errw, writePos(t, pos), true); err != nil {
		t.Fatalf("%v\n%s", err, errw.String())
	}
	var res position.StateJSON
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if len(res.Foundations) != 1 || res.Foundations[0] != (position.FoundationJSON{Player: 1, Token: "Mine", At: "c3"}) {
		t.Errorf("foundations %+v, want the Mine on c3\n%s", res.Foundations, out.String())
	}
	found := false
	for _, u := range res.Units {
		found = found || (u.Token == "Hybrid" && u.NetMarker)
	}
	if !found {
		t.Errorf("the Hybrid's net marker is missing:\n%s", out.String())
	}
}

// A 2-against-2 position resolves by the team rules: player 1's Hybrid
// shoots over its own HQ and its ally's Hybrid onto player 2's HQ, player
// 3's Hybrid shoots past its allies, and player 2's HQ wounds player 3's
// unit only (testdata/teams.pos); the log is kept in a golden file
// (go test ./cmd/hexforge -run TestBattleTeamsGolden -update rewrites it).
func TestBattleTeamsGolden(t *testing.T) {
	var out, errw bytes.Buffer
	if err := runBattle(&out, &errw, filepath.Join("testdata", "teams.pos"), false); err != nil {
		t.Fatalf("%v\n%s", err, errw.String())
	}
	checkGolden(t, filepath.Join("testdata", "teams-battle.golden"), out.String())
	out.Reset()
	if err := runBattle(&out, &errw, filepath.Join("testdata", "teams.pos"), true); err != nil {
		t.Fatal(err)
	}
	var res position.StateJSON
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.HQ, []int{20, 18, 20, 13}) || res.Mode != "teams" || len(res.Units) != 5 {
		t.Errorf("got %+v", res)
	}
}

// A multiplayer position's mistakes are positioned errors.
func TestBattleMultiplayerBadInput(t *testing.T) {
	for name, src := range map[string]string{
		"player 5":       "armies moloch moloch moloch\n1 HQ a1 N\n2 HQ c3 N\n3 HQ e3 N\n5 HQ c1 N\n",
		"player 4 of 3":  "armies moloch moloch moloch\n1 HQ a1 N\n2 HQ c3 N\n3 HQ e3 N\n4 Hybrid c1 N\n",
		"teams of three": "armies moloch moloch moloch\nmode teams\n1 HQ a1 N\n2 HQ c3 N\n3 HQ e3 N\n",
		"bad mode":       "armies moloch moloch moloch\nmode all\n1 HQ a1 N\n2 HQ c3 N\n3 HQ e3 N\n",
		"hq count":       "armies moloch moloch moloch\nhq 20 20\n1 HQ a1 N\n2 HQ c3 N\n3 HQ e3 N\n",
		"taker unknown":  "armies moloch moloch moloch\n1 HQ a1 N\n2 HQ c3 N\n3 HQ e3 N\n1 Hybrid c1 N controlled\n",
		"same team next": "armies moloch moloch moloch moloch\nmode teams\nteams 1+2 3+4\n1 HQ a1 N\n2 HQ c3 N\n3 HQ e3 N\n4 HQ c1 N\n",
	} {
		var out, errw bytes.Buffer
		err := runBattle(&out, &errw, writePos(t, src), false)
		var ee exitError
		if !errors.As(err, &ee) || ee.code != 1 || !strings.Contains(errw.String(), "error") {
			t.Errorf("%s: err %v, stderr %q", name, err, errw.String())
		}
	}
}

// sim --mode checks its flags before any game: a bad mode, a wrong number
// of armies, teams that name no given army, a bad player, and
// --teams without --mode teams are errors.
func TestSimModeFlags(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--mode", "all", "moloch", "borgo", "hegemony"},
		{"sim", "--mode", "teams", "moloch", "borgo", "hegemony"},
		{"sim", "--mode", "ffa", "moloch", "borgo"},
		{"sim", "--mode", "one-vs-team", "moloch", "borgo", "hegemony", "outpost"},
		{"sim", "--mode", "teams", "--teams", "moloch+x,hegemony+outpost", "moloch", "borgo", "hegemony", "outpost"},
		{"sim", "--mode", "ffa", "--players", "mcts:0", "moloch", "borgo", "hegemony"},
		{"sim", "--teams", "moloch+borgo,hegemony+outpost", "moloch", "borgo", "hegemony", "outpost"},
		{"sim", "--mode", "ffa", "--all"},
	} {
		cmd := newRoot()
		var out, errw bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetErr(&errw)
		cmd.SetArgs(append(args, "--games", "2"))
		if err := cmd.Execute(); err == nil || out.Len() != 0 {
			t.Errorf("%v: err %v, output %q", args, err, out.String())
		}
	}
}

// A 4-player position's hand, deck, discard, leader and turn lines of
// players 3 and 4 are read: battle resolves the board (the piles and
// leaders are for a game from the position, as with two players), and
// play --from starts the game there, allies sharing one card, every seat
// one player; the output is kept in a golden file (go test ./cmd/hexforge
// -run TestPositionLeadersMultiGolden -update rewrites it).
func TestPositionLeadersMultiGolden(t *testing.T) {
	pos := filepath.Join("testdata", "teams-leaders.pos")
	var out, errw bytes.Buffer
	if err := runBattle(&out, &errw, pos, false); err != nil {
		t.Fatalf("battle: %v\n%s", err, errw.String())
	}
	play, stderr, code := run(t, "play", "--from", pos, "--players", "greedy", "--seed", "3")
	if code != 0 {
		t.Fatalf("play --from: exit %d: %s", code, stderr)
	}
	got := "$ hexforge battle " + pos + "\n" + out.String() + "$ hexforge play --from " + pos + " --players greedy --seed 3\n" + play
	golden := filepath.Join("testdata", "teams-leaders.golden")
	checkGolden(t, golden, got)
	for _, line := range strings.Split(got, "\n") {
		if len([]rune(line)) > 100 {
			t.Errorf("wider than 100 columns: %q", line)
		}
	}
	if _, stderr, code := run(t, "play", "--from", pos, "--players", "greedy,random"); code == 0 || !strings.Contains(stderr, "one player for every seat") {
		t.Errorf("two players for a 4-player position: exit %d: %s", code, stderr)
	}
}
