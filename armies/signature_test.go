package armies_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/internal/golden"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/position/positiontest"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// loader resolves army names in positions the way the CLI does: embedded
// short names or paths.
func loader(ref string) (*rules.Army, error) {
	l, err := armies.Loader{}.Load(ref)
	if err != nil {
		return nil, err
	}
	return l.Army, nil
}

// signature is one battle scenario of an official army: a position in
// testdata/signatures/NAME.pos, the units destroyed ("player token hex",
// any order) and both HQs' points after the battle. The whole battle log is
// compared with NAME.golden (refresh with go test ./armies -update).
type signature struct {
	name string
	d    engine.Decider // nil: engine.OwnerBest, the documented default
	dies []string
	hq   [2]int
}

// loadSignaturePosition reads testdata/signatures/NAME.pos.
func loadSignaturePosition(t testing.TB, name string) *engine.State {
	t.Helper()
	p := filepath.Join("testdata", "signatures", name+".pos")
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := position.Parse(p, src, loader, false)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return s
}

// runSignatures resolves each scenario's battle and checks who dies, the HQ
// points and the golden log.
func runSignatures(t *testing.T, sigs []signature) {
	t.Helper()
	for _, sc := range sigs {
		t.Run(sc.name, func(t *testing.T) {
			s := loadSignaturePosition(t, sc.name)
			d := sc.d
			if d == nil {
				d = engine.OwnerBest{}
			}
			var r engine.Resolver
			var l engine.BattleLog
			r.Resolve(s, d, &l)
			var got []string
			for _, e := range l.Events {
				if e.Kind == engine.EvDestroyed {
					got = append(got, fmt.Sprintf("%d %s %s", e.Player+1, e.Token, s.Board.Names[e.Hex]))
				}
			}
			sort.Strings(got)
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
			b.WriteString(positiontest.FormatPosition(s, []string{s.Armies[0].Name, s.Armies[1].Name}))
			golden.Check(t, filepath.Join("testdata", "signatures", sc.name+".golden"), b.Bytes())
		})
	}
}
