package compiler

import (
	"slices"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// tokenBuild is a token being compiled, with the positions later checks
// need.
type tokenBuild struct {
	tok      rules.Token
	kindPos  diag.Pos
	namePos  diag.Pos
	aliasPos []diag.Pos
	freeIf   []nameRef // one per trigger
	picks    []pickRef // token names in steps (recover name="...")
	gives    []pickRef // status names in steps (give "..."), resolved by finishStatuses
	// observers are its when statements (observer.go); obsPicks the names
	// in their steps (trig: the observer's index in observers).
	observers []rules.Observer
	obsPicks  []pickRef
	// places and facings are its placement rules (placement.go).
	places  []rules.Placement
	facings []rules.Facing
	// limits are its triggers' allowances (limits.go), at limitPos.
	limits   []rules.Limit
	limitPos []diag.Pos
	// expiry is a foundation's until (expiry.go).
	expiry rules.Expiry
	// standing are its link effects that hold under a condition or compute
	// their bonus (expr.go), put into the army by finishObservers.
	standing []rules.Standing
	// condEdges and condTraits are its edge features and traits that hold
	// under a condition or compute their strength (condedge.go), put into
	// the army by finishObservers; condPos where each edge's conditional
	// features are declared, by edge and feature.
	condEdges  []rules.CondEdge
	condTraits []rules.CondTrait
	condPos    [6][len(rules.EdgeFeatNames)]diag.Pos
	edgePos    [6]diag.Pos
	linkPos    [6]diag.Pos
	hasPlay    bool
}

type nameRef struct {
	name string
	pos  diag.Pos
}

// pickRef is a token name in step step of trigger trig, resolved once every
// token of the army is known.
type pickRef struct {
	trig, step int
	nameRef
}

// tokenWords are the statements allowed inside a token block.
var tokenWords = []string{"alias", "count", "initiative", "toughness", "edge", "link", "global", "trait", "on", "when", "notes", "uncertain", "place", "facing", "until"}

func (c *compiler) token(k rules.Kind, s *dsl.Stmt) *tokenBuild {
	tb := &tokenBuild{kindPos: stmtPos(s)}
	t := &tb.tok
	t.Kind = k
	t.Count = 1
	t.Line = s.Pos.Line
	t.Toughness = 1
	if k == rules.HQ {
		t.Toughness = HQToughness
		t.Initiative = []uint8{0}
	}
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "%s needs a name in quotes, e.g. %s \"Name\" { ... }", k, k)
		return nil
	}
	c.argCount(s, 1, 1, "one name in quotes")
	name, ok := c.stringValue(c.single(s.Args[0], k.String()), k.String()+" name")
	if !ok {
		return nil
	}
	tb.namePos = groupPos(s.Args[0])
	if strings.TrimSpace(name) == "" {
		c.errs.Errorf(tb.namePos, "token name is empty")
	}
	t.Name = name
	c.noColon(s)
	if s.Body == nil {
		c.errs.Errorf(stmtPos(s), "%s %q has no { } block", k, name)
		return tb
	}
	once := onceChecker{c: c}
	for _, st := range c.splitRunOns(s.Body.Stmts, tokenWords) {
		word := strings.ToLower(st.Word)
		switch word {
		case "alias":
			c.plain(st)
			c.argCount(st, 1, -1, "at least one name in quotes")
			for _, g := range st.Args {
				if v, ok := c.stringValue(c.single(g, "alias"), "alias"); ok {
					t.Aliases = append(t.Aliases, v)
					tb.aliasPos = append(tb.aliasPos, groupPos(g))
				}
			}
		case "notes":
			c.plain(st)
			once.check(st)
			if c.argCount(st, 1, 1, "one string") {
				t.Notes, _ = c.stringValue(c.single(st.Args[0], "notes"), "notes")
			}
		case "uncertain":
			c.plain(st)
			if c.argCount(st, 1, 1, "one string saying what is uncertain") {
				if v, ok := c.stringValue(c.single(st.Args[0], "uncertain"), "uncertain"); ok {
					t.Uncertain = append(t.Uncertain, v)
				}
			}
		case "count":
			c.plain(st)
			once.check(st)
			if c.argCount(st, 1, 1, "one number") {
				if n, ok := c.intValue(c.single(st.Args[0], "count"), "count", 1, MaxCount); ok {
					if k == rules.HQ && n != 1 {
						c.errs.Errorf(groupPos(st.Args[0]), "an army has exactly one HQ token; count must be 1, not %d", n)
					}
					t.Count = n
				}
			}
		case "initiative":
			c.plain(st)
			once.check(st)
			c.initiative(tb, st)
		case "toughness":
			c.plain(st)
			once.check(st)
			if !c.allowKinds(st, k, rules.HQ, rules.Warrior, rules.Module) {
				continue
			}
			if c.argCount(st, 1, 1, "one number (the total wounds the token takes)") {
				if n, ok := c.intValue(c.single(st.Args[0], "toughness"), "toughness", 1, MaxToughness); ok {
					t.Toughness = uint8(n)
				}
			}
		case "edge":
			c.noBody(st)
			if c.allowKinds(st, k, rules.HQ, rules.Warrior, rules.Module) {
				c.edge(tb, st)
			}
		case "link":
			c.noBody(st)
			if c.allowKinds(st, k, rules.HQ, rules.Module) {
				c.link(tb, st)
			}
		case "global":
			c.noBody(st)
			if c.allowKinds(st, k, rules.HQ, rules.Module) {
				c.global(tb, st)
			}
		case "trait", "traits":
			c.plain(st)
			if c.allowKinds(st, k, rules.HQ, rules.Warrior, rules.Module, rules.Foundation) {
				c.traits(tb, st)
			}
		case "on":
			c.noBody(st)
			c.trigger(tb, st)
		case "when":
			c.noBody(st)
			c.observer(tb, st)
		case "place":
			c.noBody(st)
			c.placement(tb, st)
		case "facing":
			c.noBody(st)
			c.facing(tb, st)
		case "until":
			c.noBody(st)
			c.foundationUntil(tb, st)
		default:
			c.unknown(stmtPos(st), "token statement", st.Word, tokenWords)
		}
	}
	if k == rules.Instant && !tb.hasPlay {
		c.errs.Errorf(stmtPos(s), "instant %q does nothing: add `on play: ...` (e.g. on play: battle)", name)
	}
	if k == rules.HQ && t.Toughness < 2 {
		c.errs.Errorf(stmtPos(s), "HQ %q has toughness %d; an HQ needs hit points to lose", name, t.Toughness)
	}
	return tb
}

