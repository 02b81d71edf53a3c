// Package compiler turns the army language's syntax tree into rule tables
// (package rules) and reports every problem it finds, sorted by position.
//
// The grammar (package dsl) accepts any word; this package knows the
// vocabulary. That split lets it say "unknown edge feature "meele" (did you
// mean "melee"?)" with a position, where a grammar would only say "syntax
// error".
package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// DefaultArmySize is the size of a standard army; a different total is a
// warning, since fan armies vary.
const DefaultArmySize = 35

// Limits on values a designer may write.
const (
	MaxCount      = 99
	MaxInitiative = 20
	MaxToughness  = 99
	MaxStrength   = 9
	MaxBonus      = 9
	HQToughness   = 20
)

// Result is what compiling one source file gives: its armies and every
// diagnostic (errors and warnings), sorted by position.
type Result struct {
	Armies  []*rules.Army
	Leaders []*rules.Leader // leader cards (the Leaders variant), declared beside the armies
	Diags   diag.List
	Sources map[string][]byte // every file read, by name, for rendering Diags
}

// CompileSource parses and compiles one source file that extends nothing.
func CompileSource(filename string, src []byte) Result {
	return CompileWith(filename, src, Options{})
}

func compileFile(filename string, f *dsl.File, opts Options) Result {
	c := &compiler{file: filename, opts: opts, sources: map[string][]byte{}}
	var armies []*rules.Army
	var leaders []*rules.Leader
	seen := map[string]diag.Pos{}
	seenLeader := map[string]diag.Pos{}
	for _, s := range f.Stmts {
		if strings.EqualFold(s.Word, "leader") {
			before := len(c.errs)
			c.selNames = nil
			l := c.leader(s)
			c.leaderSelNames()
			if l == nil {
				continue
			}
			key := strings.ToLower(l.Name)
			if p, dup := seenLeader[key]; dup {
				c.errs.Errorf(stmtPos(s), "leader %q is declared twice in this file (first at %s)", l.Name, p)
				continue
			}
			seenLeader[key] = stmtPos(s)
			if !diag.List(c.errs[before:]).HasErrors() {
				leaders = append(leaders, l)
			}
			continue
		}
		if strings.EqualFold(s.Word, "structure") {
			// A Structure is a faction's ("2 żetony Struktury swojej frakcji").
			c.errs.Errorf(stmtPos(s), "a structure belongs to an army: write it inside army \"Name\" { ... }")
			continue
		}
		if !strings.EqualFold(s.Word, "army") {
			c.unknown(stmtPos(s), "top-level statement", s.Word, []string{"army", "leader"})
			continue
		}
		before := len(c.errs)
		a := c.army(s)
		if a == nil {
			continue
		}
		key := strings.ToLower(a.Name)
		if p, dup := seen[key]; dup {
			c.errs.Errorf(stmtPos(s), "army %q is declared twice in this file (first at %s)", a.Name, p)
			continue
		}
		seen[key] = stmtPos(s)
		if !diag.List(c.errs[before:]).HasErrors() {
			armies = append(armies, a)
		}
	}
	if len(f.Stmts) == 0 {
		c.errs.Errorf(diag.Pos{File: filename, Line: 1, Column: 1}, "no army in this file: start with army \"Name\" { ... }")
	}
	c.errs.Sort()
	return Result{Armies: armies, Leaders: leaders, Diags: c.errs, Sources: c.sources}
}

type compiler struct {
	file    string
	errs    diag.List
	opts    Options
	sources map[string][]byte // base files read by extends
	// selNames are the token names the selectors of the army or leader
	// being compiled pick (name=, in steps, observers, placements and
	// count()), checked by checkSelNames once its tokens are known.
	selNames []nameRef
}

// armyWords are the statements allowed directly inside an army block.
var armyWords = []string{"alias", "notes", "size", "hq", "warrior", "module", "instant", "foundation", "structure", "status", "group"}

