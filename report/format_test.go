package report

import (
	"bytes"
	"encoding/json"
	"io"
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
	}
	if _, err := ParseFormat("xml"); err == nil || err.Error() != `unknown format "xml": use table, markdown, csv, html or json` {
		t.Errorf("xml: %v", err)
	}
	if _, err := ParseFormat("text"); err == nil {
		t.Error("text read as a report's format")
	}
	if f, err := ParseFormat("text", Text, HTML); err != nil || f != Text {
		t.Errorf("text where it is allowed: %v, %v", f, err)
	}
	var zero Format
	if zero != Table {
		t.Error("the zero format is not the default, table")
	}
}

// The --format flag keeps its default until given, takes the formats its
// command writes, and refuses the others, naming those it takes.
func TestFormatFlag(t *testing.T) {
	f := Text
	v := f.Flag(Text, JSON)
	if v.String() != "text" || v.Type() != "string" {
		t.Errorf("default %q, type %q", v.String(), v.Type())
	}
	if err := v.Set("json"); err != nil || f != JSON || v.Format() != JSON {
		t.Errorf("json: %v, %v", f, err)
	}
	if err := v.Set("html"); err == nil || err.Error() != `unknown format "html": use text or json` || f != JSON {
		t.Errorf("html where only text and json are written: %v, format now %v", err, f)
	}
	var all Format
	if err := all.Flag().Set("html"); err != nil || all != HTML {
		t.Errorf("html among every report format: %v, %v", all, err)
	}
}

// A match on the Duel board reports each army's energy and Procedures.
func TestMatchDuelFigures(t *testing.T) {
	s := playedSummary(t, "moloch", "borgo", 1)
	var out bytes.Buffer
	if err := Write(&out, Report{Match: s}, Table); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "energy") {
		t.Fatalf("the standard board's report has duel figures:\n%s", out.String())
	}
	s.Run.Board = "duel"
	s.Duel = &sim.DuelUse{Energy: [2]int{3, 1}}
	s.Duel.Procedures[0][0] = 2
	out.Reset()
	if err := Write(&out, Report{Match: s}, Table); err != nil {
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
	if err := WriteAgreement(&buf, ag, Table, ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(buf.String()), " "), "verdict: "+ag.Verdict()) {
		t.Errorf("table lacks the verdict %q:\n%s", ag.Verdict(), buf.String())
	}
	// Both runs are named by their players, not as "base" and "strong"
	// (the second may be the weaker, or the same player).
	if l := strings.SplitN(buf.String(), "\n\n", 3); len(l) < 3 || !strings.Contains(l[0], "played by greedy (the first run) and by race:8 (the second run)") ||
		!strings.Contains(l[1], "FIRST RUN") || !strings.Contains(l[1], "SECOND RUN") || strings.Contains(buf.String(), "strong player") || strings.Contains(buf.String(), "base player") {
		t.Errorf("table does not name both runs by their players:\n%s", buf.String())
	}
	base.Players = "race:8"
	same, err := sim.Compare(base, strong, 0.05, 0.85)
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := WriteAgreement(&buf, same, Markdown, ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "played twice by race:8 (the first run and the second run)") {
		t.Errorf("one player in both runs: the columns are not told apart:\n%s", buf.String())
	}
	buf.Reset()
	if err := WriteAgreement(&buf, ag, JSON, ""); err != nil {
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

// A report holds one result: none, or two, is refused rather than written
// as one of them.
func TestWriteOneResult(t *testing.T) {
	rr := htmlRoundRobin()
	for n, r := range []Report{{}, {Match: rr.Matches[[2]int{0, 1}], RoundRobin: rr}} {
		for _, f := range Formats {
			if err := Write(io.Discard, r, f); err == nil {
				t.Errorf("%s: a report of %d results written", f, 2*n)
			}
		}
	}
}

// Every mode of a multiplayer run goes through the same writers: the
// one-vs-team run's lone seat is named so in the text, and its JSON is
// the report as sim made it.
func TestWriteMulti(t *testing.T) {
	r := &sim.MultiReport{Mode: "one-vs-team", Players: "greedy", Board: "standard", Seed: 1, Games: 6, Seatings: 6,
		Armies: []string{"A", "B", "C"}, Army: make([]sim.Share, 3), Seat: make([]sim.Share, 3), BySeat: [][]sim.Share{make([]sim.Share, 3), make([]sim.Share, 3), make([]sim.Share, 3)}}
	for _, f := range Formats {
		var b bytes.Buffer
		if err := Write(&b, Report{Multi: r}, f); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out := b.String()
		switch f {
		case Table, Markdown, HTML:
			if !strings.Contains(out, "seat 1 (alone)") || !strings.Contains(out, "draws between the sides") {
				t.Errorf("%s lacks the lone seat or the drawn sides:\n%s", f, out)
			}
		case JSON:
			var back sim.MultiReport
			if err := json.Unmarshal(b.Bytes(), &back); err != nil || back.Mode != r.Mode || len(back.Armies) != 3 {
				t.Errorf("json: %v %+v", err, back)
			}
		case CSV:
			if !strings.HasPrefix(out, "mode,players,board") || strings.Count(out, "\none-vs-team,") != 3+9+3 {
				t.Errorf("csv:\n%s", out)
			}
		}
	}
	r.Mode = "ffa"
	var b bytes.Buffer
	if err := Write(&b, Report{Multi: r}, Table); err != nil || strings.Contains(b.String(), "alone") || !strings.Contains(b.String(), "shared wins") {
		t.Errorf("ffa: %v\n%s", err, b.String())
	}
}
