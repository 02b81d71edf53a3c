package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// Placement rules of a token (docs/dsl.md, "Placement rules"):
//
//	place only: friend kind=hq adjacent      # only next to the own HQ
//	place never: enemy kind=hq adjacent      # never next to an enemy HQ
//	place only: friend name="Banner" within=2
//	facing enemy: toward                     # enemies placed next to it face it
//
// A place clause is a selector of units (side, kind=, name=, hq) and a
// relation (adjacent, within=N, in_line) measured from the hex the token
// is placed on: the same words a step's selector takes (selector.go).

// placeModes are the words after place.
var placeModes = []string{"only", "never"}

// placeFlags and placeNamed are the words of a place clause.
var (
	placeFlags = []string{"adjacent", "in_line", "hq"}
	placeNamed = []string{"kind", "name", "within"}
)

// facingWords are the words after facing SIDE:.
var facingWords = []string{"toward", "away"}

// placeKinds are the tokens a player places from the hand.
var placeKinds = []rules.Kind{rules.Warrior, rules.Module, rules.Foundation}

func (c *compiler) placement(tb *tokenBuild, s *dsl.Stmt) {
	if !c.allowKinds(s, tb.tok.Kind, placeKinds...) {
		return
	}
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "\"place\" needs only or never, e.g. place only: friend kind=hq adjacent")
		return
	}
	c.argCount(s, 1, 1, "only or never")
	mode, ok := c.wordValue(c.single(s.Args[0], "place"), "place mode", placeModes)
	if !ok {
		return
	}
	if !s.Colon || len(s.Clauses) == 0 {
		c.errs.Errorf(stmtPos(s), "\"place %s\" needs \": ...\" with the units it is measured by, e.g. place %s: friend kind=hq adjacent", mode, mode)
		return
	}
	for _, g := range s.Clauses {
		pl := rules.Placement{Never: mode == "never", Side: rules.AnySide, Line: s.Pos.Line}
		probe := rules.Action{Op: rules.ActDamage}
		sideSeen := false
		for _, v := range g.Values {
			if v.Key != nil {
				key := strings.ToLower(*v.Key)
				if !slices.Contains(placeNamed, key) {
					c.unknown(valuePos(v), "place named value", *v.Key, placeNamed)
					continue
				}
				kv := *v
				kv.Key = nil
				c.selectorNamedValue(&probe, key, &kv, v, "place")
				continue
			}
			if v.Ident != nil && slices.Contains(sideWords, strings.ToLower(*v.Ident)) {
				if sideSeen {
					c.errs.Errorf(valuePos(v), "a place clause matches one side; %s is a second", strings.ToLower(*v.Ident))
				}
				pl.Side, sideSeen = sideByWord(strings.ToLower(*v.Ident)), true
				continue
			}
			q, ok := c.wordValue(v, "place qualifier", append(slices.Clone(sideWords), placeFlags...))
			if !ok {
				continue
			}
			if q == "hq" {
				pl.HQ = true
				continue
			}
			c.selectorFlag(&probe, q, v)
		}
		if probe.Sel == nil || probe.Sel.Rel == rules.RelNone {
			c.errs.Add(diag.Error, groupPos(g), "adjacent, within=N or in_line, measured from the hex it is placed on", "place %s needs a relation: where the units stand from the hex", mode)
			continue
		}
		pl.Sel = *probe.Sel
		pl.Sel.Of = rules.RefSelf // the placed hex
		tb.places = append(tb.places, pl)
	}
}

func (c *compiler) facing(tb *tokenBuild, s *dsl.Stmt) {
	if !c.allowKinds(s, tb.tok.Kind, rules.HQ, rules.Warrior, rules.Module, rules.Foundation) {
		return
	}
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "\"facing\" needs whose units it turns, e.g. facing enemy: toward")
		return
	}
	c.argCount(s, 1, 1, "one side: friend, enemy or any")
	w, ok := c.wordValue(c.single(s.Args[0], "facing"), "side", sideWords)
	if !ok {
		return
	}
	if !s.Colon || len(s.Clauses) != 1 || len(s.Clauses[0].Values) != 1 {
		c.errs.Errorf(stmtPos(s), "\"facing %s\" needs \": toward\" or \": away\" (the top edge of a unit placed next to it points at it, or straight away)", w)
		return
	}
	d, ok := c.wordValue(s.Clauses[0].Values[0], "facing", facingWords)
	if !ok {
		return
	}
	for _, f := range tb.facings {
		if f.Side&sideByWord(w) != 0 {
			c.errs.Errorf(stmtPos(s), "a token turns the units of a side one way; facing for %s units is given twice (line %d)", w, f.Line)
			return
		}
	}
	tb.facings = append(tb.facings, rules.Facing{Side: sideByWord(w), Away: d == "away", Line: s.Pos.Line})
}

// finishPlacements puts the placement rules of the army's tokens (the
// token index i of each) into the army.
func finishPlacements(a *rules.Army, tokens []*tokenBuild) {
	for i, tb := range tokens {
		a.Placements = ownedBy(a.Placements, tb.places, i, func(p *rules.Placement) *int { return &p.Token })
		a.Facings = ownedBy(a.Facings, tb.facings, i, func(f *rules.Facing) *int { return &f.Token })
	}
}

// ruleStrings are token i's place, facing and until statements and its
// allowances in the language's words, for dump.
func ruleStrings(a *rules.Army, i int) []string {
	var out []string
	for _, pl := range a.Placements {
		if pl.Token != i {
			continue
		}
		mode := "only"
		if pl.Never {
			mode = "never"
		}
		sel := pl.Sel
		sel.Of = rules.RefNone // always the placed hex
		words := pl.Side.String()
		if pl.HQ {
			words += " hq"
		}
		out = append(out, fmt.Sprintf("place %s: %s %s", mode, words, sel.String()))
	}
	for _, f := range a.Facings {
		if f.Token == i {
			way := "toward"
			if f.Away {
				way = "away"
			}
			out = append(out, fmt.Sprintf("facing %s: %s", f.Side, way))
		}
	}
	for _, ex := range a.Expiries {
		if ex.Token == i {
			var ends []string
			if ex.Ends&rules.EndTurns != 0 {
				ends = append(ends, fmt.Sprintf("turns %d", ex.Turns))
			}
			if ex.Ends&rules.EndBattle != 0 {
				ends = append(ends, "battle_end")
			}
			out = append(out, "until "+strings.Join(ends, ", "))
		}
	}
	for _, l := range a.Limits {
		if !slices.Contains(l.Tokens, i) {
			continue
		}
		what := fmt.Sprintf("group %q", l.Name)
		switch {
		case l.Observer > 0 && l.Observer <= len(a.Observers):
			what = "when " + a.Observers[l.Observer-1].When.String()
		case l.Trait != 0:
			what = "trait " + l.Trait.String()
		case l.Trig >= 0 && l.Trig < len(a.Tokens[i].Triggers):
			what = "on " + a.Tokens[i].Triggers[l.Trig].Event.String()
		}
		if l.PerTurn > 0 {
			what += fmt.Sprintf(" per_turn=%d", l.PerTurn)
		}
		if l.PerGame > 0 {
			what += fmt.Sprintf(" per_game=%d", l.PerGame)
		}
		out = append(out, "allowance: "+what)
	}
	return out
}
