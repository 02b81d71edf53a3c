package armies

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// A knob is one number of an army that a --set can change: a token's
// count, an initiative value, its toughness, a number in an edge or a link
// (an attack's strength, a bonus), or a number in an ability (on EVENT:
// ...), the HQ's too. balance searches the knobs for the smallest changes
// that make an army fair; each is offered as the --set that makes it, so a
// suggestion can be played, saved and read like any other variant.
type Knob struct {
	Token string     // the token's name
	Kind  rules.Kind // its kind, as a variant file declares it
	Field string     // the --set FIELD: count, initiative, toughness, "edge N", "on play"
	Value string     // the statement's value as it compiles now, as a --set writes it
	Index int        // which number of Value this knob is (from 0)
	At    int        // its value now
	Min   int        // the lowest value balance may give it
	Max   int        // the highest
	Plus  bool       // written with a sign (a link's +1)
}

// knobWords are the token statements whose numbers are knobs.
var knobWords = map[string]bool{"count": true, "initiative": true, "toughness": true, "edge": true, "link": true, "on": true}

// MaxKnobStep is how far above its value balance may move a knob: a
// change of more than three steps is no longer a small fix.
const MaxKnobStep = 3

// Name is the knob as a designer reads it: "Gauss Cannon.edge SW (ranged
// 1)", the number marked when the value holds more than one.
func (k Knob) Name() string {
	if k.Field == "count" || k.Field == "toughness" || k.Field == "initiative" && !strings.Contains(k.Value, ",") {
		return k.Token + "." + k.Field
	}
	nums := 0
	for _, w := range splitValue(k.Value) {
		if _, ok := number(w); ok {
			nums++
		}
	}
	if nums == 1 {
		return fmt.Sprintf("%s.%s (%s)", k.Token, k.Field, k.Value)
	}
	return fmt.Sprintf("%s.%s (%s, number %d)", k.Token, k.Field, k.Value, k.Index+1)
}

// ID is the knob's stable key: token, field and number.
func (k Knob) ID() string { return fmt.Sprintf("%s.%s#%d", k.Token, k.Field, k.Index) }

// With is the knob's statement value with its number set to v (and the
// other numbers of the statement set as in others, by index).
func (k Knob) With(v int, others map[int]int) string {
	words := splitValue(k.Value)
	n := 0
	for i, w := range words {
		old, ok := number(w)
		if !ok {
			continue
		}
		x, set := others[n], n == k.Index
		if set {
			x = v
		} else if _, has := others[n]; !has {
			x = old
		}
		words[i] = rewrite(w, x)
		n++
	}
	return strings.Join(words, "")
}

// splitValue cuts a value into words and the separators between them,
// kept, so that joining gives the value back.
func splitValue(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' || s[i] == ',' {
			if i > start {
				out = append(out, s[start:i])
			}
			if i < len(s) {
				out = append(out, s[i:i+1])
			}
			start = i + 1
		}
	}
	return out
}

// number reads a word holding a number: 3, +1 or key=2.
func number(w string) (int, bool) {
	if _, v, ok := strings.Cut(w, "="); ok {
		w = v
	}
	n, err := strconv.Atoi(w)
	return n, err == nil
}

// rewrite writes x in place of the number of w, keeping its key and sign.
func rewrite(w string, x int) string {
	key := ""
	if k, v, ok := strings.Cut(w, "="); ok {
		key, w = k+"=", v
	}
	if strings.HasPrefix(w, "+") && x >= 0 {
		return key + "+" + strconv.Itoa(x)
	}
	return key + strconv.Itoa(x)
}