func (c *compiler) army(s *dsl.Stmt) *rules.Army {
	a := &rules.Army{Size: DefaultArmySize, HQ: -1, File: c.file}
	c.selNames = nil
	if s = c.extends(s); s == nil {
		return nil
	}
	if !c.argCount(s, 1, 1, "a name in quotes") {
		if len(s.Args) == 0 {
			return nil
		}
	}
	name, ok := c.stringValue(c.single(s.Args[0], "army"), "army name")
	if !ok {
		return nil
	}
	if strings.TrimSpace(name) == "" {
		c.errs.Errorf(groupPos(s.Args[0]), "army name is empty")
	}
	a.Name = name
	c.noColon(s)
	if s.Body == nil {
		c.errs.Errorf(stmtPos(s), "army %q has no { } block with its tokens", name)
		return a
	}
	var sizePos diag.Pos
	once := onceChecker{c: c}
	var tokens []*tokenBuild
	var structures []*structureBuild
	var statuses []*statusBuild
	var groups []*groupBuild
	for _, st := range c.splitRunOns(s.Body.Stmts, armyWords) {
		word := strings.ToLower(st.Word)
		if k, ok := kindByWord(word); ok {
			if tb := c.token(k, st); tb != nil {
				tokens = append(tokens, tb)
			}
			continue
		}
		switch word {
		case "alias":
			c.plain(st)
			for _, g := range st.Args {
				if v, ok := c.stringValue(c.single(g, "alias"), "alias"); ok {
					a.Aliases = append(a.Aliases, v)
				}
			}
			c.argCount(st, 1, -1, "at least one name in quotes")
		case "notes":
			c.plain(st)
			once.check(st)
			if c.argCount(st, 1, 1, "one string") {
				a.Notes, _ = c.stringValue(c.single(st.Args[0], "notes"), "notes")
			}
		case "size":
			c.plain(st)
			once.check(st)
			if c.argCount(st, 1, 1, "one number") {
				if n, ok := c.intValue(c.single(st.Args[0], "size"), "army size", 1, 500); ok {
					a.Size = n
					sizePos = groupPos(st.Args[0])
				}
			}
		case "structure":
			if sb := c.structure(st); sb != nil {
				structures = append(structures, sb)
			}
		case "status":
			if sb := c.status(st); sb != nil {
				statuses = append(statuses, sb)
			}
		case "group":
			if gb := c.group(st); gb != nil {
				groups = append(groups, gb)
			}
		case "remove":
			c.errs.Errorf(stmtPos(st), "remove is only for variants: army \"Name\" extends \"base\" { remove \"Token\" }")
		default:
			c.unknown(stmtPos(st), "army statement", st.Word, armyWords)
		}
	}
	c.finishArmy(a, s, tokens, statuses, groups, sizePos)
	c.finishStructures(a, tokens, structures)
	c.checkSelNames(a)
	return a
}

// checkSelNames reports a selector's name= that is no token of the army
// (a variant's tokens are its base's, less those it removes, and its own;
// a Structure's parts count): such a selector would match nothing, or only
// an opponent's token of that name, so a misspelled name would play as a
// silent no-op. The selector still matches units of that name of any army
// (an enemy's in a mirror match).
func (c *compiler) checkSelNames(a *rules.Army) {
	known := map[string]bool{}
	var all []string
	for _, t := range a.Tokens {
		for _, n := range append([]string{t.Name}, t.Aliases...) {
			known[strings.ToLower(n)] = true
			all = append(all, n)
		}
	}
	for _, ref := range c.selNames {
		if !known[strings.ToLower(ref.name)] {
			c.errs.Add(diag.Error, ref.pos, diag.Suggest(ref.name, all), "name=%q is not a token of army %q: a selector picks units by the name of one of the army's tokens", ref.name, a.Name)
		}
	}
	c.selNames = nil
}

// leaderSelNames reports every name= in a leader's selectors: a leader
// serves any army, so no name of a token can be checked against it.
func (c *compiler) leaderSelNames() {
	for _, ref := range c.selNames {
		c.errs.Errorf(ref.pos, "a leader serves any army, so its selectors cannot name a token (name=%q); use kind=", ref.name)
	}
	c.selNames = nil
}

