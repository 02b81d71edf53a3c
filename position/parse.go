package position

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// ArmyLoader resolves an army reference (an embedded army's short name or a
// path to an .army file) to a compiled army. Package armies provides one
// (armies.Loader.Load); a position takes it as a function, so that it need
// not know where armies come from.
type ArmyLoader func(ref string) (*rules.Army, error)

// MaxPositionSize is the largest position file Parse reads.
const MaxPositionSize = 1 << 20

// word is one word of a position line with the column it starts at.
type word struct {
	text string
	col  int
}

// splitWords splits a line into words; "quoted words" may hold spaces. A #
// outside quotes starts a comment.
func splitWords(line string) ([]word, string) {
	var out []word
	col := 0
	i := 0
	for i < len(line) {
		r, size := utf8.DecodeRuneInString(line[i:])
		if r == ' ' || r == '\t' || r == '\r' {
			i += size
			col++
			continue
		}
		if r == '#' {
			break
		}
		start := col + 1
		if r == '"' {
			i += size
			col++
			var b strings.Builder
			closed := false
			for i < len(line) {
				r, size = utf8.DecodeRuneInString(line[i:])
				i += size
				col++
				if r == '"' {
					closed = true
					break
				}
				b.WriteRune(r)
			}
			if !closed {
				return out, fmt.Sprintf("%d:unclosed quote", start)
			}
			out = append(out, word{b.String(), start})
			continue
		}
		var b strings.Builder
		for i < len(line) {
			r, size = utf8.DecodeRuneInString(line[i:])
			if r == ' ' || r == '\t' || r == '\r' || r == '#' {
				break
			}
			b.WriteRune(r)
			i += size
			col++
		}
		out = append(out, word{b.String(), start})
	}
	return out, ""
}

