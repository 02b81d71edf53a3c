package compiler

import (
	"slices"

	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// A foundation that expires (docs/dsl.md, "Foundations that expire"):
//
//	until turns 2          # gone at the end of its owner's second turn after it was placed
//	until battle_end       # gone when the next battle is over
//
// the ends of a status (status.go) that a foundation, which nobody gives
// and nobody heals, can have.

// maxFoundationTurns bounds until turns N on a foundation: the engine
// counts its turns in two bits of the piece.
const maxFoundationTurns = 3

func (c *compiler) foundationUntil(tb *tokenBuild, s *dsl.Stmt) {
	if !c.allowKinds(s, tb.tok.Kind, rules.Foundation) {
		return
	}
	if tb.expiry.Ends != 0 {
		c.errs.Errorf(stmtPos(s), "until is given twice; list every end in one statement (until turns 2, battle_end)")
		return
	}
	if !c.argCount(s, 1, -1, "one or more ends: turns N, battle_end") {
		return
	}
	c.noColon(s)
	ex := rules.Expiry{Line: s.Pos.Line}
	for _, g := range s.Args {
		w, ok := c.wordValue(g.Values[0], "foundation end", rules.FoundationEndNames)
		if !ok {
			continue
		}
		bit := rules.StatusEnd(1) << slices.Index(rules.StatusEndNames, w)
		if ex.Ends&bit != 0 {
			c.errs.Errorf(groupPos(g), "until %s is given twice", w)
			continue
		}
		ex.Ends |= bit
		rest := g.Values[1:]
		if bit == rules.EndTurns {
			if len(rest) == 0 {
				c.errs.Errorf(valuePos(g.Values[0]), "turns needs a number: its owner's turns it lasts after the one it is placed in, e.g. until turns 2")
				ex.Ends &^= bit
				continue
			}
			if n, ok := c.intValue(rest[0], "turns", 1, maxFoundationTurns); ok {
				ex.Turns = uint8(n)
			} else {
				ex.Ends &^= bit
			}
			rest = rest[1:]
		}
		if len(rest) > 0 {
			c.errs.Errorf(valuePos(rest[0]), "until %s: unexpected %s (separate ends with commas)", w, rest[0].Describe())
		}
	}
	tb.expiry = ex
}

// finishExpiries puts the ends of the army's foundations into the army.
func finishExpiries(a *rules.Army, tokens []*tokenBuild) {
	for i, tb := range tokens {
		if tb.expiry.Ends != 0 {
			ex := tb.expiry
			ex.Token = i
			a.Expiries = append(a.Expiries, ex)
		}
	}
}
