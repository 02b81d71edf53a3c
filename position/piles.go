package position

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// pileSpec collects the pile lines of a position file until the armies are
// known.
type pileSpec struct {
	lines      []pileLine
	turnLine   int
	turn       int
	toMove     uint8
	leaders    [engine.MaxPlayers]engine.LeaderRef
	leaderUsed [engine.MaxPlayers]uint8
	used       []usedLine // the used lines (allowances.go)
}

// pilePlayer reads the player of a pile line, 1 to engine.MaxPlayers (whether the
// position has that many is checked once its armies are known: resolve).
func pilePlayer(s string) (uint8, bool) {
	if len(s) != 1 || s[0] < '1' || s[0] > '0'+engine.MaxPlayers {
		return 0, false
	}
	return s[0] - '1', true
}

type pileLine struct {
	line   int
	what   string // hand, deck, discard
	player uint8
	words  []word // the token names
}

// add reads one hand/deck/discard/turn/leader line.
func (ps *pileSpec) add(lineNo int, w []word, errs *diag.List, pos func(int, int) diag.Pos) {
	what := strings.ToLower(w[0].text)
	if what == "leader" {
		ps.addLeader(lineNo, w, errs, pos)
		return
	}
	if what == "turn" {
		n := 0
		var err error
		if len(w) == 3 {
			n, err = strconv.Atoi(w[2].text)
		}
		var ok bool
		if len(w) >= 2 {
			_, ok = pilePlayer(w[1].text)
		}
		if len(w) < 2 || len(w) > 3 || !ok || err != nil || (len(w) == 3 && (n < 1 || n > 999)) {
			errs.Errorf(pos(lineNo, w[0].col), "turn needs the player whose turn starts and, optionally, its number: turn 2, or turn 1 5 (turns 1 and 2 draw 1 and 2 tokens; by default the turn is a full one)")
			return
		}
		if ps.turnLine != 0 {
			errs.Errorf(pos(lineNo, w[0].col), "turn given twice (first on line %d)", ps.turnLine)
			return
		}
		ps.turnLine, ps.toMove, ps.turn = lineNo, w[1].text[0]-'1', n
		return
	}
	var player uint8
	ok := false
	if len(w) >= 2 {
		player, ok = pilePlayer(w[1].text)
	}
	if !ok {
		errs.Errorf(pos(lineNo, w[0].col), "%s needs a player and the tokens: %s 1 \"Token\" \"Other token\"", what, what)
		return
	}
	ps.lines = append(ps.lines, pileLine{line: lineNo, what: what, player: player, words: w[2:]})
}

// addLeader reads `leader P NAME [left=N]`: player P's leader card (an
// embedded card's name or alias, or an .army file, as --leaders takes) and
// how many of its uses are left (default all of them).
func (ps *pileSpec) addLeader(lineNo int, w []word, errs *diag.List, pos func(int, int) diag.Pos) {
	var p uint8
	ok := false
	if len(w) >= 3 && len(w) <= 4 {
		p, ok = pilePlayer(w[1].text)
	}
	if !ok {
		errs.Errorf(pos(lineNo, w[0].col), "leader needs a player and a leader card, and optionally the uses left: leader 2 Medyk, or leader 1 Taktyk left=1")
		return
	}
	if r := ps.leaders[p]; r.Name != "" {
		errs.Errorf(pos(lineNo, w[0].col), "the leader of player %d given twice (first on line %d)", p+1, r.At.Line)
		return
	}
	used := uint8(0)
	if len(w) == 4 {
		k, v, ok := strings.Cut(w[3].text, "=")
		n, err := strconv.Atoi(v)
		if !ok || !strings.EqualFold(k, "left") || err != nil || n < 0 || n > rules.LeaderUses {
			errs.Errorf(pos(lineNo, w[3].col), "after the leader only left=N may follow, the uses it has left, 0 to %d; not %q", rules.LeaderUses, diag.Clip(w[3].text))
			return
		}
		used = uint8(rules.LeaderUses - n)
	}
	ps.leaders[p] = engine.LeaderRef{Name: w[2].text, At: pos(lineNo, w[2].col), Line: lineNo}
	ps.leaderUsed[p] = used
}

