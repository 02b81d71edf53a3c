package position_test

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/position/positiontest"
	"github.com/hexforge/hexforge/rules"
)

func galleryLoader(ref string) (*rules.Army, error) {
	if ref == "hexers" {
		ref = "../armies/testdata/gallery/hexers.army"
	}
	l, err := armies.Loader{AllowExtendsOutside: true}.Load(ref)
	if err != nil {
		return nil, err
	}
	return l.Army, nil
}

const heldHead = "armies hexers moloch\n1 Coven a1 N\n2 HQ e3 N\n1 Stalker d2 N\n"

// TestPositionStatuses: a unit line's statuses are read onto the unit
// (the name in any case, the giver of a status that ends when its giver
// leaves), written back by the position writer and read again the same,
// and shown by WriteJSON and WriteHeld.
func TestPositionStatuses(t *testing.T) {
	src := heldHead + "2 Guard c2 S status marked\n2 Hybrid d3 N status Hunted giver=d2 status Slowed wounds=0\n"
	s, _, err := position.Parse("p.pos", []byte(src), galleryLoader, false)
	if err != nil {
		t.Fatal(err)
	}
	on := func(hex string) string {
		h, _ := s.Board.Hex(hex)
		return strings.Join(s.StatusesOn(h), ",")
	}
	if on("c2") != "Marked" || on("d3") != "Hunted,Slowed" || on("d2") != "" {
		t.Fatalf("statuses c2 %q, d3 %q, d2 %q", on("c2"), on("d3"), on("d2"))
	}
	out := positiontest.FormatPosition(s, []string{"hexers", "moloch"})
	for _, want := range []string{"2 Guard c2 S status Marked\n", "2 Hybrid d3 N status Hunted giver=d2 status Slowed\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the written position lacks %q:\n%s", want, out)
		}
	}
	s2, _, err := position.Parse("q.pos", []byte(out), galleryLoader, false)
	if err != nil {
		t.Fatal(err)
	}
	if s2.St != s.St {
		t.Errorf("read back, the statuses are %+v, want %+v", s2.St, s.St)
	}
	var js, held strings.Builder
	if err := position.WriteJSON(&js, s); err != nil || !strings.Contains(js.String(), `"statuses": [`+"\n"+`        "Hunted",`) {
		t.Errorf("JSON (%v):\n%s", err, js.String())
	}
	if err := position.WriteHeld(&held, s); err != nil || held.String() != "P2 Guard on c2 carries Marked\nP2 Hybrid on d3 carries Hunted, Slowed\n" {
		t.Errorf("WriteHeld (%v):\n%s", err, held.String())
	}
}

// TestPositionStatusErrors: each mistake in a status is reported at its
// line and column.
func TestPositionStatusErrors(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"2 Guard c2 S status", "5:14: error: status needs the status's name"},
		{"2 Guard c2 S status Cursed", `5:14: error: no army of the position declares a status "Cursed" (statuses: Marked, Slowed, Rooted, Burning, Hunted, Warded)`},
		{"2 Guard c2 S status Hunted", `5:14: error: "Hunted" ends when its giver leaves the board: say which unit gave it (giver=HEX)`},
		{"2 Guard c2 S status Marked giver=d2", `5:14: error: "Marked" does not end when its giver leaves: it takes no giver`},
		{"2 Guard c2 S status Hunted giver=z9", `5:34: error: unknown hex "z9"`},
		{"2 Guard c2 S status Marked by=7", `5:31: error: by=P names the player`},
		{"2 Guard c2 S status Marked by=2", `5:14: error: player 2's army has no status "Marked"`},
		{"2 Guard c2 S status Marked status Marked", `5:28: error: the unit carries "Marked" already`},
		{"2 Guard c2 S state Marked", `5:14: error: unexpected "state" after the facing`},
	} {
		_, _, err := position.Parse("p.pos", []byte(heldHead+c.line+"\n"), galleryLoader, false)
		l, ok := err.(diag.List)
		if !ok || !strings.Contains(l.Error(), c.want) {
			t.Errorf("%s: got %v, want %s", c.line, err, c.want)
		}
	}
}
