package engine

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/internal/golden"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
)

// testLoader resolves army names: a file in testdata (amber, beta, ...) or
// an embedded army.
func testLoader(ref string) (*rules.Army, error) {
	p := filepath.Join("testdata", ref+".army")
	if src, err := os.ReadFile(p); err == nil {
		res := compiler.CompileSource(p, src)
		if err := res.Diags.Err(); err != nil {
			return nil, err
		}
		return res.Armies[0], nil
	}
	l, err := armies.Loader{}.Load(ref)
	if err != nil {
		return nil, err
	}
	return l.Army, nil
}

func loadPosition(t testing.TB, name string) *State {
	t.Helper()
	p := filepath.Join("testdata", "battles", name+".pos")
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParsePosition(p, src, testLoader)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return s
}

// destroyed lists the units the log says were destroyed, sorted.
func destroyed(s *State, l *BattleLog) []string {
	var out []string
	for _, e := range l.Events {
		if e.Kind == EvDestroyed {
			out = append(out, fmt.Sprintf("%d %s %s", e.Player+1, e.Token, s.Board.Names[e.Hex]))
		}
	}
	sort.Strings(out)
	return out
}

type scenario struct {
	name    string
	variant string   // golden file suffix when one position runs with several deciders
	d       Decider  // nil: FirstOption
	dies    []string // "player token hex", sorted
	hq      [2]int   // HQ points after the battle
}

func runScenario(t *testing.T, sc scenario) {
	d := sc.d
	if d == nil {
		d = FirstOption{}
	}
	s := loadPosition(t, sc.name)
	var r Resolver
	var l BattleLog
	r.Resolve(s, d, &l)
	got := destroyed(s, &l)
	want := append([]string(nil), sc.dies...)
	sort.Strings(want)
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("destroyed:\n got %q\nwant %q", got, want)
	}
	if hq := [2]int{s.HQPoints(0), s.HQPoints(1)}; hq != sc.hq {
		t.Errorf("HQ points = %v, want %v", hq, sc.hq)
	}
	var b bytes.Buffer
	l.Write(&b, s.Board)
	b.WriteString("--- after the battle\n")
	b.WriteString(FormatPosition(s, []string{s.Armies[0].Name, s.Armies[1].Name}))
	file := filepath.Join("testdata", "battles", sc.name+sc.variant+".golden")
	golden.Check(t, file, b.Bytes())
}