// resolve turns the pile lines into Piles, checking the token names and
// that no token is listed more often than its army has copies (the board's
// copies counted too: used).
func (ps *pileSpec) resolve(s *engine.State, errs *diag.List, pos func(int, int) diag.Pos, used [engine.MaxPlayers][]int) *engine.Piles {
	p := &engine.Piles{ToMove: ps.toMove, Turn: 3, LeaderUsed: ps.leaderUsed, LeaderRef: ps.leaders}
	if ps.turn > 0 {
		p.Turn = ps.turn
	}
	n := s.Players()
	if ps.turnLine != 0 && int(ps.toMove) >= n {
		errs.Errorf(pos(ps.turnLine, 1), "the armies line names %d players; this line names player %d", n, ps.toMove+1)
	}
	ps.resolveLeaders(s, p, errs)
	ps.resolveUsed(s, p, errs, pos)
	seen := map[string]int{}
	for _, l := range ps.lines {
		key := fmt.Sprintf("%s %d", l.what, l.player)
		if first, ok := seen[key]; ok {
			errs.Errorf(pos(l.line, 1), "%s of player %d given twice (first on line %d)", l.what, l.player+1, first)
			continue
		}
		seen[key] = l.line
		if int(l.player) >= n {
			errs.Errorf(pos(l.line, 1), "the armies line names %d players; this line names player %d", n, l.player+1)
			continue
		}
		a := s.Armies[l.player]
		for _, w := range l.words {
			ti := a.Lookup(w.text)
			if ti < 0 {
				var names []string
				for i := range a.Tokens {
					names = append(names, a.Tokens[i].Name)
				}
				errs.Add(diag.Error, pos(l.line, w.col), diag.Suggest(w.text, names), "army %q has no token %q", a.Name, diag.Clip(w.text))
				continue
			}
			t := &a.Tokens[ti]
			if t.Kind == rules.HQ {
				errs.Errorf(pos(l.line, w.col), "the HQ stays on the board: it is never in a hand, deck or discard pile")
				continue
			}
			used[l.player][ti]++
			if used[l.player][ti] > t.Count {
				errs.Errorf(pos(l.line, w.col), "army %q has %d %q; the board and the piles hold more", a.Name, t.Count, t.Name)
				continue
			}
			switch l.what {
			case "hand":
				p.Hand[l.player] = append(p.Hand[l.player], uint8(ti))
			case "deck":
				p.Deck[l.player] = append(p.Deck[l.player], uint8(ti))
			default:
				p.Discard[l.player] = append(p.Discard[l.player], uint8(ti))
			}
		}
		if l.what == "hand" && len(p.Hand[l.player]) > engine.HandSize {
			errs.Errorf(pos(l.line, 1), "a hand holds at most %d tokens, not %d", engine.HandSize, len(p.Hand[l.player]))
		}
	}
	return p
}

// resolveLeaders checks a position's leader lines against its players and
// mode. With more than two players leaders are played only in the teams
// mode, where allies share one card ("Liderów można używać w grach dla 2
// oraz 4 graczy w trybie drużynowym", docs/rules.md, "Leaders"): a card
// given for one ally is its partner's too, with the same uses left, and
// two lines for the allies must name the same card alike.
func (ps *pileSpec) resolveLeaders(s *engine.State, p *engine.Piles, errs *diag.List) {
	n := s.Players()
	first := engine.LeaderRef{}
	for i, r := range ps.leaders {
		if r.Name == "" {
			continue
		}
		if i >= n {
			errs.Errorf(r.At, "the armies line names %d players; this leader line names player %d", n, i+1)
			continue
		}
		if first.Name == "" {
			first = r
		}
	}
	if n <= 2 || first.Name == "" {
		return
	}
	if s.Mode != engine.ModeTeams {
		errs.Errorf(first.At, "leaders are played with 2 players or in mode teams (allies share one card), not in mode %s", s.Mode)
		return
	}
	for q := 1; q < n; q++ {
		for a := range q {
			if !s.Allies(uint8(a), uint8(q)) {
				continue
			}
			ra, rq := ps.leaders[a], ps.leaders[q]
			switch {
			case ra.Name == "" && rq.Name == "":
			case ra.Name != "" && rq.Name != "" && (!strings.EqualFold(ra.Name, rq.Name) || ps.leaderUsed[a] != ps.leaderUsed[q]):
				errs.Errorf(rq.At, "players %d and %d are allies: they share one leader card; give it once, or alike for both (line %d)", a+1, q+1, ra.Line)
			case rq.Name == "":
				p.LeaderRef[q], p.LeaderUsed[q], p.SharedWith[q] = ra, ps.leaderUsed[a], uint8(a+1)
			case ra.Name == "":
				p.LeaderRef[a], p.LeaderUsed[a], p.SharedWith[a] = rq, ps.leaderUsed[q], uint8(q+1)
			default:
				p.SharedWith[q] = uint8(a + 1)
			}
		}
	}
}
