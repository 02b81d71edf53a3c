package compiler

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// A computed number (docs/dsl.md, "Conditions and computed values") is
// one expression form, written in quotes wherever a number may be
// computed: a link bonus (`link N: melee "count(friend adjacent)"`), the
// number of a damage, heal or draw step (`damage "wounds(own_hq)"`), and
// either side of a condition (`if="count(friend adjacent) >= 2"`):
//
//	expr    = term { ("+" | "-") term }
//	term    = atom { "*" atom }
//	atom    = NUMBER | "(" expr ")" | min(expr, expr) | max(expr, expr)
//	        | count(SEL) | most_melee(SEL) | most_ranged(SEL)
//	        | wounds(self | own_hq | enemy_hq) | deck(own | enemy)
//	SEL     = the selector's words: a side, hq, kind=K, name=WORD,
//	          adjacent | within=N | in_line | linked, of=self | own_hq | enemy_hq
//
// The grammar of the file is untouched: the expression is a string, read
// here, and every mistake in it is reported at its own column with a
// did-you-mean. Each expression carries the bounds of its values, so that
// a number that can never matter, or a condition that is always or never
// true, is a compile error.

// exprFuncs are the measures and functions of an expression.
var exprFuncs = rules.ExprFuncs[rules.ExMin:]

// exprSelFlags and exprSelNamed are the selector's words inside count(),
// most_melee() and most_ranged(); exprRefs the references of of= there and
// of wounds(); exprDecks the words of deck().
var (
	exprSelFlags = []string{"friend", "own", "enemy", "any", "hq", "adjacent", "in_line", "linked"}
	exprSelNamed = []string{"kind", "name", "within", "of"}
	exprRefs     = []string{"self", "own_hq", "enemy_hq"}
	exprDecks    = []string{"own", "enemy"}
)

// maxUnits bounds how many units a count can find: every hex of the
// largest board.
const maxUnits = 37

// exprLex is one lexeme of an expression: a word, a number, or an
// operator or punctuation mark; col is its column in the file.
type exprLex struct {
	text string
	raw  string // a word as written (text is lower-cased), for messages
	col  int
	num  bool
	word bool
}

// exprParser reads one expression string.
type exprParser struct {
	c     *compiler
	pos   diag.Pos // the string's first character
	toks  []exprLex
	i     int
	bad   bool
	depth int // nesting of parentheses and functions, bounded by maxExprDepth
}

// maxExprDepth bounds the nesting of an expression, so that a hostile
// string cannot recurse without end.
const maxExprDepth = 16

// exprStart is the position of the first character inside the quoted
// string v (after its key=, when it has one).
func exprStart(v *dsl.Value) diag.Pos {
	p := valuePos(v)
	if v.Key != nil {
		p.Column += utf8.RuneCountInString(*v.Key) + 1
	}
	p.Column++ // the opening quote
	return p
}

func (c *compiler) newExprParser(v *dsl.Value) *exprParser {
	e := &exprParser{c: c, pos: exprStart(v)}
	src := []rune(*v.Str)
	for i := 0; i < len(src); {
		r := src[i]
		switch {
		case unicode.IsSpace(r):
			i++
		case unicode.IsDigit(r):
			j := i
			for j < len(src) && unicode.IsDigit(src[j]) {
				j++
			}
			e.toks = append(e.toks, exprLex{text: string(src[i:j]), col: i, num: true})
			i = j
		case unicode.IsLetter(r) || r == '_':
			j := i
			for j < len(src) && (unicode.IsLetter(src[j]) || unicode.IsDigit(src[j]) || src[j] == '_') {
				j++
			}
			e.toks = append(e.toks, exprLex{text: strings.ToLower(string(src[i:j])), raw: string(src[i:j]), col: i, word: true})
			i = j
		case strings.ContainsRune("<>=!", r) && i+1 < len(src) && src[i+1] == '=':
			e.toks = append(e.toks, exprLex{text: string(src[i : i+2]), col: i})
			i += 2
		case strings.ContainsRune("()+-*,=<>", r):
			e.toks = append(e.toks, exprLex{text: string(r), col: i})
			i++
		default:
			e.errorf(i, "unexpected %q in an expression (numbers, words, ( ) , + - * and the comparisons >= > <= < == !=)", r)
			i++
		}
	}
	return e
}