// allowKinds reports a statement used on a kind of token it makes no sense
// for.
func (c *compiler) allowKinds(s *dsl.Stmt, k rules.Kind, allowed ...rules.Kind) bool {
	for _, a := range allowed {
		if a == k {
			return true
		}
	}
	var names []string
	for _, a := range allowed {
		names = append(names, a.String())
	}
	c.errs.Add(diag.Error, stmtPos(s), "allowed on: "+strings.Join(names, ", "), "%q makes no sense on %s", s.Word, describeKind(k))
	return false
}

func (c *compiler) initiative(tb *tokenBuild, s *dsl.Stmt) {
	t := &tb.tok
	if !c.allowKinds(s, t.Kind, rules.HQ, rules.Warrior) {
		return
	}
	if !c.argCount(s, 1, -1, "one or more values, e.g. initiative 2, 1 (or agony)") {
		return
	}
	t.Initiative = nil
	seen := map[int]bool{}
	for _, g := range s.Args {
		v := c.single(g, "initiative")
		if v.Ident != nil && v.Key == nil {
			if strings.EqualFold(*v.Ident, "agony") {
				if t.Agony {
					c.errs.Errorf(valuePos(v), "agony is listed twice")
				}
				t.Agony = true
				continue
			}
			if strings.EqualFold(*v.Ident, "none") {
				c.errs.Errorf(valuePos(v), "a %s with no initiative never attacks in a battle: leave out the initiative line (every number here is a segment it attacks in)", t.Kind)
				continue
			}
			c.unknown(valuePos(v), "initiative kind", *v.Ident, initiativeKinds)
			continue
		}
		n, ok := c.intValue(v, "initiative", 0, MaxInitiative)
		if !ok {
			continue
		}
		if seen[n] {
			c.errs.Errorf(valuePos(v), "initiative %d is listed twice", n)
			continue
		}
		seen[n] = true
		t.Initiative = append(t.Initiative, uint8(n))
	}
	// Highest first: the order segments run in.
	for i := 1; i < len(t.Initiative); i++ {
		for j := i; j > 0 && t.Initiative[j] > t.Initiative[j-1]; j-- {
			t.Initiative[j], t.Initiative[j-1] = t.Initiative[j-1], t.Initiative[j]
		}
	}
}

