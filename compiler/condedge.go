package compiler

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// Conditional edges and traits (docs/dsl.md, "Conditions and computed
// values"): `edge N: melee 2 if=adjacent_own_hq`, `edge all: armor
// if=unwounded`, `edge N: ranged "count(friend adjacent)"`, `trait flying
// if=unwounded`. Each becomes a rules.CondEdge or rules.CondTrait, kept
// apart from the token's printed edges and traits, so that an army
// without them plays as before.

// condEdgeFeatures are the edge features that may hold under a condition
// or compute their strength: those a battle, a strike and an attack step
// read at the moment they attack or are hit, where the engine works the
// condition out. A net holds between battles too (it stops moves,
// abilities and links at any moment), where nothing would.
var condEdgeFeatures = []string{"melee", "ranged", "armor", "reflect"}

// conditional reports whether the values after an edge feature or a trait
// make it conditional: an if=, or a computed strength in quotes first.
func conditional(rest []*dsl.Value) bool {
	for i, v := range rest {
		if (v.Key != nil && strings.EqualFold(*v.Key, "if")) || (i == 0 && v.Str != nil && v.Key == nil) {
			return true
		}
	}
	return false
}

// condEdge compiles edge feature w (head) with its values rest, which
// hold an if= or a computed strength, on the edges set.
func (c *compiler) condEdge(tb *tokenBuild, w string, head *dsl.Value, rest []*dsl.Value, set rules.DirSet, line int) {
	t := &tb.tok
	at := valuePos(rest[0])
	for _, v := range rest {
		if v.Key != nil || v.Str != nil {
			at = valuePos(v)
			break
		}
	}
	if !slices.Contains(condEdgeFeatures, w) {
		c.errs.Add(diag.Error, at, "conditions and computed strengths on edges: "+strings.Join(condEdgeFeatures, ", "),
			"%s cannot hold under a condition: a net holds between battles too (it stops moves, abilities and links at any moment), where nothing works the condition out", w)
		return
	}
	if t.Kind == rules.Module && (w == "melee" || w == "ranged") {
		c.errs.Errorf(valuePos(head), "a module does not attack: %s makes no sense on a module edge", w)
		return
	}
	ce := rules.CondEdge{Dirs: set, Feat: rules.EdgeFeat(slices.Index(rules.EdgeFeatNames[:], w)), Line: line}
	var left []*dsl.Value
	ok := true
	for _, v := range rest {
		if v.Key != nil && strings.EqualFold(*v.Key, "if") {
			if ce.If != nil {
				c.errs.Errorf(valuePos(v), "if= is given twice")
				ok = false
				continue
			}
			test, good := c.test(v)
			ce.If, ok = test, ok && good
			continue
		}
		left = append(left, v)
	}
	switch ce.Feat {
	case rules.FeatMelee, rules.FeatRanged:
		if len(left) == 0 {
			c.errs.Errorf(valuePos(head), "%s needs a strength, e.g. %s 1", w, w)
			return
		}
		if left[0].Str != nil && left[0].Key == nil {
			x, good := c.edgeNumber(left[0], w)
			ce.Num, ok = x, ok && good
		} else {
			n, good := c.intValue(left[0], w+" strength", 1, MaxStrength)
			ce.N, ok = uint8(n), ok && good
		}
		flags := c.flags(left[1:], w, edgeQualifiers[w])
		switch {
		case flags["hits_friends"]:
			ce.Flags |= rules.MeleeHitsFriends
		case flags["piercing"] && flags["aimed"]:
			c.errs.Errorf(valuePos(left[1]), "a ranged attack cannot be both piercing (hits the whole line) and aimed (picks one target)")
			ok = false
		case flags["piercing"]:
			ce.Flags |= rules.RangedPiercing
		case flags["aimed"]:
			ce.Flags |= rules.RangedAimed
		}
	default:
		if len(left) > 0 && left[0].Str != nil && left[0].Key == nil {
			c.errs.Errorf(valuePos(head), "%s takes no number, so nothing to compute", w)
			return
		}
		c.flags(left, w, nil)
	}
	if !ok {
		return
	}
	for d := rules.N; d <= rules.NW; d++ {
		if !set.Has(d) {
			continue
		}
		if p := tb.condPos[d][ce.Feat]; p.Line != 0 {
			c.errs.Errorf(at, "edge %s has a conditional %s already (line %d): one per edge, or which one holds would depend on their order", d, w, p.Line)
			return
		}
	}
	for d := rules.N; d <= rules.NW; d++ {
		if set.Has(d) {
			tb.condPos[d][ce.Feat] = at
		}
	}
	tb.condEdges = append(tb.condEdges, ce)
}