// Knobs lists the knobs of the army ref names (a short name or a path, as
// Load reads it), in the order of the army's tokens and statements. A
// statement a --set cannot write (a quoted word in it, a named value in
// its field, or a second ability of the same event, which a --set of that
// event would drop) gives none. With allowRemove a token's count may go to
// 0 (the token removed); without, no knob takes a token or an ability away.
func (ld Loader) Knobs(ref string, allowRemove bool) ([]Knob, error) {
	l, err := ld.Load(ref)
	if err != nil {
		return nil, err
	}
	file, want := ref, ""
	if i := strings.LastIndex(ref, ".army:"); i >= 0 {
		file, want = ref[:i+5], ref[i+6:]
	}
	if !IsPath(file) {
		file = path.Join("armies", strings.ToLower(file)+".army")
	}
	tree, err := compiler.ArmyTree(file, l.Source, want, compiler.Options{Resolve: ld.Resolve})
	if err != nil {
		return nil, err
	}
	var out []Knob
	for _, st := range tree.Body.Stmts {
		name := stmtName(st)
		i := l.Army.Lookup(name)
		if name == "" || st.Body == nil || i < 0 {
			continue
		}
		t := l.Army.Tokens[i]
		events := map[string]int{}
		for _, s := range st.Body.Stmts {
			if strings.EqualFold(s.Word, "on") && len(s.Args) > 0 {
				events[strings.ToLower(groupText(s.Args[0]))]++
			}
		}
		for _, s := range st.Body.Stmts {
			w := strings.ToLower(s.Word)
			if !knobWords[w] || hasString(s) {
				continue
			}
			field, value := w, joinGroups(s.Args)
			if s.Colon {
				if hasKey(s.Args) || len(s.Args) == 0 {
					continue
				}
				field, value = w+" "+joinGroups(s.Args), joinGroups(s.Clauses)
				if w == "on" && events[strings.ToLower(groupText(s.Args[0]))] > 1 {
					continue
				}
			}
			n := 0
			for _, word := range splitValue(value) {
				x, ok := number(word)
				if !ok {
					continue
				}
				k := Knob{Token: t.Name, Kind: t.Kind, Field: field, Value: value, Index: n, At: x, Min: 1, Max: x + MaxKnobStep, Plus: strings.HasPrefix(strings.TrimPrefix(word, keyOf(word)), "+")}
				switch {
				case w == "count" && allowRemove:
					k.Min = 0
				case w == "initiative":
					k.Min = 0
				}
				if x < k.Min {
					k.Min = x // a number already below the floor (a +0 bonus) only goes up
				}
				out = append(out, k)
				n++
			}
		}
	}
	return out, nil
}

// keyOf is the "key=" of a named value, or "".
func keyOf(w string) string {
	if k, _, ok := strings.Cut(w, "="); ok {
		return k + "="
	}
	return ""
}

// stmtName is the quoted name of a token declaration, "" for another
// statement.
func stmtName(s *dsl.Stmt) string {
	if !slices.Contains(rules.KindNames[:], strings.ToLower(s.Word)) || len(s.Args) == 0 || len(s.Args[0].Values) == 0 || s.Args[0].Values[0].Str == nil {
		return ""
	}
	return *s.Args[0].Values[0].Str
}

func hasString(s *dsl.Stmt) bool {
	for _, gs := range [][]*dsl.Group{s.Args, s.Clauses} {
		for _, g := range gs {
			for _, v := range g.Values {
				if v.Str != nil {
					return true
				}
			}
		}
	}
	return false
}

func hasKey(gs []*dsl.Group) bool {
	for _, g := range gs {
		for _, v := range g.Values {
			if v.Key != nil {
				return true
			}
		}
	}
	return false
}

func groupText(g *dsl.Group) string {
	var words []string
	for _, v := range g.Values {
		t := v.Text()
		if v.Key != nil {
			t = *v.Key + "=" + t
		}
		words = append(words, t)
	}
	return strings.Join(words, " ")
}

func joinGroups(gs []*dsl.Group) string {
	var parts []string
	for _, g := range gs {
		parts = append(parts, groupText(g))
	}
	return strings.Join(parts, ", ")
}