func (e *exprParser) at(col int) diag.Pos {
	p := e.pos
	p.Column += col
	return p
}

func (e *exprParser) errorf(col int, format string, args ...any) {
	if !e.bad {
		e.c.errs.Errorf(e.at(col), format, args...)
	}
	e.bad = true
}

func (e *exprParser) peek() *exprLex {
	if e.i < len(e.toks) {
		return &e.toks[e.i]
	}
	return nil
}

// endCol is the column just after the last lexeme (for "missing ..." errors).
func (e *exprParser) endCol() int {
	if len(e.toks) == 0 {
		return 0
	}
	l := e.toks[len(e.toks)-1]
	return l.col + utf8.RuneCountInString(l.text)
}

func (e *exprParser) accept(text string) bool {
	if t := e.peek(); t != nil && !t.num && !t.word && t.text == text {
		e.i++
		return true
	}
	return false
}

func (e *exprParser) expect(text, what string) bool {
	if e.accept(text) {
		return true
	}
	if t := e.peek(); t != nil {
		e.errorf(t.col, "expected %q %s, found %q", text, what, t.text)
	} else {
		e.errorf(e.endCol(), "expected %q %s at the end of the expression", text, what)
	}
	return false
}

// expr = term { (+|-) term }
func (e *exprParser) expr() *rules.Expr {
	x := e.term()
	for !e.bad {
		switch {
		case e.accept("+"):
			x = binary(rules.ExAdd, x, e.term())
		case e.accept("-"):
			x = binary(rules.ExSub, x, e.term())
		default:
			return x
		}
	}
	return x
}

// term = atom { * atom }
func (e *exprParser) term() *rules.Expr {
	x := e.atom()
	for !e.bad && e.accept("*") {
		x = binary(rules.ExMul, x, e.atom())
	}
	return x
}

func (e *exprParser) atom() *rules.Expr {
	if e.depth++; e.depth > maxExprDepth {
		e.errorf(e.endCol(), "an expression nests at most %d deep", maxExprDepth)
		return &rules.Expr{}
	}
	defer func() { e.depth-- }()
	t := e.peek()
	if t == nil {
		e.errorf(e.endCol(), "the expression ends where a number or a measure is expected (e.g. count(friend adjacent))")
		return &rules.Expr{}
	}
	switch {
	case t.num:
		e.i++
		n, err := strconv.Atoi(t.text)
		if err != nil || n > 99 {
			e.errorf(t.col, "%s: a number in an expression is at most 99", t.text)
			return &rules.Expr{}
		}
		return &rules.Expr{Op: rules.ExNum, N: int16(n), Lo: int16(n), Hi: int16(n)}
	case t.text == "(":
		e.i++
		x := e.expr()
		e.expect(")", "to close the (")
		return x
	case t.text == "-":
		e.i++
		x := e.atom()
		return binary(rules.ExSub, &rules.Expr{Op: rules.ExNum}, x)
	case !t.word:
		e.errorf(t.col, "expected a number or a measure, found %q", t.text)
		return &rules.Expr{}
	}
	e.i++
	if !slices.Contains(exprFuncs, t.text) {
		hint := diag.Suggest(t.text, exprFuncs)
		if hint == "" {
			hint = "expected one of: " + strings.Join(exprFuncs, ", ")
		}
		if !e.bad {
			e.c.errs.Add(diag.Error, e.at(t.col), hint, "unknown measure %q", t.text)
		}
		e.bad = true
		return &rules.Expr{}
	}
	op := rules.ExprOp(slices.Index(rules.ExprFuncs[:], t.text))
	if !e.expect("(", "after "+t.text) {
		return &rules.Expr{}
	}
	var x *rules.Expr
	switch op {
	case rules.ExMin, rules.ExMax:
		l := e.expr()
		e.expect(",", "between the two numbers of "+t.text)
		x = binary(op, l, e.expr())
	case rules.ExWounds:
		x = &rules.Expr{Op: op, Ref: rules.RefSelf, Lo: 0, Hi: 20}
		if w := e.word(exprRefs, "wounds reference"); w != "" {
			x.Ref = refOf(w)
		}
	case rules.ExDeck:
		x = &rules.Expr{Op: op, Side: rules.Friends, Lo: 0, Hi: 64}
		if w := e.word(exprDecks, "deck"); w == "enemy" {
			x.Side = rules.Enemies
		}
	default:
		x = e.selector(op)
	}
	e.expect(")", "to close "+t.text+"(")
	return x
}

