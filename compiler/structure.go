package compiler

import (
	"fmt"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// structureWords are the statements allowed inside a structure block (the
// Structures variant; Vocabulary's "structure statement").
var structureWords = []string{"alias", "notes", "part"}

// structureParts is how many tokens make a Structure: "złożeni z dwóch
// żetonów, które nigdy nie mogą zostać rozdzielone".
const structureParts = 2

// structure checks `structure "Name" { part "A" { ... } part "B" { ... } }`
// inside an army. A part takes a warrior's statements (its features,
// "cechy przedstawione na jednym z żetonów", belong to the whole unit), so
// the rulebook's new features are words the language already has: Heavy is
// trait heavy, Rotation trait rotation, Sniper ranged N aimed, Boarding on
// placed: battle. finishStructures adds the parts to the army's tokens;
// the engine plays them (engine/structure.go) with the variant on.
func (c *compiler) structure(s *dsl.Stmt) *structureBuild {
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "structure needs a name in quotes, e.g. structure \"Name\" { part \"A\" { ... } part \"B\" { ... } }")
		return nil
	}
	c.argCount(s, 1, 1, "one name in quotes")
	name, ok := c.stringValue(c.single(s.Args[0], "structure"), "structure name")
	if !ok {
		return nil
	}
	sb := &structureBuild{name: name, namePos: groupPos(s.Args[0]), line: stmtPos(s).Line}
	if strings.TrimSpace(name) == "" {
		c.errs.Errorf(groupPos(s.Args[0]), "structure name is empty")
	}
	c.noColon(s)
	if s.Body == nil {
		c.errs.Errorf(stmtPos(s), "structure %q has no { } block with its two parts: structure %q { part \"A\" { ... } part \"B\" { ... } }", name, name)
		return sb
	}
	once := onceChecker{c: c}
	var parts []*tokenBuild
	partNames := map[string]diag.Pos{}
	for _, st := range c.splitRunOns(s.Body.Stmts, structureWords) {
		switch strings.ToLower(st.Word) {
		case "alias":
			c.plain(st)
			c.argCount(st, 1, -1, "at least one name in quotes")
			for _, g := range st.Args {
				if v, ok := c.stringValue(c.single(g, "alias"), "alias"); ok {
					sb.aliases = append(sb.aliases, v)
					sb.aliasPos = append(sb.aliasPos, groupPos(g))
				}
			}
		case "notes":
			c.plain(st)
			once.check(st)
			if c.argCount(st, 1, 1, "one string") {
				sb.notes, _ = c.stringValue(c.single(st.Args[0], "notes"), "notes")
			}
		case "part":
			tb := c.structurePart(st)
			if tb == nil {
				continue
			}
			key := strings.ToLower(tb.tok.Name)
			if p, dup := partNames[key]; dup {
				c.errs.Errorf(tb.namePos, "part %q of structure %q is declared twice (first on line %d)", tb.tok.Name, name, p.Line)
				continue
			}
			partNames[key] = tb.namePos
			parts = append(parts, tb)
			sb.parts = append(sb.parts, tb)
			if len(parts) > structureParts {
				c.errs.Errorf(stmtPos(st), "structure %q has a third part: a Structure is two tokens (Neuroshima Hex 3.0 core rules, Struktury)", name)
			}
		default:
			c.unknown(stmtPos(st), "structure statement", st.Word, structureWords)
		}
	}
	if len(parts) < structureParts {
		c.errs.Errorf(stmtPos(s), "structure %q has %d part(s); a Structure is two tokens: part \"A\" { ... } part \"B\" { ... }", name, len(parts))
	}
	return sb
}

// structureBuild is a structure being checked, with the positions the
// army-wide checks need.
type structureBuild struct {
	name     string
	namePos  diag.Pos
	line     int
	notes    string
	aliases  []string
	aliasPos []diag.Pos
	parts    []*tokenBuild
}

// maxStructures is how many structure blocks an army may hold: its two
// double-sided tokens ("8 dwustronnych żetonów (po 2 dla każdej armii)")
// played "dowolną stroną ku górze" make at most four pairs of faces, and
// each structure block is one pair (docs/rules.md, "Structures").
const maxStructures = 4

