package armies

import (
	"strings"
	"testing"
)

func TestParseSet(t *testing.T) {
	good := map[string]Set{
		"moloch/Gauss Cannon.initiative=3":              {Army: "moloch", Token: "Gauss Cannon", Field: "initiative", Value: "3"},
		"moloch/Gauss Cannon.edge SW=ranged 2 piercing": {Army: "moloch", Token: "Gauss Cannon", Field: "edge SW", Value: "ranged 2 piercing"},
		"../fan/my.army/Gunner.initiative=2":            {Army: "../fan/my.army", Token: "Gunner", Field: "initiative", Value: "2"},
		"my.army/Net/Gun.count=1":                       {Army: "my.army", Token: "Net/Gun", Field: "count", Value: "1"},
	}
	for in, want := range good {
		got, err := ParseSet(in)
		want.Raw = in
		if err != nil || got != want {
			t.Errorf("ParseSet(%q) = %+v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "moloch", "moloch/Gauss.=3", "moloch/Gauss Cannon.initiative=", "Gauss Cannon.initiative=3", "moloch/HQ.count=1 } hq \"X\" {"} {
		if _, err := ParseSet(bad); err == nil {
			t.Errorf("ParseSet(%q) accepted", bad)
		}
	}
}

func TestLoadVariant(t *testing.T) {
	var sets []Set
	for _, s := range []string{"moloch/Gauss Cannon.initiative=3", "Moloch/Hybrid.count=0", "borgo/HQ.toughness=5"} {
		st, err := ParseSet(s)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, st)
	}
	l, err := Loader{}.LoadVariant("moloch", sets)
	if err != nil {
		t.Fatal(err)
	}
	a := l.Army
	if g := a.Tokens[a.Lookup("Gauss Cannon")]; len(g.Initiative) != 1 || g.Initiative[0] != 3 {
		t.Errorf("Gauss Cannon initiative %v, want [3]", g.Initiative)
	}
	if a.Lookup("Hybrid") >= 0 || a.Total() != 33 {
		t.Errorf("Hybrid not removed: total %d", a.Total())
	}
	// A bad value is reported with its position in the synthetic source.
	bad, _ := ParseSet("moloch/Gauss Cannon.initiative=fast")
	_, err = Loader{}.LoadVariant("moloch", []Set{bad})
	if err == nil || !strings.Contains(err.Error(), `--set:2:41: error: unknown initiative kind "fast"`) {
		t.Errorf("bad override: %v", err)
	}
	unknown, _ := ParseSet("moloch/Gaus Cannon.initiative=2")
	if _, err := (Loader{}).LoadVariant("moloch", []Set{unknown}); err == nil || !strings.Contains(err.Error(), `no token "Gaus Cannon"`) {
		t.Errorf("unknown token: %v", err)
	}
}
