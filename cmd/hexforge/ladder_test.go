package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// A small ladder's whole report is compared with a golden file: the levels,
// their intervals from pair scores and the verdict.
func TestLadderGolden(t *testing.T) {
	for _, c := range []struct{ name, format string }{{"ladder.golden", "table"}, {"ladder-json.golden", "json"}} {
		out, stderr, code := run(t, "ladder", "moloch", "borgo", "--games", "4", "--levels", "random,greedy", "--format", c.format, "--workers", "2")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		golden := filepath.Join("testdata", c.name)
		checkGolden(t, golden, out)
	}
}

// ladder ARMY --vs FIELD climbs only ARMY's matchups (ARMY itself left out
// of the field) and reports its mean win rate over them at each level: in
// JSON the mean of the matchups' rates, and the field's verdict in every
// format.
func TestLadderField(t *testing.T) {
	out, stderr, code := run(t, "ladder", "moloch", "--vs", "borgo", "--vs", "moloch", "--vs", "vegas", "--games", "3", "--levels", "random,greedy", "--format", "json", "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Ladder []struct {
			A, B   string
			Levels []struct {
				WinRate float64 `json:"win_rate"`
			}
		}
		Field struct {
			Army    string
			Against []string
			Levels  []struct {
				Pairs   int
				WinRate float64 `json:"win_rate"`
			}
			Verdict string
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Ladder) != 2 || r.Ladder[0].B != "Borgo" || r.Ladder[1].B != "Vegas" || r.Ladder[0].A != "Moloch" {
		t.Fatalf("matchups %+v, want Moloch vs Borgo and Moloch vs Vegas", r.Ladder)
	}
	if r.Field.Army != "Moloch" || strings.Join(r.Field.Against, ",") != "Borgo,Vegas" || len(r.Field.Levels) != 2 || r.Field.Verdict == "" {
		t.Fatalf("field %+v", r.Field)
	}
	for k, l := range r.Field.Levels {
		if want := (r.Ladder[0].Levels[k].WinRate + r.Ladder[1].Levels[k].WinRate) / 2; math.Abs(l.WinRate-want) > 1e-12 || l.Pairs != 6 {
			t.Errorf("level %d: field %+v, want the mean %g over 6 pairs", k, l, want)
		}
	}
	for format, want := range map[string]string{"table": "Moloch against the field (Borgo, Vegas)", "csv": "\nMoloch,field,1,2,greedy,6,,", "html": "Moloch against the field"} {
		out, stderr, code := run(t, "ladder", "moloch", "--vs", "borgo", "--vs", "moloch", "--vs", "vegas", "--games", "3", "--levels", "random,greedy", "--format", format, "--workers", "2")
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("%s: exit %d %s; lacks %q:\n%s", format, code, stderr, want, out)
		}
	}
}

func TestLadderWorkersDoNotChangeResults(t *testing.T) {
	one, _, _ := run(t, "ladder", "moloch", "borgo", "--games", "3", "--levels", "random,greedy", "--workers", "1", "--format", "json")
	three, _, _ := run(t, "ladder", "moloch", "borgo", "--games", "3", "--levels", "random,greedy", "--workers", "3", "--format", "json")
	if one == "" || one != three {
		t.Error("--workers changed the ladder")
	}
}

// Bad flags are refused before any game is played.
func TestLadderBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ladder", "moloch", "borgo", "--levels", "random,wizard"}, `unknown player "wizard"`},
		{[]string{"ladder", "moloch", "borgo", "--format", "markdown"}, `unknown format "markdown"`},
		{[]string{"ladder", "moloch", "borgo", "--games", "0"}, "--games 0"},
		{[]string{"ladder", "moloch"}, "give two armies"},
		{[]string{"ladder", "moloch", "borgo", "--all"}, "--all"},
		{[]string{"ladder", "moloch", "borgo", "--vs", "all"}, "give one army"},
		{[]string{"ladder", "moloch", "--vs", "all", "--all"}, "give one of them"},
		{[]string{"ladder", "moloch", "--vs", "borgo", "--vs", "all"}, "give it alone"},
		{[]string{"ladder", "moloch", "--vs", "borgo", "--vs", "Borgo"}, "Borgo given twice"},
		{[]string{"ladder", "moloch", "--vs", "moloch"}, "no army in the field but Moloch itself"},
		{[]string{"ladder", "moloch", "--vs", "wizards"}, "wizards"},
	} {
		_, stderr, code := run(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
	}
}

// Every sim report names the players that produced it: the table's title
// line, JSON's "players" field and CSV's player_a and player_b columns.
func TestSimReportsNamePlayersInEveryFormat(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "moloch", "borgo", "--players", "random,greedy"}, "Moloch (random) vs Borgo (greedy)"},
		{[]string{"sim", "moloch", "borgo", "--players", "random,greedy", "--format", "csv"}, "\nMoloch,Borgo,random,greedy,"},
		{[]string{"sim", "moloch", "borgo", "--players", "random,greedy", "--format", "json"}, "\"players\": [\n    \"random\",\n    \"greedy\"\n  ]"},
		{[]string{"sim", "moloch", "borgo", "hegemony", "--players", "random"}, "players: random on both sides"},
		{[]string{"sim", "moloch", "borgo", "hegemony", "--players", "random", "--format", "csv"}, "\nBorgo,Hegemony,random,random,"},
		{[]string{"sim", "moloch", "borgo", "hegemony", "--players", "random", "--format", "json"}, "\"players\": \"random\""},
	} {
		out, stderr, code := run(t, append(c.args, "--games", "2")...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d %s; output lacks %q:\n%.600s", c.args, code, stderr, c.want, out)
		}
	}
}