// word reads one of words (or nothing before ")").
func (e *exprParser) word(words []string, what string) string {
	t := e.peek()
	if t == nil || t.text == ")" {
		return ""
	}
	e.i++
	if !t.word || !slices.Contains(words, t.text) {
		if !e.bad {
			e.c.unknown(e.at(t.col), what, t.text, words)
		}
		e.bad = true
		return ""
	}
	return t.text
}

// selector reads the selector words of count(), most_melee() and
// most_ranged() up to the closing parenthesis.
func (e *exprParser) selector(op rules.ExprOp) *rules.Expr {
	x := &rules.Expr{Op: op, Side: rules.AnySide, Sel: &rules.Selector{}}
	sideSet := false
	for !e.bad {
		t := e.peek()
		if t == nil || t.text == ")" {
			break
		}
		e.i++
		if !t.word {
			e.errorf(t.col, "expected a selector word (%s), found %q", strings.Join(exprSelFlags, ", "), t.text)
			break
		}
		if e.accept("=") {
			e.named(x, t)
			continue
		}
		if !slices.Contains(exprSelFlags, t.text) {
			all := append(slices.Clone(exprSelFlags), exprSelNamed...)
			e.c.unknown(e.at(t.col), "selector word", t.text, all)
			e.bad = true
			break
		}
		switch t.text {
		case "friend", "own", "enemy", "any":
			if sideSet {
				e.errorf(t.col, "a selector takes one side; %s is a second", t.text)
			}
			x.Side, sideSet = sideByWord(t.text), true
		case "hq":
			x.HQ = true
		case "adjacent":
			e.relation(x.Sel, rules.RelAdjacent, t)
		case "in_line":
			e.relation(x.Sel, rules.RelInLine, t)
		case "linked":
			e.relation(x.Sel, rules.RelLinked, t)
		}
	}
	if x.Sel.Of != rules.RefNone && x.Sel.Rel == rules.RelNone && !e.bad {
		e.c.errs.Errorf(e.pos, "of=%s is the reference of a relation: add adjacent, within=N, in_line or linked", x.Sel.Of)
		e.bad = true
	}
	if x.Sel.Rel != rules.RelNone && x.Sel.Of == rules.RefNone {
		x.Sel.Of = rules.RefSelf
	}
	x.Lo, x.Hi = 0, maxUnits
	switch x.Sel.Rel {
	case rules.RelAdjacent, rules.RelLinked:
		x.Hi = 6
	case rules.RelWithin:
		x.Hi = int16(min(maxUnits-1, 3*int(x.Sel.Dist)*(int(x.Sel.Dist)+1)))
	}
	if op != rules.ExCount {
		x.Hi = MaxStrength
	}
	return x
}

func (e *exprParser) relation(s *rules.Selector, r rules.Relation, t *exprLex) {
	if s.Rel != rules.RelNone {
		e.errorf(t.col, "a selector takes one relation; %s is a second after %s", r, s.Rel)
		return
	}
	s.Rel = r
}