// Parse reads a position file (see docs/positions.md): the battle
// position, and what it says about the tokens off the board: each
// player's hand, the top of the deck, the discard pile and whose turn
// comes next (engine.Piles), for a game that starts from the position
// (engine.PrepareFrom). load loads the armies it names; outside
// (--allow-extends-outside) lets it name a board file outside its
// directory tree. Every problem is reported as a positioned diagnostic;
// the returned error is a diag.List when the text is wrong. It never
// panics. ReadPosition and ReadSetup read a file through the file policy
// and call it.
func Parse(file string, src []byte, load ArmyLoader, outside bool) (*engine.State, *engine.Piles, error) {
	var errs diag.List
	pos := func(line, col int) diag.Pos { return diag.Pos{File: file, Line: line, Column: col} }
	if len(src) > MaxPositionSize {
		errs.Errorf(pos(1, 1), "position file is %d bytes; at most %d are read", len(src), MaxPositionSize)
		return nil, nil, errs
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		line := 1 + bytes.Count(src[:i], []byte("\n"))
		errs.Errorf(pos(line, 1), "NUL byte: this looks like a binary file, not a position file")
		return nil, nil, errs
	}
	if !utf8.Valid(src) {
		errs.Errorf(pos(1, 1), "position file is not valid UTF-8 text")
		return nil, nil, errs
	}
	type placement struct {
		line     int
		w        []word
		player   uint8
		facing   rules.Dir
		wounds   int
		hasWound bool
		woundCol int
		marks    engine.Marks
		taker    int // controlled=N: the player who took the unit over (0: the other of two)
		statuses []heldWords
	}
	var (
		armyRefs  []string
		armyLine  int
		armyWords []word
		boardName = "standard"
		boardPos  = pos(0, 0)
		hqPoints  [engine.MaxPlayers]int
		hqLine    int
		hqWords   []word
		energy    [2]uint8
		enWords   []word
		enLine    int
		places    []placement
		pileLines pileSpec
		sides     sideSpec // the mode and teams lines (sides.go)
	)
	lines := strings.Split(string(src), "\n")
	for ln, line := range lines {
		lineNo := ln + 1
		w, bad := splitWords(line)
		if bad != "" {
			c, _ := strconv.Atoi(strings.SplitN(bad, ":", 2)[0])
			errs.Errorf(pos(lineNo, c), "unclosed quote")
			continue
		}
		if len(w) == 0 {
			continue
		}
		switch strings.ToLower(w[0].text) {
		case "armies":
			if armyLine != 0 {
				errs.Errorf(pos(lineNo, w[0].col), "armies given twice (first on line %d)", armyLine)
				continue
			}
			if len(w) < 3 || len(w) > engine.MaxPlayers+1 {
				errs.Errorf(pos(lineNo, w[0].col), "armies needs two to four army names, player 1's first, e.g. armies NAME1 NAME2, each an embedded army's short name or a path to an .army file")
				continue
			}
			armyLine, armyWords = lineNo, w
			armyRefs = nil
			for _, x := range w[1:] {
				armyRefs = append(armyRefs, x.text)
			}
		case "board":
			if len(w) != 2 {
				errs.Errorf(pos(lineNo, w[0].col), "board needs one name: standard, large, duel or a board file")
				continue
			}
			boardName, boardPos = w[1].text, pos(lineNo, w[1].col)
		case "hq":
			if len(w) < 3 || len(w) > engine.MaxPlayers+1 {
				errs.Errorf(pos(lineNo, w[0].col), "hq needs a number for each player: the HQ points of player 1, player 2, ..., e.g. hq 20 17 (the scores, in a points game)")
				continue
			}
			hqLine, hqWords = lineNo, w
			for i := 0; i+1 < len(w); i++ {
				n, err := strconv.Atoi(w[i+1].text)
				if err != nil || n < 0 || n > 255 {
					errs.Errorf(pos(lineNo, w[i+1].col), "HQ points must be a number from 1 to the HQ's toughness, not %q", diag.Clip(w[i+1].text))
					hqLine = 0
					continue
				}
				hqPoints[i] = n
			}
		case "mode", "teams":
			sides.add(lineNo, w, &errs, pos)
		case "1", "2", "3", "4":
			pl := placement{line: lineNo, w: w, player: uint8(w[0].text[0] - '1')}
			if len(w) < 4 {
				errs.Errorf(pos(lineNo, w[0].col), "a unit line is: PLAYER TOKEN HEX FACING [wounds=N], e.g. 1 \"Rail Gun\" b2 SE")
				continue
			}
			d, ok := rules.ParseDir(w[3].text)
			if !ok {
				errs.Add(diag.Error, pos(lineNo, w[3].col), "facing is one of N, NE, SE, S, SW, NW", "bad facing %q", diag.Clip(w[3].text))
				continue
			}
			pl.facing = d
			okLine := true
			for i := 4; i < len(w); i++ {
				x := w[i]
				switch strings.ToLower(x.text) {
				case "status":
					hw, next, ok := readHeld(w, i, lineNo, &errs, pos)
					pl.statuses, i, okLine = append(pl.statuses, hw), next, okLine && ok
					continue
				case "net":
					pl.marks |= engine.NetMarker
					continue
				case "controlled":
					pl.marks |= engine.Controlled
					continue
				}
				k, v, has := strings.Cut(x.text, "=")
				if has && strings.EqualFold(k, "controlled") {
					n, err := strconv.Atoi(v)
					if err != nil || n < 1 || n > engine.MaxPlayers || n == int(pl.player)+1 {
						errs.Errorf(pos(lineNo, x.col+len(k)+1), "controlled=N names the player who took the unit over, another than its owner, not %q", diag.Clip(v))
						okLine = false
						continue
					}
					pl.marks |= engine.Controlled
					pl.taker = n
					continue
				}
				if !has || !strings.EqualFold(k, "wounds") {
					errs.Errorf(pos(lineNo, x.col), "unexpected %q after the facing (only wounds=N, net, controlled, controlled=PLAYER and status NAME may follow)", diag.Clip(x.text))
					okLine = false
					continue
				}
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 || n > 255 {
					errs.Errorf(pos(lineNo, x.col+len(k)+1), "wounds must be a number from 0, not %q", diag.Clip(v))
					okLine = false
					continue
				}
				pl.wounds, pl.hasWound, pl.woundCol = n, true, x.col
			}
			if okLine {
				places = append(places, pl)
			}
		case "energy":
			if len(w) != 3 {
				errs.Errorf(pos(lineNo, w[0].col), "energy needs two numbers: the energy of player 1 and player 2, e.g. energy 3 0")
				continue
			}
			enWords, enLine = w, lineNo
			for i := 0; i < 2; i++ {
				n, err := strconv.Atoi(w[i+1].text)
				if err != nil || n < 0 || n > MaxEnergy {
					errs.Errorf(pos(lineNo, w[i+1].col), "energy must be a number from 0 to the board's energy track top, not %q", diag.Clip(w[i+1].text))
					enWords = nil
					continue
				}
				energy[i] = uint8(n)
			}
		case "hand", "deck", "discard", "turn", "leader":
			pileLines.add(lineNo, w, &errs, pos)
		case "used":
			pileLines.addUsed(lineNo, w, &errs, pos)
		default:
			errs.Add(diag.Error, pos(lineNo, w[0].col), diag.Suggest(w[0].text, []string{"armies", "board", "hq", "mode", "teams", "energy", "hand", "deck", "discard", "turn", "leader", "used"}),
				"unknown line %q: expected armies, board, hq, mode, teams, energy, hand, deck, discard, turn, leader, used, or a unit line starting with a player (1 to 4)", diag.Clip(w[0].text))
		}
	}
	if armyLine == 0 {
		errs.Errorf(pos(1, 1), "no armies line: start with e.g. armies NAME1 NAME2, each an embedded army's short name or a path to an .army file")
		return nil, nil, errs
	}
	b, err := BoardByName(boardName)
	if err != nil && strings.ContainsAny(boardName, "./\\") {
		b, err = boardIn(boardName, filepath.Dir(file), "the position file's directory", outside)
		if err != nil {
			errs.Errorf(boardPos, "board %q: %v", diag.Clip(boardName), err)
			return nil, nil, errs
		}
	} else if err != nil {
		errs.Add(diag.Error, boardPos, diag.Suggest(boardName, BoardNames), "unknown board %q: use standard, large, duel or a board file", diag.Clip(boardName))
		return nil, nil, errs
	}
	n := len(armyRefs)
	var as [engine.MaxPlayers]*rules.Army
	for i := 0; i < n; i++ {
		if load == nil {
			errs.Errorf(pos(armyLine, armyWords[i+1].col), "no army loader")
			continue
		}
		a, err := load(armyRefs[i])
		if err != nil || a == nil {
			msg := "unknown army"
			if err != nil {
				msg = err.Error()
			}
			errs.Errorf(pos(armyLine, armyWords[i+1].col), "army %q: %s", armyRefs[i], diag.FirstLine(msg))
			continue
		}
		as[i] = a
	}
	for i := 0; i < n; i++ {
		if as[i] == nil {
			return nil, nil, errs
		}
	}
	s, err := engine.NewState(b, as[0], as[1])
	if err != nil {
		errs.Errorf(pos(armyLine, 1), "%s", err)
		return nil, nil, errs
	}
	s.Armies = as
	if !sides.apply(s, n, &errs, pos) {
		return nil, nil, errs
	}
	var used [engine.MaxPlayers][]int
	for i := 0; i < n; i++ {
		used[i] = make([]int, len(as[i].Tokens))
	}
	var firstAt [engine.MaxHexes]int
	var held []heldOn // units with statuses, given once every unit is placed (a giver may come later)
	var parts []placedPart
	for _, pl := range places {
		w := pl.w
		if int(pl.player) >= n || pl.taker > n {
			errs.Errorf(pos(pl.line, w[0].col), "the armies line names %d players; this line names player %d", n, max(int(pl.player)+1, pl.taker))
			continue
		}
		a := as[pl.player]
		ti := a.Lookup(w[1].text)
		if ti < 0 {
			var names []string
			for i := range a.Tokens {
				names = append(names, a.Tokens[i].Name)
				names = append(names, a.Tokens[i].Aliases...)
			}
			errs.Add(diag.Error, pos(pl.line, w[1].col), diag.Suggest(w[1].text, names), "army %q has no token %q", a.Name, diag.Clip(w[1].text))
			continue
		}
		t := &a.Tokens[ti]
		h, ok := hexOf(&errs, pos(pl.line, w[2].col), b, w[2].text)
		if !ok {
			continue
		}
		if !t.Kind.OnBoard() {
			errs.Errorf(pos(pl.line, w[1].col), "%q is an instant; instants are played, never placed on the board", t.Name)
			continue
		}
		used[pl.player][ti]++
		if part := a.Mate(ti) >= 0; part && used[pl.player][ti] > 1 {
			// A part is never drawn (Count 0): the one copy is the Structure's.
			errs.Errorf(pos(pl.line, w[1].col), "%q is a part of army %q's Structure; a player places one Structure, with one of each part", t.Name, a.Name)
			continue
		} else if !part && used[pl.player][ti] > t.Count {
			errs.Errorf(pos(pl.line, w[1].col), "army %q has %d %q; this is copy %d", a.Name, t.Count, t.Name, used[pl.player][ti])
			continue
		}
		if pl.hasWound && pl.wounds >= int(t.Toughness) {
			errs.Errorf(pos(pl.line, pl.woundCol), "%q has toughness %d: %d wounds would have destroyed it", t.Name, t.Toughness, pl.wounds)
			continue
		}
		occupied := t.Kind.IsUnit() && !s.Cells[h].Unit.Empty() || t.Kind == rules.Foundation && !s.Cells[h].Ground.Empty()
		if occupied {
			errs.Errorf(pos(pl.line, w[2].col), "two tokens on %s (the first is on line %d)", b.Names[h], firstAt[h])
			continue
		}
		if err := s.Place(h, pl.player, uint8(ti), pl.facing); err != nil {
			errs.Errorf(pos(pl.line, w[2].col), "%s", err)
			continue
		}
		if firstAt[h] == 0 {
			firstAt[h] = pl.line
		}
		if a.Mate(ti) >= 0 {
			parts = append(parts, placedPart{pl.line, w[1].col, w[2].col, h})
		}
		if t.Kind.IsUnit() {
			u := &s.Cells[h].Unit
			u.Wounds = uint8(pl.wounds)
			u.Marks = pl.marks &^ engine.Controlled
			if pl.marks&engine.Controlled != 0 {
				switch {
				case pl.taker != 0:
					u.TakeBy(uint8(pl.taker - 1))
				case n > 2:
					errs.Errorf(pos(pl.line, w[0].col), "with %d players, say who took the unit over: controlled=PLAYER", n)
				default:
					u.TakeBy(pl.player ^ 1)
				}
			}
		} else {
			s.Cells[h].Ground.Wounds = uint8(pl.wounds)
		}
		if len(pl.statuses) > 0 {
			held = append(held, heldOn{h: h, kind: t.Kind, words: pl.statuses})
		}
	}
	checkPlacedStructures(s, parts, &errs, pos)
	holdStatuses(s, held, &errs, pos)
	for i := uint8(0); int(i) < n; i++ {
		if s.HQ[i] == engine.NoHex && !errs.HasErrors() {
			errs.Errorf(pos(armyLine, armyWords[i+1].col), "player %d has no HQ on the board: add a line like %d HQ c3 N", i+1, i+1)
		}
	}
	if hqLine != 0 && len(hqWords)-1 != n {
		errs.Errorf(pos(hqLine, hqWords[0].col), "hq gives %d numbers for %d players", len(hqWords)-1, n)
		hqLine = 0
	}
	if hqLine != 0 && s.Mode == engine.ModePoints {
		for i := 0; i < n; i++ {
			if hqPoints[i] > engine.PointsToWin {
				errs.Errorf(pos(hqLine, hqWords[i+1].col), "a points game's score goes from 0 to %d, not %d", engine.PointsToWin, hqPoints[i])
				continue
			}
			s.Score[i] = uint8(hqPoints[i])
		}
		hqLine = 0 // the HQs themselves keep every point
	}
	if hqLine != 0 {
		for i := uint8(0); int(i) < n; i++ {
			if hqPoints[i] < 1 {
				errs.Errorf(pos(hqLine, hqWords[i+1].col), "HQ points must be a number from 1 to the HQ's toughness, not %q", strconv.Itoa(hqPoints[i]))
				continue
			}
			h := s.HQ[i]
			if h == engine.NoHex {
				continue
			}
			p := &s.Cells[h].Unit
			tough := int(s.Tok(*p).Toughness)
			if hqPoints[i] > tough {
				errs.Errorf(pos(hqLine, hqWords[i+1].col), "player %d's HQ has toughness %d; it cannot have %d points", i+1, tough, hqPoints[i])
				continue
			}
			p.Wounds = uint8(tough - hqPoints[i])
		}
	}
	if enWords != nil {
		for i := 0; i < 2; i++ {
			if energy[i] > b.EnergyMax {
				errs.Errorf(pos(enLine, enWords[i+1].col), "the %s board's energy track stops at %d; player %d cannot have %d", b.Name, b.EnergyMax, i+1, energy[i])
			}
		}
	}
	piles := &engine.Piles{ToMove: 0, Turn: 3}
	if n > 2 && !errs.HasErrors() && enWords != nil {
		errs.Errorf(pos(enLine, 1), "an energy line is for two-player positions (the boards with an energy track are for two)")
	}
	if !errs.HasErrors() {
		piles = pileLines.resolve(s, &errs, pos, used)
		piles.Energy = energy
		// A Structure on the board implies the variant (docs/positions.md):
		// a game from the position goes on with it, its owner's placed.
		piles.Structures = len(parts) > 0
	}
	if errs.HasErrors() {
		errs.Sort()
		return nil, nil, errs
	}
	return s, piles, nil
}

