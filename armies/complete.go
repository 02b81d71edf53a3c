package armies

import (
	"strings"

	"github.com/hexforge/hexforge/rules"
)

// NamesFrom lists the embedded armies whose short name starts with prefix
// (whatever its case): a shell's completion of an army argument.
func NamesFrom(prefix string) []string {
	var out []string
	for _, n := range Names() {
		if strings.HasPrefix(n, strings.ToLower(prefix)) {
			out = append(out, n)
		}
	}
	return out
}

// CompleteSet completes a --set override, ARMY/TOKEN.FIELD=VALUE, one
// step at a time: an embedded army (ending in "/"), then the army's token
// names (ending in "."), then the fields an override may change (ending in
// "="). ok is false when the army named does not load.
func (ld Loader) CompleteSet(partial string) (out []string, ok bool) {
	army, rest, hasArmy := strings.Cut(partial, "/")
	if !hasArmy {
		for _, n := range NamesFrom(partial) {
			out = append(out, n+"/")
		}
		return out, true
	}
	l, err := ld.Load(army)
	if err != nil || l.Army == nil {
		return nil, false
	}
	token, _, hasToken := strings.Cut(rest, ".")
	if !hasToken {
		for _, t := range l.Army.Tokens {
			if strings.HasPrefix(strings.ToLower(t.Name), strings.ToLower(rest)) {
				out = append(out, army+"/"+t.Name+".")
			}
		}
		return out, true
	}
	fields := []string{"count=", "initiative=", "toughness="}
	for _, d := range rules.DirNames {
		fields = append(fields, "edge "+d+"=", "link "+d+"=")
	}
	for _, f := range fields {
		out = append(out, army+"/"+token+"."+f)
	}
	return out, true
}