// named reads the value of key= (t is the key).
func (e *exprParser) named(x *rules.Expr, t *exprLex) {
	v := e.peek()
	if !slices.Contains(exprSelNamed, t.text) {
		e.c.unknown(e.at(t.col), "selector named value", t.text, exprSelNamed)
		e.bad = true
		return
	}
	if v == nil || v.text == ")" {
		e.errorf(t.col, "%s= needs a value", t.text)
		return
	}
	e.i++
	switch t.text {
	case "within":
		n, err := strconv.Atoi(v.text)
		if !v.num || err != nil || n < 1 || n > 4 {
			e.errorf(v.col, "within: expected a number from 1 to 4, found %q", v.text)
			return
		}
		e.relation(x.Sel, rules.RelWithin, t)
		x.Sel.Dist = uint8(n)
	case "kind":
		if !v.word || !slices.Contains(selectorKinds, v.text) {
			e.c.unknown(e.at(v.col), "kind", v.text, selectorKinds)
			e.bad = true
			return
		}
		x.Sel.Kinds |= 1 << slices.Index(rules.KindNames[:], v.text)
	case "name":
		if !v.word {
			e.errorf(v.col, "name= takes the token's name as one word here (name=Spotter)")
			return
		}
		x.Sel.Name = v.text
		e.c.selNames = append(e.c.selNames, nameRef{name: v.raw, pos: e.at(v.col)})
	case "of":
		if !v.word || !slices.Contains(exprRefs, v.text) {
			e.c.unknown(e.at(v.col), "reference", v.text, exprRefs)
			e.bad = true
			return
		}
		x.Sel.Of = refOf(v.text)
	}
}

// binary builds an operator node and its bounds.
func binary(op rules.ExprOp, l, r *rules.Expr) *rules.Expr {
	x := &rules.Expr{Op: op, L: l, R: r}
	switch op {
	case rules.ExAdd:
		x.Lo, x.Hi = l.Lo+r.Lo, l.Hi+r.Hi
	case rules.ExSub:
		x.Lo, x.Hi = l.Lo-r.Hi, l.Hi-r.Lo
	case rules.ExMul:
		p := []int16{l.Lo * r.Lo, l.Lo * r.Hi, l.Hi * r.Lo, l.Hi * r.Hi}
		x.Lo, x.Hi = slices.Min(p), slices.Max(p)
	case rules.ExMin:
		x.Lo, x.Hi = min(l.Lo, r.Lo), min(l.Hi, r.Hi)
	case rules.ExMax:
		x.Lo, x.Hi = max(l.Lo, r.Lo), max(l.Hi, r.Hi)
	}
	// Numbers are at most 99 and measures small, so products stay far
	// inside int16; clamp anyway so that bounds never wrap.
	x.Lo, x.Hi = max(-9999, x.Lo), min(9999, x.Hi)
	return x
}

// number reads the quoted expression v as a whole computed number; what
// names it in messages. It reports nothing more: the caller checks the
// bounds for its use.
func (c *compiler) number(v *dsl.Value) (*rules.Expr, bool) {
	e := c.newExprParser(v)
	if e.bad {
		return nil, false
	}
	x := e.expr()
	if t := e.peek(); t != nil && !e.bad {
		e.errorf(t.col, "unexpected %q after the expression", t.text)
	}
	return x, !e.bad
}

// stepNumber reads the computed number of step w (an action of spec) and
// checks its bounds against the step's range: a number that can never
// reach 1 would make the step do nothing, one above the step's maximum is
// cut to it.
func (c *compiler) stepNumber(v *dsl.Value, w string, hi int) (*rules.Expr, bool) {
	x, ok := c.number(v)
	if !ok {
		return nil, false
	}
	if x.Hi < 1 {
		c.errs.Errorf(valuePos(v), "%s %q is never more than %d: the step would never do anything", w, *v.Str, x.Hi)
		return nil, false
	}
	if int(x.Hi) > hi {
		c.errs.Warnf(valuePos(v), "%s %q can reach %d; the step does at most %d (the rest is cut off)", w, *v.Str, x.Hi, hi)
	}
	return x, true
}

