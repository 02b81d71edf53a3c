// Package position reads the files that describe a game's ground: board
// files (the embedded standard, large and duel boards and a designer's own)
// and position files (a battle or a game to start from, docs/positions.md),
// and writes both back. The engine reads no files: it is given what this
// package parses.
package position

import (
	"bytes"
	"embed"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/textfile"
)

// engine.Board files (docs/dsl.md, "Board files"): a board is described by a few
// lines of text, one statement a line, # starting a comment:
//
//	name duel                          # the board's name (required)
//	radius 2                           # 2: the 19-hex board, 3: the 37-hex one
//	terminals a2 b1 b4 c3 d1 d4 e2     # special hexes: Terminals (optional)
//	energy 5                           # the Energy track's top (default 5 with terminals)
//	tie draw                           # a tied final battle is a draw (default: extra-turn)
//	stalemate draw                     # a full board's battle removing no unit is a draw (default: play-on)
//	holes a1 a2 g7                     # hexes that do not exist (a map of another shape)
//	blocked d4                         # hexes that exist, where no token may be placed or moved
//	label d1 bunker                    # another name for a hex (position files, traces)
//	full all                           # which hexes a full board counts: all, or inner (the 19)
//
// A board with an energy track plays the Terminal rules (engine/duel.go);
// the shape's lines are read in boardshape.go.

//go:embed boards/*.board
var boardFiles embed.FS

// MaxBoardSize is the largest board file ParseBoard reads.
const MaxBoardSize = 64 << 10

// MaxEnergy is the highest top an energy line may give.
const MaxEnergy = 9

// Standard is the 19-hex board; Large is the 37-hex enlarged board; Duel is
// the 19-hex board with Terminals and Energy. All three are embedded board
// files (position/boards).
var (
	Standard = mustEmbedded("standard")
	Large    = mustEmbedded("large")
	Duel     = mustEmbedded("duel")
)

// BoardNames are the embedded boards, in the order the help lists them.
var BoardNames = []string{"standard", "large", "duel"}

func mustEmbedded(name string) *engine.Board {
	src, err := boardFiles.ReadFile("boards/" + name + ".board")
	if err != nil {
		panic(err)
	}
	b, err := ParseBoard(name+".board", src)
	if err != nil {
		panic(err)
	}
	return b
}

// EmbeddedBoardSource is the text of an embedded board file, for `hexforge
// board` style printing and for tests.
func EmbeddedBoardSource(name string) ([]byte, bool) {
	src, err := boardFiles.ReadFile("boards/" + strings.ToLower(name) + ".board")
	return src, err == nil
}

// BoardByName returns the embedded board called name ("standard", "large"
// or "duel"; "" is standard).
func BoardByName(name string) (*engine.Board, error) {
	switch strings.ToLower(name) {
	case "standard", "":
		return Standard, nil
	case "large":
		return Large, nil
	case "duel":
		return Duel, nil
	}
	return nil, fmt.Errorf("unknown board %q: use standard, large, duel or a board file", name)
}

// BoardFile is the policy for every board file read (docs/security.md).
var BoardFile = textfile.Kind{What: "a board file", Ext: ".board", Limit: MaxBoardSize}

// LoadBoard resolves a board reference: an embedded board's name, else a
// path to a board file (relative to dir when dir is not empty and the path
// is relative). The board read from a file is named by its path as given,
// so that a trace's header finds it again. A board named by a file (dir
// not empty) is read only from that file's directory tree (boardIn).
func LoadBoard(ref, dir string) (*engine.Board, error) {
	return boardIn(ref, dir, "the directory of the file that names it", false)
}