// finishStructures runs the checks that need the whole army: a structure's
// name and its parts' names are names of the army, unique among its tokens
// and structures, since a player will name them to play them.
func (c *compiler) finishStructures(a *rules.Army, tokens []*tokenBuild, structures []*structureBuild) {
	names := map[string]string{} // lower-case name -> what holds it
	for _, tb := range tokens {
		for _, n := range append([]string{tb.tok.Name}, tb.tok.Aliases...) {
			names[strings.ToLower(n)] = fmt.Sprintf("token %q (line %d)", tb.tok.Name, tb.namePos.Line)
		}
	}
	claim := func(n string, p diag.Pos, what string) {
		key := strings.ToLower(n)
		if prev, dup := names[key]; dup {
			c.errs.Errorf(p, "%s name %q is already used by %s in army %q", what, n, prev, a.Name)
			return
		}
		names[key] = fmt.Sprintf("%s %q (line %d)", what, n, p.Line)
	}
	for i, sb := range structures {
		if i == maxStructures {
			c.errs.Errorf(sb.namePos, "army %q has a fifth structure: its two double-sided Structure tokens make at most %d pairs of faces", a.Name, maxStructures)
		}
		claim(sb.name, sb.namePos, "structure")
		for k, al := range sb.aliases {
			claim(al, sb.aliasPos[k], "structure alias")
		}
		for _, tb := range sb.parts {
			claim(tb.tok.Name, tb.namePos, "part")
		}
		if len(sb.parts) != structureParts {
			continue // reported by structure
		}
		// The parts join the army's tokens with no count: the deck is
		// built from the counts, so they are never drawn, and the engine
		// reads them as any token type (Piece.Token).
		st := rules.Structure{Name: sb.name, Aliases: sb.aliases, Notes: sb.notes, Line: sb.line}
		// "cechy przedstawione na jednym z żetonów oddziaływują na całą
		// jednostkę": a standing trait of either part is the Structure's,
		// so both parts carry it (heavy holds both still, rotation and
		// mobility are one use a turn for the pair: engine/structure.go).
		shared := sb.parts[0].tok.Traits | sb.parts[1].tok.Traits
		for i, tb := range sb.parts {
			tb.tok.Count = 0
			tb.tok.Traits = shared
			a.Tokens = append(a.Tokens, tb.tok)
			st.Parts[i] = len(a.Tokens) - 1
		}
		a.Structures = append(a.Structures, st)
	}
}

// structurePart compiles one token of a Structure as a warrior. A part has
// no count: each army has exactly its Structure's two tokens ("każdy gracz
// otrzymuje 2 żetony Struktury swojej frakcji"), kept out of the army's
// draw pile.
func (c *compiler) structurePart(st *dsl.Stmt) *tokenBuild {
	if len(st.Args) == 0 {
		c.errs.Errorf(stmtPos(st), "part needs a name in quotes, e.g. part \"A\" { initiative 2  edge N: melee 1 }")
		return nil
	}
	for _, in := range bodyStmts(st) {
		if strings.EqualFold(in.Word, "count") {
			c.errs.Errorf(stmtPos(in), "a structure part is one token, given before the game, never drawn: drop count")
		}
	}
	tb := c.token(rules.Warrior, st)
	if tb != nil {
		c.partFeatures(st, tb)
	}
	return tb
}

// partTraits are the traits a part may not have: the engine places a
// Structure only whole, by its own action, so it is never set aside beside
// the HQ nor replaced by a token of the hand.
const partTraits = rules.Replaceable | rules.StartsBesideHQ

// partFeatures refuses what a part's statements may say but a Structure
// cannot do, rather than accept it and play nothing: an on placed trigger
// other than Boarding (the placement ends the turn: "w turze wystawienia
// żetonu z tą cechą nie zrobisz nic innego"), a replace step (it would put
// the part on another unit's hex, away from its mate), the traits of
// partTraits, and names of other tokens (free_if, recover name=).
func (c *compiler) partFeatures(st *dsl.Stmt, tb *tokenBuild) {
	var ons, traits []*dsl.Stmt
	for _, in := range bodyStmts(st) {
		switch strings.ToLower(in.Word) {
		case "on":
			ons = append(ons, in)
		case "trait":
			traits = append(traits, in)
		}
	}
	posOf := func(i int, list []*dsl.Stmt) diag.Pos {
		if i < len(list) {
			return stmtPos(list[i])
		}
		return tb.namePos
	}
	name := tb.tok.Name
	if bad := tb.tok.Traits & partTraits; bad != 0 {
		p := tb.namePos
		if len(traits) > 0 {
			p = stmtPos(traits[0])
		}
		c.errs.Errorf(p, "part %q: trait %s is not for a Structure's part (a Structure is placed whole, by its own action, and leaves the board whole)", name, bad)
	}
	for i, trg := range tb.tok.Triggers {
		for _, a := range trg.Actions {
			switch {
			case trg.Event == rules.OnPlaced && (a.Op != rules.ActBattle || len(trg.Actions) != 1 || trg.CostHQ != 0 || trg.Discard != 0 || trg.If != rules.Always):
				c.errs.Errorf(posOf(i, ons), "part %q: on placed takes only battle (Boarding, \"on placed: battle\") on a Structure's part: placing a Structure ends the turn", name)
			case a.Op == rules.ActReplace:
				c.errs.Errorf(posOf(i, ons), "part %q: a replace step would put the part on another unit's hex, apart from its mate; a Structure's part cannot replace", name)
			default:
				continue
			}
			break
		}
		if i < len(tb.freeIf) && tb.freeIf[i].name != "" {
			c.errs.Errorf(tb.freeIf[i].pos, "part %q: free_if on a Structure's part is not supported (name the cost-free token on a token of the army)", name)
		}
	}
	for _, ref := range tb.picks {
		c.errs.Errorf(ref.pos, "part %q: recover name= on a Structure's part is not supported; use kinds= instead", name)
	}
	if len(tb.observers) > 0 {
		c.errs.Errorf(stmtPos(st), "part %q: an observer (when) on a Structure's part is not supported", name)
	}
	for _, ref := range tb.gives {
		c.errs.Errorf(ref.pos, "part %q: give on a Structure's part is not supported (give statuses from a token of the army)", name)
	}
}

func bodyStmts(s *dsl.Stmt) []*dsl.Stmt {
	if s.Body == nil {
		return nil
	}
	return s.Body.Stmts
}