// placedPart is a Structure's part placed by a unit line, checked once
// every line is placed (checkPlacedStructures).
type placedPart struct {
	line, tokCol, hexCol int
	h                    engine.Hex
}

// checkPlacedStructures checks the Structures a position places: the
// parts are written as unit lines of their own, and a part pairs with the
// part of its mate's token next to it (as engine.MateOn finds it in play), so each
// part needs its mate on an adjacent hex, and a player places one Structure
// a game (each gets "2 żetony Struktury swojej frakcji": one Structure).
func checkPlacedStructures(s *engine.State, parts []placedPart, errs *diag.List, pos func(line, col int) diag.Pos) {
	var which [engine.MaxPlayers]int // the line of the player's first part placed
	var name [engine.MaxPlayers]string
	for _, pp := range parts {
		u := s.Cells[pp.h].Unit
		a := s.Armies[u.Owner]
		t := &a.Tokens[u.Token]
		m := a.Mate(int(u.Token))
		st := structureOf(a, int(u.Token))
		if engine.MateOn(s, pp.h) == engine.NoHex {
			errs.Add(diag.Error, pos(pp.line, pp.hexCol), fmt.Sprintf("add a line like %d %s HEX FACING with HEX next to %s", u.Owner+1, Quote(a.Tokens[m].Name), s.Board.Names[pp.h]),
				"%q is a part of the Structure %q: its other part %q must stand on a hex next to %s (a Structure stands on two adjacent hexes)", t.Name, st, a.Tokens[m].Name, s.Board.Names[pp.h])
			continue
		}
		switch {
		case which[u.Owner] == 0:
			which[u.Owner], name[u.Owner] = pp.line, st
		case name[u.Owner] != st:
			errs.Errorf(pos(pp.line, pp.tokCol), "player %d already places the Structure %q (line %d); a player places one Structure a game, not also %q", u.Owner+1, name[u.Owner], which[u.Owner], st)
		}
	}
}

// structureOf is the name of the Structure of which token t of a is a part.
func structureOf(a *rules.Army, t int) string {
	for i := range a.Structures {
		if st := &a.Structures[i]; st.Parts[0] == t || st.Parts[1] == t {
			return st.Name
		}
	}
	return ""
}

// Quote writes s as one word of the position format: quoted when it holds
// a blank, a comment sign or a quote, as the parser reads it back.
func Quote(s string) string {
	if s == "" || strings.ContainsAny(s, " \t#\"") {
		return `"` + strings.ReplaceAll(s, `"`, "") + `"`
	}
	return s
}
