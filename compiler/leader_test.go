package compiler

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// TestLeaderFile: a file may hold leader cards beside (or instead of)
// armies; each compiles to its moment and its steps, as an instant's.
func TestLeaderFile(t *testing.T) {
	src := `# two leader cards and an army
leader "Provisioner" {
    alias "Zaopatrzeniowiec"
    notes "Brings a fallen warrior back."
    on after_discard: recover kind=warrior to=deck
}
leader "Gunner" {
    on own_turn: move 1 optional, damage 2 at=enemy_hq hq
}
army "Tiny" {
    size 1
    hq "HQ" { edge all: melee 1 }
}
`
	res := CompileSource("l.army", []byte(src))
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags)
	}
	if len(res.Armies) != 1 || len(res.Leaders) != 2 {
		t.Fatalf("%d armies, %d leaders", len(res.Armies), len(res.Leaders))
	}
	q, g := res.Leaders[0], res.Leaders[1]
	if q.Name != "Provisioner" || len(q.Aliases) != 1 || q.Notes == "" || q.Timing != rules.AfterDiscard || q.Line != 2 {
		t.Fatalf("first leader: %+v", q)
	}
	if a := q.Steps.Actions; len(a) != 1 || a[0].Op != rules.ActRecover || !a[0].ToDeck || a[0].Kinds != 1<<rules.Warrior {
		t.Fatalf("first leader's steps: %+v", a)
	}
	if g.Timing != rules.AnyOwnTurn || len(g.Steps.Actions) != 2 || !g.Steps.Actions[0].Optional || !g.Steps.Actions[1].HitsHQ {
		t.Fatalf("second leader: %+v", g)
	}
	// A file of leaders only is not "a file with no army" for the compiler.
	if res := CompileSource("only.army", []byte(`leader "X" { on own_turn: draw 1 }`)); res.Diags.HasErrors() || len(res.Leaders) != 1 {
		t.Fatalf("a leader-only file: %v", res.Diags)
	}
}
