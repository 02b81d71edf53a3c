package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/sim"
)

// Every format's name reads back as the format; an unknown name, or one a
// report does not allow, is an error naming the formats it may be.
func TestParseFormat(t *testing.T) {
	for _, f := range Formats {
		if g, err := ParseFormat(f.String()); err != nil || g != f {
			t.Errorf("%s: read back as %v, %v", f, g, err)
		}
		var v Format
		if err := v.Set(f.String()); err != nil || v != f {
			t.Errorf("Set(%s): %v, %v", f, v, err)
		}
	}
	if _, err := ParseFormat("xml"); err == nil || err.Error() != `unknown format "xml": use table, markdown, csv, html, json` {
		t.Errorf("xml: %v", err)
	}
	if err := HTML.Only(Table, JSON); err == nil || err.Error() != `unknown format "html": use table, json` {
		t.Errorf("html where only table and json are written: %v", err)
	}
	if err := JSON.Only(Table, JSON); err != nil {
		t.Errorf("json where it is written: %v", err)
	}
	var zero Format
	if zero != Table {
		t.Error("the zero format is not the default, table")
	}
}

// A match on the Duel board reports each army's energy and Procedures.
func TestMatchDuelFigures(t *testing.T) {
	s := playedSummary(t, "moloch", "borgo", 1)
	var out bytes.Buffer
	if err := WriteMatch(&out, s, Table, ""); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "energy") {
		t.Fatalf("the standard board's report has duel figures:\n%s", out.String())
	}
	s.Run.Board = "duel"
	s.Duel = &sim.DuelUse{Energy: [2]int{3, 1}}
	s.Duel.Procedures[0][0] = 2
	out.Reset()
	if err := WriteMatch(&out, s, Table, ""); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"duel board", "energy bought per game by Moloch", "procedures per game by Borgo", strings.Join(engine.ProcNames[:], "/")} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the duel report lacks %q:\n%s", want, out.String())
		}
	}
}

// The comparison of two round robins: its table ends in the verdict, its
// JSON holds every matchup.
func TestWriteAgreement(t *testing.T) {
	base, strong := htmlRoundRobin(), htmlRoundRobin()
	base.Players, strong.Players = "greedy", "race:8"
	s12 := strong.Matches[[2]int{1, 2}]
	s12.Tally = s12.Tally.Swap() // Weak now wins the matchup Middle won
	ag, err := sim.Compare(base, strong, 0.05, 0.85)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteAgreement(&buf, ag, Table); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(buf.String()), " "), "verdict: "+ag.Verdict()) {
		t.Errorf("table lacks the verdict %q:\n%s", ag.Verdict(), buf.String())
	}
	buf.Reset()
	if err := WriteAgreement(&buf, ag, JSON); err != nil {
		t.Fatal(err)
	}
	var j struct {
		Agree    bool `json:"agree"`
		Matchups []struct {
			Diff float64 `json:"diff"`
		} `json:"matchups"`
	}
	if err := json.Unmarshal(buf.Bytes(), &j); err != nil || j.Agree != ag.Agree || len(j.Matchups) != len(ag.Cells) || len(j.Matchups) != 3 {
		t.Errorf("json: %v, agree %v, %d matchups:\n%s", err, j.Agree, len(j.Matchups), buf.String())
	}
}