// finishArmy runs the checks that need the whole army: names, the HQ, the
// token total, and references between tokens.
func (c *compiler) finishArmy(a *rules.Army, s *dsl.Stmt, tokens []*tokenBuild, statuses []*statusBuild, groups []*groupBuild, sizePos diag.Pos) {
	names := map[string]*tokenBuild{}
	var hqs []*tokenBuild
	for _, tb := range tokens {
		for i, n := range append([]string{tb.tok.Name}, tb.tok.Aliases...) {
			key := strings.ToLower(n)
			if prev, dup := names[key]; dup {
				p := tb.namePos
				if i > 0 {
					p = tb.aliasPos[i-1]
				}
				if prev == tb {
					c.errs.Errorf(p, "alias %q is the token's own name; an alias is another name for it (drop this one)", n)
					continue
				}
				c.errs.Errorf(p, "token name %q is already used by %q (line %d)", n, prev.tok.Name, prev.namePos.Line)
				continue
			}
			names[key] = tb
		}
		if tb.tok.Kind == rules.HQ {
			hqs = append(hqs, tb)
		}
	}
	switch {
	case len(hqs) == 0:
		c.errs.Errorf(stmtPos(s), "army %q has no HQ: declare one with hq \"HQ\" { ... }", a.Name)
	case len(hqs) > 1:
		for _, tb := range hqs[1:] {
			c.errs.Errorf(tb.kindPos, "army %q has more than one HQ (the first is %q on line %d)", a.Name, hqs[0].tok.Name, hqs[0].kindPos.Line)
		}
	}
	// lookup finds the token a name in a trigger refers to, or reports it
	// with a did-you-mean (what says which name it is: "free_if names ...").
	lookup := func(ref nameRef, what string) (int, bool) {
		other, ok := names[strings.ToLower(ref.name)]
		if !ok {
			var all []string
			for _, t := range tokens {
				all = append(all, t.tok.Name)
			}
			c.errs.Add(diag.Error, ref.pos, diag.Suggest(ref.name, all), "%s, which is not a token of army %q", what, a.Name)
			return 0, false
		}
		return slices.Index(tokens, other), true
	}
	for _, tb := range tokens {
		for i := range tb.tok.Triggers {
			if ref := tb.freeIf[i]; ref.name != "" {
				if j, ok := lookup(ref, fmt.Sprintf("free_if names %q", ref.name)); ok {
					tb.tok.Triggers[i].FreeIf = int16(j)
				}
			}
		}
		for _, ref := range tb.picks {
			j, ok := lookup(ref.nameRef, fmt.Sprintf("recover names %q", ref.name))
			if !ok {
				continue
			}
			if tokens[j].tok.Kind == rules.HQ {
				c.errs.Errorf(ref.pos, "name=%q is the HQ, which is never in the discard pile", ref.name)
				continue
			}
			tb.tok.Triggers[ref.trig].Actions[ref.step].Pick = int16(j + 1)
		}
	}
	c.finishStatuses(a, tokens, statuses, lookup)
	finishPlacements(a, tokens)
	c.finishLimits(a, tokens, groups, lookup)
	finishExpiries(a, tokens)
	for _, tb := range tokens {
		a.Tokens = append(a.Tokens, tb.tok)
		if tb.tok.Kind == rules.HQ && a.HQ < 0 {
			a.HQ = len(a.Tokens) - 1
		}
	}
	if total := a.Total(); len(tokens) > 0 && total != a.Size {
		p := sizePos
		if p.Line == 0 {
			p = stmtPos(s)
		}
		c.errs.Warnf(p, "army %q has %s, not %d (declare `size %d` if that is intended)", a.Name, plural(total, "token", "tokens"), a.Size, total)
	}
}

// onceChecker reports a statement that may appear once but appears again.
type onceChecker struct {
	c    *compiler
	seen map[string]diag.Pos
}

func (o *onceChecker) check(s *dsl.Stmt) bool {
	if o.seen == nil {
		o.seen = map[string]diag.Pos{}
	}
	w := strings.ToLower(s.Word)
	if p, dup := o.seen[w]; dup {
		o.c.errs.Errorf(stmtPos(s), "%q is declared twice (first on line %d)", s.Word, p.Line)
		return false
	}
	o.seen[w] = stmtPos(s)
	return true
}

func kindByWord(w string) (rules.Kind, bool) {
	for i, n := range rules.KindNames {
		if n == w {
			return rules.Kind(i), true
		}
	}
	return 0, false
}

// describeKind names a kind for messages ("an instant", "a module").
func describeKind(k rules.Kind) string {
	switch k {
	case rules.HQ:
		return "an HQ"
	case rules.Instant:
		return "an instant"
	}
	return "a " + k.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