var dirWords = append(append([]string{}, rules.DirNames[:]...), "all")

// dirs reads the direction list before the colon of edge and link.
func (c *compiler) dirs(s *dsl.Stmt) (rules.DirSet, []diag.Pos, bool) {
	var set rules.DirSet
	var at [6]diag.Pos
	ok := true
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "%q needs directions, e.g. %s N, NE: ...", s.Word, s.Word)
		return 0, nil, false
	}
	for _, g := range s.Args {
		v := c.single(g, "direction")
		if v.Ident != nil && v.Key == nil {
			// A hex has no east or west edge: its sides face N, NE, SE, S, SW, NW.
			if alt, found := map[string]string{"E": "NE or SE", "W": "NW or SW"}[strings.ToUpper(*v.Ident)]; found {
				c.errs.Add(diag.Error, valuePos(v), "did you mean "+alt+"?", "unknown direction %q: a hex has no %s edge", *v.Ident, strings.ToUpper(*v.Ident))
				ok = false
				continue
			}
		}
		w, good := c.wordValue(v, "direction", dirWords)
		if !good {
			ok = false
			continue
		}
		add := rules.AllDirs
		if d, isDir := rules.ParseDir(w); isDir {
			add = 1 << d
		}
		if set&add != 0 {
			c.errs.Errorf(valuePos(v), "direction %s is listed twice", w)
		}
		for d := rules.N; d <= rules.NW; d++ {
			if add.Has(d) {
				at[d] = valuePos(v)
			}
		}
		set |= add
	}
	if !s.Colon || len(s.Clauses) == 0 {
		c.errs.Errorf(stmtPos(s), "%q needs \": ...\" after the directions saying what is there", s.Word)
		return set, at[:], false
	}
	return set, at[:], ok
}

// initiativeKinds are the words allowed among the initiatives.
var initiativeKinds = []string{"agony"}

// edgeFeatures are the words allowed after `edge DIRS:`.
var edgeFeatures = []string{"melee", "ranged", "armor", "net", "reflect"}

// edgeQualifiers are the words allowed after each edge feature.
var edgeQualifiers = map[string][]string{
	"melee":  {"hits_friends"},
	"ranged": {"piercing", "aimed"},
	"net":    {"hits_friends"},
}