// boardIn is LoadBoard; from names dir in messages, and outside
// (--allow-extends-outside) lets a file name a board outside its tree.
func boardIn(ref, dir, from string, outside bool) (*engine.Board, error) {
	if b, err := BoardByName(ref); err == nil {
		return b, nil
	}
	if !strings.HasSuffix(strings.ToLower(ref), ".board") {
		// Refused before anything is read: no error can quote another
		// kind of file (docs/security.md).
		return nil, fmt.Errorf("unknown board %q: use standard, large, duel or a board file (a path ending in .board)", ref)
	}
	path := ref
	if dir != "" {
		var err error
		if path, err = textfile.Named(ref, dir, from, BoardFile, outside); err != nil {
			return nil, err
		}
	}
	b, err := ReadBoardFile(path)
	if err != nil {
		return nil, err
	}
	b.Name = ref
	return b, nil
}

// ReadBoardFile reads and parses the board file at path (named by its own
// name line).
func ReadBoardFile(path string) (*engine.Board, error) {
	// Regular .board files only, judged after links, bounded, never
	// blocking (docs/security.md).
	src, err := textfile.Read(path, BoardFile)
	if err != nil {
		return nil, err
	}
	return ParseBoard(path, src)
}

// ParseBoard reads a board file. Every problem is a positioned diagnostic;
// the error is a diag.List. It never panics.
func ParseBoard(file string, src []byte) (*engine.Board, error) {
	var errs diag.List
	pos := func(line, col int) diag.Pos { return diag.Pos{File: file, Line: line, Column: col} }
	if len(src) > MaxBoardSize {
		errs.Errorf(pos(1, 1), "board file is %d bytes; at most %d are read", len(src), MaxBoardSize)
		return nil, errs
	}
	if bytes.IndexByte(src, 0) >= 0 || !utf8.Valid(src) {
		errs.Errorf(pos(1, 1), "board file is not UTF-8 text")
		return nil, errs
	}
	name, radius, energy := "", 0, -1
	tieDraw, stalemateDraw := false, false
	var terms []word
	termLine := 0
	var shape shapeLines
	for ln, line := range strings.Split(string(src), "\n") {
		lineNo := ln + 1
		w, bad := splitWords(line)
		if bad != "" {
			col, msg, _ := strings.Cut(bad, ":")
			c, _ := strconv.Atoi(col)
			errs.Errorf(pos(lineNo, c), "%s", msg)
			continue
		}
		if len(w) == 0 {
			continue
		}
		switch strings.ToLower(w[0].text) {
		case "name":
			if len(w) != 2 {
				errs.Errorf(pos(lineNo, w[0].col), "name needs one word, e.g. name duel")
				continue
			}
			name = w[1].text
		case "radius":
			n := 0
			if len(w) == 2 {
				n, _ = strconv.Atoi(w[1].text)
			}
			if n != 2 && n != 3 {
				errs.Errorf(pos(lineNo, w[0].col), "radius is 2 (the 19-hex board) or 3 (the 37-hex board)")
				continue
			}
			radius = n
		case "terminals":
			if termLine != 0 {
				errs.Errorf(pos(lineNo, w[0].col), "terminals given twice (first on line %d)", termLine)
				continue
			}
			if len(w)-1 > engine.MaxHexes {
				errs.Errorf(pos(lineNo, w[0].col), "terminals names %d hexes; a board has at most %d", len(w)-1, engine.MaxHexes)
				continue
			}
			termLine, terms = lineNo, w[1:]
		case "energy":
			n := -1
			if len(w) == 2 {
				if v, err := strconv.Atoi(w[1].text); err == nil {
					n = v
				}
			}
			if n < 1 || n > MaxEnergy {
				errs.Errorf(pos(lineNo, w[0].col), "energy needs the top of the Energy track, a number from 1 to %d", MaxEnergy)
				continue
			}
			energy = n
		case "tie":
			// The end rule for a tie of HQ points after the final battle.
			rule, ok := endRule(w, "extra-turn")
			if !ok {
				errs.Errorf(pos(lineNo, w[0].col), "tie needs draw (a tied final battle is a draw: the Duel box) or extra-turn (one more turn each, then a battle: the base game)")
				continue
			}
			tieDraw = rule == "draw"
		case "stalemate":
			// The Atlas Map's end rule for a full board's battle that
			// removes no unit.
			rule, ok := endRule(w, "play-on")
			if !ok {
				errs.Errorf(pos(lineNo, w[0].col), "stalemate needs draw (a battle of a full board that removes no unit ends the game in a draw: the Atlas Map) or play-on (the game goes on: the base game)")
				continue
			}
			stalemateDraw = rule == "draw"
		case "holes", "blocked", "label", "full":
			shape.read(&errs, pos, lineNo, w)
		default:
			errs.Add(diag.Error, pos(lineNo, w[0].col), diag.Suggest(w[0].text, boardWords),
				"unknown line %q: expected %s", diag.Clip(w[0].text), strings.Join(boardWords[:len(boardWords)-1], ", ")+" or "+boardWords[len(boardWords)-1])
		}
	}
	if name == "" {
		errs.Errorf(pos(1, 1), "no name line: start with e.g. name my-board")
	}
	if radius == 0 {
		errs.Errorf(pos(1, 1), "no radius line: radius 2 (19 hexes) or radius 3 (37 hexes)")
	}
	if errs.HasErrors() {
		return nil, errs
	}
	b := shape.build(&errs, pos, name, radius)
	if b == nil {
		return nil, errs
	}
	for _, t := range terms {
		h, ok := hexOf(&errs, pos(termLine, t.col), b, t.text)
		if !ok {
			continue
		}
		if b.Blocked[h] {
			errs.Errorf(pos(termLine, t.col), "terminal %s is a blocked hex: a Terminal is a hex a unit stands on", b.Names[h])
			continue
		}
		if b.Terminal[h] {
			errs.Errorf(pos(termLine, t.col), "terminal %s given twice", b.Names[h])
		}
		b.Terminal[h] = true
	}
	if errs.HasErrors() {
		return nil, errs
	}
	if energy < 0 && termLine != 0 && len(terms) > 0 {
		energy = 5
	}
	b.EnergyMax = uint8(max(0, energy))
	b.Duel = b.EnergyMax > 0
	b.TieDraw, b.StalemateDraw = tieDraw, stalemateDraw
	return b, nil
}

