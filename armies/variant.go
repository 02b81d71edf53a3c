package armies

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/rules"
)

// Set is one command-line override, `ARMY/TOKEN.FIELD=VALUE`, e.g.
//
//	moloch/Gauss Cannon.initiative=3
//	moloch/Gauss Cannon.edge SW=ranged 2 piercing
//	moloch/Hybrid.count=0              (count 0 removes the token)
//
// FIELD is a token statement of the army language (with its directions for
// edge and link) and VALUE is written as in an army file. An override is
// compiled as a variant (`army ... extends ...`), so it is checked exactly
// like a file and a mistake is reported with a caret under it.
type Set struct {
	Army, Token, Field, Value string
	Raw                       string
}

// ParseSet reads one override.
func ParseSet(s string) (Set, error) {
	st := Set{Raw: s}
	slash := strings.Index(s, "/")
	eq := strings.Index(s, "=")
	if i := strings.LastIndex(s[:max(eq, 0)], ".army/"); i >= 0 {
		slash = i + len(".army") // ARMY is a path to an army file: dir/my.army/TOKEN.FIELD=VALUE
	}
	if slash <= 0 || eq < slash {
		return st, fmt.Errorf("--set %q: want ARMY/TOKEN.FIELD=VALUE, e.g. 'moloch/Gauss Cannon.initiative=3'", s)
	}
	st.Army = strings.TrimSpace(s[:slash])
	lhs, value := s[slash+1:eq], strings.TrimSpace(s[eq+1:])
	dot := strings.LastIndex(lhs, ".")
	if dot <= 0 {
		return st, fmt.Errorf("--set %q: want ARMY/TOKEN.FIELD=VALUE (no .FIELD after the token name)", s)
	}
	st.Token, st.Field, st.Value = strings.TrimSpace(lhs[:dot]), strings.TrimSpace(lhs[dot+1:]), value
	if st.Token == "" || st.Field == "" || st.Value == "" {
		return st, fmt.Errorf("--set %q: token, field and value must not be empty", s)
	}
	if strings.ContainsAny(st.Value+st.Field+st.Token, "{};#\n\r\"") {
		return st, fmt.Errorf("--set %q: the value may not contain { } ; # quotes or line breaks", s)
	}
	return st, nil
}

// Matches reports whether the override is for the army loaded from ref.
func (s Set) Matches(ref string, a *rules.Army) bool {
	if strings.EqualFold(s.Army, ref) || strings.EqualFold(s.Army, a.Name) {
		return true
	}
	for _, al := range a.Aliases {
		if strings.EqualFold(s.Army, al) {
			return true
		}
	}
	return false
}

// LoadVariant loads ref and applies the overrides that name it. With none,
// it is Load.
func (ld Loader) LoadVariant(ref string, sets []Set) (*Loaded, error) {
	base, err := ld.Load(ref)
	if err != nil {
		return base, err
	}
	var mine []Set
	for _, s := range sets {
		if s.Matches(ref, base.Army) {
			mine = append(mine, s)
		}
	}
	if len(mine) == 0 {
		return base, nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "army %s extends %s {\n", strconv.Quote(base.Army.Name+" (variant)"), strconv.Quote(baseRef(ref)))
	for _, s := range mine {
		i := base.Army.Lookup(s.Token)
		if i < 0 {
			names := make([]string, len(base.Army.Tokens))
			for k, t := range base.Army.Tokens {
				names[k] = t.Name
			}
			hint := ""
			if d := diag.Suggest(s.Token, names); d != "" {
				hint = " (" + d + ")"
			}
			return nil, fmt.Errorf("--set %q: army %q has no token %q%s", s.Raw, base.Army.Name, s.Token, hint)
		}
		t := &base.Army.Tokens[i]
		field, value := s.Field, s.Value
		if strings.EqualFold(field, "count") && value == "0" {
			fmt.Fprintf(&b, "    remove %s\n", strconv.Quote(t.Name))
			continue
		}
		if f := strings.Fields(field); len(f) > 1 || strings.EqualFold(field, "on") || strings.EqualFold(field, "global") {
			// edge SW=..., link N=..., on placed=..., global=...: the value follows a colon.
			fmt.Fprintf(&b, "    %s %s { %s: %s }\n", t.Kind, strconv.Quote(t.Name), field, value)
			continue
		}
		fmt.Fprintf(&b, "    %s %s { %s %s }\n", t.Kind, strconv.Quote(t.Name), field, value)
	}
	b.WriteString("}\n")
	src := []byte(b.String())
	name := "--set"
	// The variant's own base is the file the user named on the command
	// line, so it may be anywhere; its own extends follow the usual rules.
	baseFile := baseRef(ref)
	resolve := func(r, from string) (string, []byte, error) {
		if from == name && r == baseFile && IsPath(r) {
			b, err := ReadFile(r)
			return r, b, err
		}
		return ld.Resolve(r, from)
	}
	res := compiler.CompileWith(name, src, compiler.Options{Resolve: resolve})
	res.Sources[name] = src
	l := &Loaded{File: name, Source: src, Sources: res.Sources, Diags: res.Diags}
	if res.Diags.HasErrors() {
		return l, res.Diags
	}
	l.Army = res.Armies[0]
	return l, nil
}

// baseRef is how a variant names its base: short names stay, paths become
// absolute so the synthetic source can live anywhere.
func baseRef(ref string) string {
	if !IsPath(ref) {
		return ref
	}
	if abs, err := filepath.Abs(ref); err == nil {
		return abs
	}
	return ref
}