// bonusNumber reads a computed link bonus and checks its bounds.
func (c *compiler) bonusNumber(v *dsl.Value, w string) (*rules.Expr, bool) {
	x, ok := c.number(v)
	if !ok {
		return nil, false
	}
	if x.Lo == 0 && x.Hi == 0 {
		c.errs.Errorf(valuePos(v), "%s bonus %q is always 0: it does nothing", w, *v.Str)
		return nil, false
	}
	if int(x.Hi) > MaxBonus || int(x.Lo) < -MaxBonus {
		c.errs.Warnf(valuePos(v), "%s bonus %q ranges from %d to %d; it is cut to %d..%d", w, *v.Str, x.Lo, x.Hi, -MaxBonus, MaxBonus)
	}
	return x, true
}

// standingConds are the condition words a standing effect may hold on:
// those known at any moment from where the token stands and its wounds
// (destroyed_enemy is known only when a battle is over).
var standingConds = []string{"adjacent_own_hq", "unwounded"}

// test reads the if= of a standing effect: a condition word, or a
// quoted comparison of two computed numbers. A comparison that the bounds
// decide (always or never true) is an error: the effect would be a plain
// one, or nothing.
func (c *compiler) test(v *dsl.Value) (*rules.Test, bool) {
	kv := *v
	kv.Key = nil
	if v.Str == nil {
		w, ok := c.wordValue(&kv, "condition", standingConds)
		if !ok {
			return nil, false
		}
		return &rules.Test{Cond: rules.Cond(slices.Index(rules.CondNames[:], w))}, true
	}
	e := c.newExprParser(v)
	if e.bad {
		return nil, false
	}
	l := e.expr()
	op := e.peek()
	if e.bad {
		return nil, false
	}
	if op == nil || slices.Index(rules.CmpNames[:], op.text) < 1 || op.word || op.num {
		col := e.endCol()
		if op != nil {
			col = op.col
		}
		e.errorf(col, "a condition compares two numbers: add one of >= > <= < == != (e.g. \"count(friend adjacent) >= 2\")")
		return nil, false
	}
	e.i++
	r := e.expr()
	if t := e.peek(); t != nil && !e.bad {
		e.errorf(t.col, "unexpected %q after the condition", t.text)
	}
	if e.bad {
		return nil, false
	}
	t := &rules.Test{Cmp: rules.CmpOp(slices.Index(rules.CmpNames[:], op.text)), L: l, R: r}
	if always, never := decided(t); always || never {
		c.errs.Errorf(valuePos(v), "if=%q is %s true (%s is %d..%d, %s %d..%d): write the effect without it%s",
			*v.Str, map[bool]string{true: "always", false: "never"}[always], l, l.Lo, l.Hi, r, r.Lo, r.Hi, map[bool]string{true: "", false: ", or drop it"}[always])
		return nil, false
	}
	return t, true
}

// decided reports whether the bounds of a comparison make it always true
// or never true.
func decided(t *rules.Test) (always, never bool) {
	l, r := t.L, t.R
	switch t.Cmp {
	case rules.CmpGE:
		return l.Lo >= r.Hi, l.Hi < r.Lo
	case rules.CmpGT:
		return l.Lo > r.Hi, l.Hi <= r.Lo
	case rules.CmpLE:
		return l.Hi <= r.Lo, l.Lo > r.Hi
	case rules.CmpLT:
		return l.Hi < r.Lo, l.Lo >= r.Hi
	case rules.CmpEQ:
		return l.Lo == l.Hi && r.Lo == r.Hi && l.Lo == r.Lo, l.Hi < r.Lo || l.Lo > r.Hi
	case rules.CmpNE:
		return l.Hi < r.Lo || l.Lo > r.Hi, l.Lo == l.Hi && r.Lo == r.Hi && l.Lo == r.Lo
	}
	return false, false
}

