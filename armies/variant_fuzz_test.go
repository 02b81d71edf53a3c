package armies

import (
	"strings"
	"testing"
)

// FuzzParseSet feeds arbitrary --set overrides through ParseSet and, when
// they parse, through LoadVariant on the embedded Moloch: every input ends in
// an army or an error, never a panic, and a resulting army is well formed.
//
//	go test ./armies -run '^$' -fuzz FuzzParseSet -fuzztime 60s
func FuzzParseSet(f *testing.F) {
	for _, s := range []string{
		"moloch/Gauss Cannon.initiative=3",
		"moloch/Gauss Cannon.edge SW=ranged 2 piercing",
		"moloch/Hybrid.count=0",
		"moloch/Medic.link N=medic",
		"moloch/HQ.count=2",
		"moloch/Clown.on destroyed=any damage 1 radius=1",
		"moloch/Hybrid.initiative=3, 2, agony",
		"moloch/Hybrid.toughness=-1",
		"moloch/.x=1",
		"=/.",
		"moloch/Blocker.edge N, NE=armor",
		"moloch/Blocker.trait=mobility",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseSet(s)
		if err != nil {
			return
		}
		if !strings.EqualFold(st.Army, "moloch") {
			return
		}
		l, err := Loader{}.LoadVariant("moloch", []Set{st})
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", s)
			}
			return
		}
		if l.Army == nil || len(l.Army.Tokens) == 0 {
			t.Fatalf("%q: no error and no army", s)
		}
	})
}
