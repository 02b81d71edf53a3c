package compiler

import (
	"fmt"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// structureWords are the statements allowed inside a structure block (the
// Structures variant). They are not in Vocabulary: the engine does not play
// Structures yet, so the compiler refuses every structure block (see
// structure) and no word of it is accepted.
var structureWords = []string{"alias", "notes", "part"}

// structureParts is how many tokens make a Structure: "złożeni z dwóch
// żetonów, które nigdy nie mogą zostać rozdzielone".
const structureParts = 2

// structure checks `structure "Name" { part "A" { ... } part "B" { ... } }`
// inside an army, then refuses it. A part takes a warrior's statements (its
// features, "cechy przedstawione na jednym z żetonów", belong to the whole
// unit), so the rulebook's new features are words the language already
// has: Heavy is trait heavy, Rotation trait rotation, Sniper ranged N
// aimed, Boarding on placed: battle.
//
// Every block ends in an error, never in a Structure the games would
// ignore: the engine has no two-hex unit yet (placement on two hexes, one
// initiative and one set of wounds and nets for both, destruction of both,
// moves and pushes of one token that keep the two adjacent). The checks
// before that error still run, so a designer's mistakes are reported with
// their positions now and the file needs no change once the engine plays
// Structures.
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
	for _, st := range s.Body.Stmts {
		switch strings.ToLower(st.Word) {
		case "alias":
			c.plain(st)
			c.argCount(st, 1, -1, "at least one name in quotes")
			for _, g := range st.Args {
				c.stringValue(c.single(g, "alias"), "alias")
			}
		case "notes":
			c.plain(st)
			once.check(st)
			if c.argCount(st, 1, 1, "one string") {
				c.stringValue(c.single(st.Args[0], "notes"), "notes")
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
	for _, st := range s.Body.Stmts {
		if strings.EqualFold(st.Word, "notes") && len(st.Args) == 1 && len(st.Args[0].Values) == 1 {
			sb.notes, _ = c.stringValue(st.Args[0].Values[0], "notes")
		}
	}
	if !c.opts.structures {
		c.errs.Errorf(stmtPos(s), "structure %q: the Structures variant is not implemented yet (the engine has no two-hex unit), so the army is refused rather than played without it", name)
	}
	return sb
}

// structureBuild is a structure being checked, with the positions the
// army-wide checks need.
type structureBuild struct {
	name    string
	namePos diag.Pos
	line    int
	notes   string
	parts   []*tokenBuild
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
		for _, tb := range sb.parts {
			claim(tb.tok.Name, tb.namePos, "part")
		}
		if len(sb.parts) != structureParts {
			continue // reported by structure
		}
		// The parts join the army's tokens with no count: the deck is
		// built from the counts, so they are never drawn, and the engine
		// reads them as any token type (Piece.Token).
		st := rules.Structure{Name: sb.name, Notes: sb.notes, Line: sb.line}
		for i, tb := range sb.parts {
			tb.tok.Count = 0
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
	return c.token(rules.Warrior, st)
}

func bodyStmts(s *dsl.Stmt) []*dsl.Stmt {
	if s.Body == nil {
		return nil
	}
	return s.Body.Stmts
}