// standingOps are the link effects that may hold under a condition or
// compute their bonus: the battle's bonuses, which the engine works out
// for each initiative segment (engine/expr.go). The others work outside
// battles too, where nothing would check the condition.
var standingOps = []string{"melee", "ranged", "initiative", "extra_action", "armor"}

// standing reads the if= and computed bonus of link effect w in clause g
// (rest: the values after the effect word) and reports whether the effect
// is a standing one; vals is rest without its if=.
func (c *compiler) standing(w string, rest []*dsl.Value, global bool) (test *rules.Test, num *rules.Expr, left []*dsl.Value, is, ok bool) {
	for i, v := range rest {
		if (v.Key != nil && strings.EqualFold(*v.Key, "if")) || (i == 0 && v.Str != nil && v.Key == nil) {
			is = true
		}
	}
	if !is {
		return nil, nil, rest, false, true
	}
	at := dsl.Position(rest[0].Pos)
	if global {
		c.errs.Errorf(at, "a global effect takes no if= nor computed bonus: it works through the whole board (use a link)")
		return nil, nil, nil, true, false
	}
	if !slices.Contains(standingOps, w) {
		c.errs.Add(diag.Error, at, "conditions and computed bonuses: "+strings.Join(standingOps, ", "), "%s cannot hold under a condition or compute its bonus: it works outside battles too", w)
		return nil, nil, nil, true, false
	}
	ok = true
	for _, v := range rest {
		if v.Key != nil && strings.EqualFold(*v.Key, "if") {
			if t, good := c.test(v); good {
				test = t
			} else {
				ok = false
			}
			continue
		}
		left = append(left, v)
	}
	if len(left) > 0 && left[0].Str != nil && left[0].Key == nil {
		if x, good := c.bonusNumber(left[0], w); good {
			num = x
		} else {
			ok = false
		}
		left = left[1:]
	}
	return test, num, left, true, ok
}

// computedSteps are the steps whose number may be computed: it is worked
// out when the step runs (engine/expr.go).
var computedSteps = []rules.ActionOp{rules.ActDamage, rules.ActHeal, rules.ActExtraDraw, rules.ActAttack}

// checkComputedEvent reports a computed number where the engine runs the
// step outside its program (a foundation's entry trigger, a battle
// ability), so that nothing would compute it.
func (c *compiler) checkComputedEvent(ev rules.Event, a *rules.Action, g *dsl.Group) {
	if a.Num != nil && (ev == rules.OnEnemyEnter || ev == rules.OnUnitEnter || ev == rules.OnAttack) {
		c.errs.Errorf(groupPos(g), "`on %s` takes no computed number (%s): write a plain number", ev, a.Num)
	}
	if a.Num != nil && ev == rules.OnPlay && usesSelf(a.Num) {
		c.errs.Errorf(groupPos(g), "%s measures from self, the token itself, and an instant is never on the board (use of=own_hq or of=enemy_hq)", a.Num)
	}
}

// usesSelf reports whether an expression measures from the token itself.
func usesSelf(x *rules.Expr) bool {
	if x == nil {
		return false
	}
	if (x.Op == rules.ExWounds && x.Ref == rules.RefSelf) || (x.Sel != nil && x.Sel.Of == rules.RefSelf) {
		return true
	}
	return usesSelf(x.L) || usesSelf(x.R)
}

// StandingString writes a standing effect back in the language's words.
func StandingString(sd *rules.Standing) string {
	s := EffectString(sd.Effect)
	if sd.Num != nil {
		s = strings.TrimSuffix(s, fmt.Sprintf(" %+d", sd.Effect.Value)) + " " + strconv.Quote(sd.Num.String())
	}
	if sd.If != nil {
		s += " if=" + testString(sd.If)
	}
	return s
}

func computedStepNames() []string {
	out := make([]string, len(computedSteps))
	for i, op := range computedSteps {
		out[i] = op.String()
	}
	return out
}