// edgeNumber reads the computed strength of an edge's melee or ranged
// attack and checks its bounds: one that never reaches 1 never attacks;
// one above the most a strength may be is cut to it.
func (c *compiler) edgeNumber(v *dsl.Value, w string) (*rules.Expr, bool) {
	x, ok := c.number(v)
	if !ok {
		return nil, false
	}
	if x.Hi < 1 {
		c.errs.Errorf(valuePos(v), "%s strength %q is never more than %d: the edge would never attack", w, *v.Str, x.Hi)
		return nil, false
	}
	if int(x.Hi) > MaxStrength {
		c.errs.Warnf(valuePos(v), "%s strength %q can reach %d; it is cut to %d", w, *v.Str, x.Hi, MaxStrength)
	}
	return x, true
}

// CondEdgeString writes a conditional edge feature back in the language's
// words.
func CondEdgeString(ce *rules.CondEdge) string {
	var b strings.Builder
	b.WriteString("edge " + ce.Dirs.String() + ": " + ce.Feat.String())
	switch {
	case ce.Num != nil:
		b.WriteString(" " + strconv.Quote(ce.Num.String()))
	case ce.N != 0:
		b.WriteString(" " + strconv.Itoa(int(ce.N)))
	}
	switch {
	case ce.Flags&rules.MeleeHitsFriends != 0:
		b.WriteString(" hits_friends")
	case ce.Flags&rules.RangedPiercing != 0:
		b.WriteString(" piercing")
	case ce.Flags&rules.RangedAimed != 0:
		b.WriteString(" aimed")
	}
	if ce.If != nil {
		b.WriteString(" if=" + testString(ce.If))
	}
	return b.String()
}

// testString writes a condition as it follows if=: a word, or a quoted
// comparison.
func testString(t *rules.Test) string {
	if t.Cmp == rules.CmpNone {
		return t.String()
	}
	return strconv.Quote(t.String())
}

// CondTraitString writes a conditional trait back in the language's words.
func CondTraitString(ct *rules.CondTrait) string {
	return "trait " + ct.Trait.String() + " if=" + testString(ct.If)
}

// condTraits are the traits that may hold under a condition: those the
// engine reads where it can work the condition out from where the unit
// stands at that moment (engine/condedge.go): flying when an attack
// arrives, the trait abilities when its player's actions are listed,
// heavy when a move of it is, an immunity when a step of an opponent's
// picks or hits it (engine/immunity.go).
var condTraits = []string{"flying", "mobility", "rotation", "push", "pull", "heavy", "instant_immune", "enemy_move_immune", "area_immune"}

// condTraitWhy says why a trait takes no condition.
var condTraitWhy = map[string]string{
	"starts_beside_hq":   "it works at set-up, before the token stands where a condition could look",
	"tethered_to_hq":     "it is itself a condition on where the unit stands",
	"replaceable":        "it is read when its owner places a drawn token, where no condition is worked out",
	"scavenger":          "it is read after a battle for every unit at once, where no condition is worked out",
	"no_battle_at_place": "it is read when the token is placed, before it stands where a condition could look",
	"net_immune":         "the battle reads it once per token type when it works out the nets, where no condition is worked out",
	"takeover_immune":    "a takeover tests it by the token alone, where no condition is worked out",
}

// hasIf reports whether the values after a trait hold an if=.
func hasIf(vals []*dsl.Value) bool {
	for _, v := range vals {
		if v.Key != nil && strings.EqualFold(*v.Key, "if") {
			return true
		}
	}
	return false
}

// condTrait compiles `trait NAME if=CONDITION` (one group of a trait
// statement, which may also take the trait's allowance: limits.go).
func (c *compiler) condTrait(tb *tokenBuild, g *dsl.Group) {
	v := g.Values[0]
	w, ok := c.wordValue(v, "trait", rules.TraitNames)
	if !ok {
		return
	}
	var test *rules.Test
	var rest []*dsl.Value
	for _, x := range g.Values[1:] {
		if x.Key == nil || !strings.EqualFold(*x.Key, "if") {
			rest = append(rest, x)
			continue
		}
		if test != nil {
			c.errs.Errorf(valuePos(x), "if= is given twice")
			return
		}
		if !slices.Contains(condTraits, w) {
			why := condTraitWhy[w]
			c.errs.Add(diag.Error, valuePos(x), "traits that may hold under a condition: "+strings.Join(condTraits, ", "), "%s cannot hold under a condition: %s", w, why)
			return
		}
		t, good := c.test(x)
		if !good {
			return
		}
		test = t
	}
	bit := traitBit(w)
	for _, ct := range tb.condTraits {
		if ct.Trait == bit {
			c.errs.Errorf(valuePos(v), "trait %q holds under a condition twice: give it one condition", w)
			return
		}
	}
	if tb.tok.Traits&bit != 0 {
		c.errs.Errorf(valuePos(v), "trait %q is given without a condition too: the condition would change nothing", w)
		return
	}
	tb.condTraits = append(tb.condTraits, rules.CondTrait{Trait: bit, If: test, Line: valuePos(v).Line})
	c.traitLimit(tb, w, bit, rest) // limits.go: trait push if=unwounded per_game=2
}