func (c *compiler) edge(tb *tokenBuild, s *dsl.Stmt) {
	t := &tb.tok
	set, at, ok := c.dirs(s)
	if !ok {
		return
	}
	var e rules.Edge
	seen := map[string]bool{}
	plain := false
	for _, g := range s.Clauses {
		head := g.Values[0]
		w, good := c.wordValue(head, "edge feature", edgeFeatures)
		if !good {
			continue
		}
		// A condition (if=) or a computed strength makes it a
		// conditional feature (condedge.go), kept apart from the edges.
		if conditional(g.Values[1:]) {
			c.condEdge(tb, w, head, g.Values[1:], set, g.Pos.Line)
			continue
		}
		plain = true
		if seen[w] {
			c.errs.Errorf(valuePos(head), "edge feature %q is given twice for the same edges", w)
			continue
		}
		seen[w] = true
		rest := g.Values[1:]
		switch w {
		case "melee", "ranged":
			if t.Kind == rules.Module {
				c.errs.Errorf(valuePos(head), "a module does not attack: %s makes no sense on a module edge", w)
				continue
			}
			if len(rest) == 0 {
				c.errs.Errorf(valuePos(head), "%s needs a strength, e.g. %s 1", w, w)
				continue
			}
			n, good := c.intValue(rest[0], w+" strength", 1, MaxStrength)
			if !good {
				continue
			}
			flags := c.flags(rest[1:], w, edgeQualifiers[w])
			if w == "melee" {
				e.Melee = uint8(n)
				if flags["hits_friends"] {
					e.Flags |= rules.MeleeHitsFriends
				}
			} else {
				e.Ranged = uint8(n)
				if flags["piercing"] {
					e.Flags |= rules.RangedPiercing
				}
				if flags["aimed"] {
					e.Flags |= rules.RangedAimed
				}
				if flags["piercing"] && flags["aimed"] {
					c.errs.Errorf(valuePos(rest[1]), "a ranged attack cannot be both piercing (hits the whole line) and aimed (picks one target)")
				}
			}
		case "armor", "reflect":
			c.flags(rest, w, nil)
			if w == "armor" {
				e.Flags |= rules.Armor
			} else {
				e.Flags |= rules.Reflect
			}
		case "net":
			if t.Kind == rules.Module {
				c.errs.Errorf(valuePos(head), "a module cannot net: net makes no sense on a module edge")
				continue
			}
			flags := c.flags(rest, w, edgeQualifiers[w])
			e.Flags |= rules.Net
			if flags["hits_friends"] {
				e.Flags |= rules.NetHitsFriends
			}
		}
	}
	if !plain {
		return // only conditional features: the printed edges stay as they are
	}
	for d := rules.N; d <= rules.NW; d++ {
		if !set.Has(d) {
			continue
		}
		if tb.edgePos[d].Line != 0 {
			c.errs.Errorf(at[d], "edge %s is declared twice (first on line %d); put all its features in one edge statement", d, tb.edgePos[d].Line)
			continue
		}
		tb.edgePos[d] = at[d]
		link := t.Edges[d].Flags & rules.Link
		t.Edges[d] = e
		t.Edges[d].Flags |= link
	}
}

// flags reads trailing qualifier words and reports unknown or repeated
// ones.
func (c *compiler) flags(vals []*dsl.Value, what string, allowed []string) map[string]bool {
	out := map[string]bool{}
	for _, v := range vals {
		if v.Ident == nil || v.Key != nil {
			if len(allowed) == 0 {
				c.errs.Errorf(valuePos(v), "%s takes no values; unexpected %s (separate features with commas)", what, v.Describe())
			} else {
				c.errs.Errorf(valuePos(v), "%s: unexpected %s (qualifiers: %s)", what, v.Describe(), strings.Join(allowed, ", "))
			}
			continue
		}
		if len(allowed) == 0 {
			c.errs.Errorf(valuePos(v), "%s takes no qualifiers; unexpected word %q (separate features with commas)", what, *v.Ident)
			continue
		}
		w, ok := c.wordValue(v, what+" qualifier", allowed)
		if !ok {
			continue
		}
		if out[w] {
			c.errs.Errorf(valuePos(v), "qualifier %q is given twice", w)
		}
		out[w] = true
	}
	return out
}

func (c *compiler) traits(tb *tokenBuild, s *dsl.Stmt) {
	if !c.argCount(s, 1, -1, "one or more trait names") {
		return
	}
	for _, g := range s.Args {
		if hasIf(g.Values[1:]) {
			c.condTrait(tb, g) // condedge.go
			continue
		}
		v := g.Values[0]
		if v.Ident != nil && v.Key == nil && slices.ContainsFunc(initiativeKinds, func(k string) bool { return strings.EqualFold(k, *v.Ident) }) {
			c.errs.Errorf(valuePos(v), "%s is not a trait: it goes with the initiatives, e.g. initiative 2, %s", *v.Ident, strings.ToLower(*v.Ident))
			continue
		}
		w, ok := c.wordValue(v, "trait", rules.TraitNames)
		if !ok {
			continue
		}
		bit := traitBit(w)
		if tb.tok.Traits&bit != 0 {
			c.errs.Errorf(valuePos(v), "trait %q is given twice", w)
		}
		if slices.ContainsFunc(tb.condTraits, func(ct rules.CondTrait) bool { return ct.Trait == bit }) {
			c.errs.Errorf(valuePos(v), "trait %q holds under a condition already: without one too, the condition would change nothing", w)
		}
		tb.tok.Traits |= bit
		c.traitLimit(tb, w, bit, g.Values[1:]) // limits.go: trait push per_game=2
	}
}

func traitBit(name string) rules.Traits {
	for i, n := range rules.TraitNames {
		if n == name {
			return 1 << i
		}
	}
	return 0
}
