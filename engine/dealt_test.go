package engine

import "testing"

// The resolver credits each token type with the wounds its attacks caused
// after armor (testdata/battles/piercing: the Gauss's shot on the armored
// Shield counts nothing).
func TestResolverCountsWoundsDealt(t *testing.T) {
	s := loadPosition(t, "piercing")
	var r Resolver
	r.Resolve(s, FirstOption{}, nil)
	want := map[[2]string]int{
		{"1", "Gauss"}: 2, {"1", "HQ"}: 1,
		{"2", "Spitter"}: 1, {"2", "Shield"}: 1, {"2", "HQ"}: 1,
	}
	for p := 0; p < 2; p++ {
		for ti, tok := range s.Armies[p].Tokens {
			got := int(r.Dealt[p][ti])
			if w := want[[2]string{string(rune('1' + p)), tok.Name}]; got != w {
				t.Errorf("player %d %s dealt %d wounds, want %d", p+1, tok.Name, got, w)
			}
		}
	}
}
