package rules

import (
	"fmt"
	"strings"
)

// ExprOp is one node of a computed number (Expr).
type ExprOp uint8

const (
	ExNum        ExprOp = iota // the constant N
	ExAdd                      // L + R
	ExSub                      // L - R
	ExMul                      // L * R
	ExMin                      // the smaller of L and R
	ExMax                      // the larger of L and R
	ExCount                    // how many units match Side, HQ and Sel (measured from Sel.Of)
	ExMostMelee                // the highest printed melee strength of one edge among those units (0: none)
	ExMostRanged               // the highest printed ranged strength of one edge among them
	ExWounds                   // the wounds of the unit Ref (self, own_hq, enemy_hq); an HQ's lost points
	ExDeck                     // the tokens left in a deck: Side Friends the own, Enemies the opponent's
)

// ExprFuncs are the language names of the measures and functions, indexed
// by ExprOp (the operators have none).
var ExprFuncs = [...]string{"", "", "", "", "min", "max", "count", "most_melee", "most_ranged", "wounds", "deck"}

// Expr is a number computed from the board when the effect or step that
// holds it applies: docs/dsl.md, "Conditions and computed values". One
// form for every number that may be computed (a link bonus, a step's
// strength or count); Lo and Hi bound it, as far as the compiler knows.
type Expr struct {
	Op     ExprOp
	N      int16     // ExNum
	L, R   *Expr     // the operands of the operators, min and max
	Side   Side      // ExCount, ExMost*: whose units, from the effect's player; ExDeck: whose deck
	HQ     bool      // ExCount, ExMost*: an HQ matches too
	Sel    *Selector // ExCount, ExMost*: kind=, name=, a relation and of= (self when none)
	Ref    Ref       // ExWounds: whose wounds
	Lo, Hi int16     // the values it can take
}

func (e *Expr) String() string {
	switch e.Op {
	case ExNum:
		return fmt.Sprint(e.N)
	case ExAdd, ExSub, ExMul:
		return "(" + e.L.String() + " " + string("+-*"[e.Op-ExAdd]) + " " + e.R.String() + ")"
	case ExMin, ExMax:
		return ExprFuncs[e.Op] + "(" + e.L.String() + ", " + e.R.String() + ")"
	case ExWounds:
		return "wounds(" + e.Ref.String() + ")"
	case ExDeck:
		if e.Side == Enemies {
			return "deck(enemy)"
		}
		return "deck(own)"
	}
	parts := []string{e.Side.String()}
	if e.HQ {
		parts = append(parts, "hq")
	}
	if e.Sel != nil {
		if s := e.Sel.String(); s != "" {
			parts = append(parts, s)
		}
	}
	return ExprFuncs[e.Op] + "(" + strings.Join(parts, " ") + ")"
}

// CmpOp compares two computed numbers in a condition.
type CmpOp uint8

const (
	CmpNone CmpOp = iota
	CmpGE
	CmpGT
	CmpLE
	CmpLT
	CmpEQ
	CmpNE
)

// CmpNames are the operators of CmpOp, indexed by CmpOp.
var CmpNames = [...]string{"", ">=", ">", "<=", "<", "==", "!="}

// Test is the condition of a standing effect (if=): a condition word
// (Cond), or a comparison of two computed numbers.
type Test struct {
	Cond Cond  // a condition word; Always with a comparison
	Cmp  CmpOp // CmpNone: the word alone
	L, R *Expr
}

func (t *Test) String() string {
	if t.Cmp == CmpNone {
		return t.Cond.String()
	}
	return t.L.String() + " " + CmpNames[t.Cmp] + " " + t.R.String()
}

// Standing is a standing effect of a token that holds only under a
// condition (If) or whose bonus is computed from the board (Num): a link
// effect (Effect, on Effect.Dirs) of a battle bonus. The official armies
// have none; kept apart from Token.Effects, so that the battle's loops
// over those never test for them (engine/expr.go reads these).
type Standing struct {
	Token  int    // the token's index in Army.Tokens
	Effect Effect // the link effect (Value unused when Num is set)
	If     *Test  // nil: it always holds
	Num    *Expr  // nil: the bonus is Effect.Value
	Line   int    // where it is declared
}

func (s Standing) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s", s.Effect.Side, s.Effect.Op, s.Effect.Dirs)
	if s.Num != nil {
		b.WriteString(" " + s.Num.String())
	} else if s.Effect.Value != 0 {
		fmt.Fprintf(&b, " %+d", s.Effect.Value)
	}
	if s.If != nil {
		b.WriteString(" if " + s.If.String())
	}
	return b.String()
}

// EdgeFeat names the one feature of a conditional edge (CondEdge).
type EdgeFeat uint8

const (
	FeatMelee   EdgeFeat = iota // a melee attack (strength, hits_friends)
	FeatRanged                  // a ranged attack (strength, piercing or aimed)
	FeatArmor                   // armor
	FeatReflect                 // a reflecting edge
)

// EdgeFeatNames are the language words of EdgeFeat, indexed by it.
var EdgeFeatNames = [...]string{"melee", "ranged", "armor", "reflect"}

func (f EdgeFeat) String() string { return EdgeFeatNames[f] }

// CondEdge is an edge feature of a token that holds only under a
// condition (If) or whose strength is computed from the board (Num):
// `edge N: melee 2 if=adjacent_own_hq`, `edge all: armor if=unwounded`,
// `edge N: ranged "count(friend adjacent)"`. While it holds, on each edge
// of Dirs a melee (ranged) feature takes the place of the printed melee
// (ranged) strength and its qualifiers, and armor or reflect is added.
// The official armies have none; kept apart from Token.Edges, as Standing
// is, so that the loops over those never test for them (engine/condedge.go
// reads these).
type CondEdge struct {
	Token int       // the token's index in Army.Tokens
	Dirs  DirSet    // the printed edges it is on
	Feat  EdgeFeat  // which feature
	N     uint8     // FeatMelee, FeatRanged: the strength when Num is nil
	Flags EdgeFlags // the feature's qualifiers (MeleeHitsFriends, RangedPiercing, RangedAimed)
	If    *Test     // nil: it always holds (a computed strength)
	Num   *Expr     // nil: the strength is N; else computed, cut to 0..9
	Line  int       // where it is declared
}

func (c CondEdge) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", c.Dirs, c.Feat)
	if c.Num != nil {
		b.WriteString(" " + c.Num.String())
	} else if c.N != 0 {
		fmt.Fprintf(&b, " %d", c.N)
	}
	if c.Flags != 0 {
		b.WriteString(" " + c.Flags.String())
	}
	if c.If != nil {
		b.WriteString(" if " + c.If.String())
	}
	return b.String()
}

// CondTrait is a standing trait of a token that holds only under a
// condition: `trait flying if=adjacent_own_hq`. The engine checks it where
// it reads the trait (engine/condedge.go); kept apart from Token.Traits.
type CondTrait struct {
	Token int    // the token's index in Army.Tokens
	Trait Traits // one trait
	If    *Test
	Line  int // where it is declared
}

func (c CondTrait) String() string { return c.Trait.String() + " if " + c.If.String() }