// LoadFlag reads the --board of a command that plays games (an embedded
// board's name or a board file): the board, or nil for the standard one,
// which a Match plays when it names none (so the standard game's output
// stays as it was).
func LoadFlag(ref string) (*engine.Board, error) {
	b, err := LoadBoard(ref, "")
	if err != nil {
		return nil, fmt.Errorf("--board: %w", err)
	}
	if b == Standard {
		return nil, nil
	}
	return b, nil
}

// FormatBoard writes b as a board file.
func FormatBoard(b *engine.Board) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "name %s\nradius %d\n", quoteWord(b.Name), b.Radius)
	formatShape(&sb, b)
	var ts []string
	for h := 0; h < b.Size; h++ {
		if b.Terminal[h] {
			ts = append(ts, b.Names[h])
		}
	}
	if len(ts) > 0 {
		fmt.Fprintf(&sb, "terminals %s\n", strings.Join(ts, " "))
	}
	if b.EnergyMax > 0 {
		fmt.Fprintf(&sb, "energy %d\n", b.EnergyMax)
	}
	if b.TieDraw {
		sb.WriteString("tie draw\n")
	}
	if b.StalemateDraw {
		sb.WriteString("stalemate draw\n")
	}
	return sb.String()
}

func quoteWord(s string) string {
	if s == "" || strings.ContainsAny(s, " \t#\"") {
		return strconv.Quote(s)
	}
	return s
}

// endRule reads an end-rule line of a board file (`tie`, `stalemate`):
// its one word is draw or the base game's alternative, other.
func endRule(w []word, other string) (string, bool) {
	if len(w) != 2 {
		return "", false
	}
	rule := strings.ToLower(w[1].text)
	return rule, rule == "draw" || rule == other
}
