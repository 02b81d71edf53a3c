package position

import (
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// Used lines (docs/positions.md): the uses of an army's allowances
// (docs/dsl.md, "Allowances") in the turn that starts and in the game, so
// a game resumed from a position does not get a limited ability back.
//
//	used 1 Gunner on own_turn turn=1          # a token's own allowance
//	used 2 Pusher trait push game=2           # the kind, needed when the token has two
//	used 1 group "Artillery" turn=1 game=3    # a group's
//
// A line is written only for an allowance used, so a game without a
// limited ability writes none.

// usedLine is one used line, read once the armies are known.
type usedLine struct {
	line   int
	player uint8
	w      []word // the words after the player
}

// addUsed keeps `used P ...` until the armies are known (resolveUsed).
func (ps *pileSpec) addUsed(lineNo int, w []word, errs *diag.List, pos func(int, int) diag.Pos) {
	var p uint8
	ok := false
	if len(w) >= 4 {
		p, ok = pilePlayer(w[1].text)
	}
	if !ok {
		errs.Errorf(pos(lineNo, w[0].col), "used needs a player, an allowance and its uses: used 1 Gunner on own_turn turn=1, or used 2 group \"Artillery\" game=2")
		return
	}
	ps.used = append(ps.used, usedLine{line: lineNo, player: p, w: w[2:]})
}

// LimitKind names a token's own allowance as dump does ("on own_turn",
// "trait push", "when placed"); "" for a group's.
func LimitKind(a *rules.Army, l *rules.Limit) string {
	switch {
	case l.Name != "" || len(l.Tokens) != 1:
		return ""
	case l.Observer > 0 && l.Observer <= len(a.Observers):
		return "when " + a.Observers[l.Observer-1].When.String()
	case l.Trait != 0:
		return "trait " + l.Trait.String()
	case l.Trig >= 0 && l.Tokens[0] >= 0 && l.Tokens[0] < len(a.Tokens) && l.Trig < len(a.Tokens[l.Tokens[0]].Triggers):
		return "on " + a.Tokens[l.Tokens[0]].Triggers[l.Trig].Event.String()
	}
	return ""
}

// resolveUsed reads the used lines into p's LimitTurn and LimitGame,
// each checked against its army: the allowance named, and uses no more
// than it allows.
func (ps *pileSpec) resolveUsed(s *engine.State, p *engine.Piles, errs *diag.List, pos func(int, int) diag.Pos) {
	n := s.Players()
	var first [engine.MaxPlayers][rules.MaxLimits]int // the line that gave each allowance
	for _, u := range ps.used {
		if int(u.player) >= n {
			errs.Errorf(pos(u.line, 1), "the armies line names %d players; this line names player %d", n, u.player+1)
			continue
		}
		a := s.Armies[u.player]
		w := u.w
		counts := len(w)
		for counts > 0 && strings.Contains(w[counts-1].text, "=") {
			counts--
		}
		taken := func(i int) bool { return i < rules.MaxLimits && first[u.player][i] != 0 }
		i, ok := findLimit(a, w[:counts], taken, u.line, errs, pos)
		if !ok {
			continue
		}
		if i >= rules.MaxLimits {
			errs.Errorf(pos(u.line, w[0].col), "army %q has more allowances than a game keeps", a.Name)
			continue
		}
		if f := first[u.player][i]; f != 0 {
			errs.Errorf(pos(u.line, w[0].col), "the uses of this allowance of player %d given twice (first on line %d)", u.player+1, f)
			continue
		}
		first[u.player][i] = u.line
		l := &a.Limits[i]
		turn, game, ok := readUses(l, w[counts:], u.line, errs, pos)
		if !ok {
			continue
		}
		if l.PerTurn > 0 && l.PerGame > 0 && turn > game {
			errs.Errorf(pos(u.line, w[counts].col), "used %d times this turn but %d in the game: a use this turn is one of the game's", turn, game)
			continue
		}
		p.LimitTurn[u.player][i], p.LimitGame[u.player][i] = turn, game
	}
}

// findLimit finds the allowance w names: `group NAME`, or `TOKEN [KIND]`
// (KIND as LimitKind writes it, needed when the token has more than one
// allowance of its own). Several of one kind on a token (two limited
// own_turn triggers) are taken in order, as positiontest.FormatUsed writes them: the
// first not given yet (taken) by an earlier line.
func findLimit(a *rules.Army, w []word, taken func(int) bool, line int, errs *diag.List, pos func(int, int) diag.Pos) (int, bool) {
	if len(w) == 0 {
		errs.Errorf(pos(line, 1), "used needs the allowance: a token (used 1 Gunner turn=1) or a group (used 1 group \"Artillery\" turn=1)")
		return 0, false
	}
	if strings.EqualFold(w[0].text, "group") && len(w) == 2 {
		var names []string
		for i := range a.Limits {
			if l := &a.Limits[i]; l.Name != "" {
				if strings.EqualFold(l.Name, w[1].text) {
					return i, true
				}
				names = append(names, l.Name)
			}
		}
		errs.Add(diag.Error, pos(line, w[1].col), diag.Suggest(w[1].text, names), "army %q has no group %q", a.Name, diag.Clip(w[1].text))
		return 0, false
	}
	ti := a.Lookup(w[0].text)
	if ti < 0 {
		var names []string
		for i := range a.Tokens {
			names = append(names, a.Tokens[i].Name)
		}
		errs.Add(diag.Error, pos(line, w[0].col), diag.Suggest(w[0].text, names), "army %q has no token %q", a.Name, diag.Clip(w[0].text))
		return 0, false
	}
	var kinds []string
	var idx []int
	for i := range a.Limits {
		if k := LimitKind(a, &a.Limits[i]); k != "" && a.Limits[i].Tokens[0] == ti {
			kinds, idx = append(kinds, k), append(idx, i)
		}
	}
	name := a.Tokens[ti].Name
	switch {
	case len(kinds) == 0:
		errs.Errorf(pos(line, w[0].col), "%q has no allowance of its own (a group's is named: used P group NAME ...)", name)
		return 0, false
	case len(w) == 1 && len(kinds) == 1 && !taken(idx[0]):
		return idx[0], true
	case len(w) == 1:
		errs.Errorf(pos(line, w[0].col), "%q has %d allowances: say which after its name (%s)", name, len(kinds), strings.Join(kinds, ", "))
		return 0, false
	}
	var said []string
	for _, x := range w[1:] {
		said = append(said, x.text)
	}
	want := strings.Join(said, " ")
	match := -1
	for j, k := range kinds {
		if strings.EqualFold(k, want) && (match < 0 || taken(idx[match])) {
			match = idx[j]
		}
	}
	if match >= 0 {
		return match, true
	}
	errs.Add(diag.Error, pos(line, w[1].col), diag.Suggest(want, kinds), "%q has no allowance %q (its allowances: %s)", name, diag.Clip(want), strings.Join(kinds, ", "))
	return 0, false
}

// readUses reads turn=N and game=N, each at most the allowance's
// per_turn= and per_game=, one of them at least.
func readUses(l *rules.Limit, w []word, line int, errs *diag.List, pos func(int, int) diag.Pos) (turn, game uint8, ok bool) {
	if len(w) == 0 {
		errs.Errorf(pos(line, 1), "used needs the uses after the allowance: turn=N (this turn), game=N (in the game), or both")
		return 0, 0, false
	}
	seen := [2]bool{}
	for _, x := range w {
		k, v, _ := strings.Cut(x.text, "=")
		which := -1
		switch strings.ToLower(k) {
		case "turn":
			which = 0
		case "game":
			which = 1
		}
		if which < 0 || seen[which] {
			errs.Errorf(pos(line, x.col), "after the allowance only turn=N and game=N may follow, once each; not %q", diag.Clip(x.text))
			return 0, 0, false
		}
		seen[which] = true
		most := [2]uint8{l.PerTurn, l.PerGame}[which]
		per := [2]string{"per_turn", "per_game"}[which]
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			errs.Errorf(pos(line, x.col+len(k)+1), "%s=N is a number of uses from 0, not %q", strings.ToLower(k), diag.Clip(v))
			return 0, 0, false
		}
		if most == 0 {
			errs.Errorf(pos(line, x.col), "the allowance has no %s=: %s=N does not apply to it", per, strings.ToLower(k))
			return 0, 0, false
		}
		if n > int(most) {
			errs.Errorf(pos(line, x.col+len(k)+1), "%d uses, but the allowance is %s=%d", n, per, most)
			return 0, 0, false
		}
		if which == 0 {
			turn = uint8(n)
		} else {
			game = uint8(n)
		}
	}
	return turn, game, true
}
