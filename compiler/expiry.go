package compiler

import (
	"slices"
	"strings"

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
	ex := rules.Expiry{Line: s.Pos.Line}
	ex.Ends, ex.Turns = c.until(s, foundationEnds)
	if len(s.Args) > 0 { // with no end, the one error says so
		c.noColon(s)
	}
	tb.expiry = ex
}

// untilSpec is what one kind of until statement takes: a foundation's or
// a status's.
type untilSpec struct {
	what     string   // the ends' name in messages ("foundation end")
	names    []string // the ends it takes, turns first
	maxTurns int      // the most turns N may be
	turns    string   // what turns N counts, for the message of a turns without its number
}

var (
	foundationEnds = untilSpec{what: "foundation end", names: rules.FoundationEndNames, maxTurns: maxFoundationTurns,
		turns: "its owner's turns it lasts after the one it is placed in"}
	statusEnds = untilSpec{what: "status end", names: rules.StatusEndNames, maxTurns: maxStatusTurns,
		turns: "the carrier's owner's turns it lasts"}
)

// until reads `until turns 2, battle_end, ...`, the ends of a foundation
// or a status (one of them ending it): their bits, and the N of turns. An
// end given wrongly (turns without its number, or out of bounds) is left
// out, after its error.
func (c *compiler) until(s *dsl.Stmt, spec untilSpec) (ends rules.StatusEnd, turns uint8) {
	if !c.argCount(s, 1, -1, "one or more ends: turns N, "+strings.Join(spec.names[1:], ", ")) {
		return 0, 0
	}
	for _, g := range s.Args {
		w, ok := c.wordValue(g.Values[0], spec.what, spec.names)
		if !ok {
			continue
		}
		bit := rules.StatusEnd(1) << slices.Index(rules.StatusEndNames, w)
		if ends&bit != 0 {
			c.errs.Errorf(groupPos(g), "until %s is given twice", w)
			continue
		}
		ends |= bit
		rest := g.Values[1:]
		if bit == rules.EndTurns {
			if len(rest) == 0 {
				c.errs.Errorf(valuePos(g.Values[0]), "turns needs a number: %s, e.g. until turns 2", spec.turns)
				ends &^= bit
				continue
			}
			if n, ok := c.intValue(rest[0], "turns", 1, spec.maxTurns); ok {
				turns = uint8(n)
			} else {
				ends &^= bit
			}
			rest = rest[1:]
		}
		if len(rest) > 0 {
			c.errs.Errorf(valuePos(rest[0]), "until %s: unexpected %s (separate ends with commas)", w, rest[0].Describe())
		}
	}
	return ends, turns
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
