package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/rules"
)

// Piles are what a position file says about the tokens off the board, for a
// game started from it (NewGameFrom). Tokens it places nowhere (not on the
// board, in a hand, on top of the deck or in the discard pile) are shuffled
// into the deck below the listed ones, from the game's seed.
type Piles struct {
	Hand    [MaxPlayers][]uint8 // token types in each hand
	Deck    [MaxPlayers][]uint8 // the top of each deck, top first
	Discard [MaxPlayers][]uint8 // each discard pile
	ToMove  uint8               // the player whose turn starts
	Turn    int                 // the number of the turn that starts (1 and 2 draw 1 and 2 tokens; from 3 on, 3)
	Energy  [2]uint8            // each player's energy (a board with an energy track: two players only)
	// The Leaders variant: each player's leader card (nil for none), set
	// from the position's leader lines by LoadLeaders, and how many times
	// it has been used already (0: both uses left). In the teams mode
	// allies share one card: both hold the same one, and the same count.
	Leader     [MaxPlayers]*rules.Leader
	LeaderUsed [MaxPlayers]uint8
	leaderRef  [MaxPlayers]leaderRef // the leader lines, for LoadLeaders
	// sharedWith is, for an ally whose card is its partner's, the partner
	// plus one (0: a card of its own), so LoadLeaders gives both one card
	// (engine.Config.Leaders wants the allies' cards to be the same).
	sharedWith [MaxPlayers]uint8
	// Structures plays the game from the position in the Structures
	// variant: set by ParseSetup when the board holds a Structure (its
	// owner has placed theirs), or by the caller (play --from --structures).
	Structures bool
}

// leaderRef is a leader line's card reference and where it is written.
type leaderRef struct {
	name string
	at   diag.Pos
	line int
}

// pileSpec collects the pile lines of a position file until the armies are
// known.
type pileSpec struct {
	lines      []pileLine
	turnLine   int
	turn       int
	toMove     uint8
	leaders    [MaxPlayers]leaderRef
	leaderUsed [MaxPlayers]uint8
}

// pilePlayer reads the player of a pile line, 1 to MaxPlayers (whether the
// position has that many is checked once its armies are known: resolve).
func pilePlayer(s string) (uint8, bool) {
	if len(s) != 1 || s[0] < '1' || s[0] > '0'+MaxPlayers {
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
	if r := ps.leaders[p]; r.name != "" {
		errs.Errorf(pos(lineNo, w[0].col), "the leader of player %d given twice (first on line %d)", p+1, r.at.Line)
		return
	}
	used := uint8(0)
	if len(w) == 4 {
		k, v, ok := strings.Cut(w[3].text, "=")
		n, err := strconv.Atoi(v)
		if !ok || !strings.EqualFold(k, "left") || err != nil || n < 0 || n > rules.LeaderUses {
			errs.Errorf(pos(lineNo, w[3].col), "after the leader only left=N may follow, the uses it has left, 0 to %d; not %q", rules.LeaderUses, clipWord(w[3].text))
			return
		}
		used = uint8(rules.LeaderUses - n)
	}
	ps.leaders[p] = leaderRef{name: w[2].text, at: pos(lineNo, w[2].col), line: lineNo}
	ps.leaderUsed[p] = used
}

// LoadLeaders resolves the position's leader lines with load (the engine
// reads no files: package armies' LoadLeader, say). A card that cannot be
// loaded is a diagnostic at its name in the line; the error is a
// diag.List. NewGameFrom refuses piles whose leader lines were not loaded,
// so a leader line is never silently dropped.
func (p *Piles) LoadLeaders(load func(ref string) (*rules.Leader, error)) error {
	var errs diag.List
	for i, r := range p.leaderRef {
		if r.name == "" || p.sharedWith[i] != 0 {
			continue
		}
		l, err := load(r.name)
		if err != nil {
			errs.Errorf(r.at, "leader %q: %s", clipWord(r.name), firstLine(err.Error()))
			continue
		}
		p.Leader[i] = l
	}
	for i, w := range p.sharedWith {
		if w != 0 {
			p.Leader[i] = p.Leader[w-1] // one card for both allies
		}
	}
	if errs.HasErrors() {
		return errs
	}
	return nil
}

// resolve turns the pile lines into Piles, checking the token names and
// that no token is listed more often than its army has copies (the board's
// copies counted too: used).
func (ps *pileSpec) resolve(s *State, errs *diag.List, pos func(int, int) diag.Pos, used [MaxPlayers][]int) *Piles {
	p := &Piles{ToMove: ps.toMove, Turn: 3, LeaderUsed: ps.leaderUsed, leaderRef: ps.leaders}
	if ps.turn > 0 {
		p.Turn = ps.turn
	}
	n := s.Players()
	if ps.turnLine != 0 && int(ps.toMove) >= n {
		errs.Errorf(pos(ps.turnLine, 1), "the armies line names %d players; this line names player %d", n, ps.toMove+1)
	}
	ps.resolveLeaders(s, p, errs)
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
				errs.Add(diag.Error, pos(l.line, w.col), diag.Suggest(w.text, names), "army %q has no token %q", a.Name, clipWord(w.text))
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
		if l.what == "hand" && len(p.Hand[l.player]) > HandSize {
			errs.Errorf(pos(l.line, 1), "a hand holds at most %d tokens, not %d", HandSize, len(p.Hand[l.player]))
		}
	}
	return p
}

// NewGameFrom starts a game at a position: the board of s, the hands,
// decks and discard piles of piles (the tokens they do not place shuffled
// into the deck below the listed ones, from seed), and the turn of
// piles.ToMove about to start, with its turn-start triggers and its draw;
// d answers the rule questions of that start.
func NewGameFrom(s *State, piles *Piles, seed uint64, d Decider) (*Game, error) {
	for i, r := range piles.leaderRef {
		if r.name != "" && piles.Leader[i] == nil {
			return nil, fmt.Errorf("%s: the leader %q of player %d is not loaded (Piles.LoadLeaders)", r.at, r.name, i+1)
		}
	}
	g, err := newGameAt(s, piles, seed)
	if err != nil {
		return nil, err
	}
	g.S.Cells, g.S.HQ = s.Cells, s.HQ
	n := s.Players()
	for p := range n {
		a := s.Armies[p]
		left := make([]int, len(a.Tokens))
		for ti := range a.Tokens {
			if ti != a.HQ && a.Tokens[ti].Kind != rules.HQ {
				left[ti] = a.Tokens[ti].Count
			}
		}
		for h := 0; h < s.Board.Size; h++ {
			for _, pc := range [2]Piece{s.Cells[h].Unit, s.Cells[h].Ground} {
				if !pc.Empty() && int(pc.Owner) == p && pc.Token != uint8(a.HQ) {
					left[pc.Token]--
				}
			}
		}
		g.HandLen[p], g.AsideLen[p] = 0, 0
		for _, t := range piles.Hand[p] {
			g.Hand[p][g.HandLen[p]] = t
			g.HandLen[p]++
			left[t]--
		}
		g.Discarded[p] = [MaxArmyTokens]uint8{}
		for _, t := range piles.Discard[p] {
			g.Discarded[p][t]++
			left[t]--
		}
		for _, t := range piles.Deck[p] {
			left[t]--
		}
		// The deck's top is at DeckLen-1: the unlisted tokens, shuffled,
		// at the bottom, then the listed ones, the first on top.
		g.DeckLen[p] = 0
		for t, n := range left {
			for range max(0, n) {
				g.Deck[p][g.DeckLen[p]] = uint8(t)
				g.DeckLen[p]++
			}
		}
		for i := int(g.DeckLen[p]) - 1; i > 0; i-- {
			j := g.intn(i + 1)
			g.Deck[p][i], g.Deck[p][j] = g.Deck[p][j], g.Deck[p][i]
		}
		for i := len(piles.Deck[p]) - 1; i >= 0; i-- {
			g.Deck[p][g.DeckLen[p]] = piles.Deck[p][i]
			g.DeckLen[p]++
		}
	}
	g.Energy = [MaxPlayers]uint8{piles.Energy[0], piles.Energy[1]}
	if piles.Structures {
		for h := range Hex(s.Board.Size) {
			if mateOn(&g.S, h) != NoHex {
				g.StructPlaced |= 1 << s.Cells[h].Unit.Owner // once a game: theirs is on the board
			}
		}
	}
	if g.leaders {
		for i, k := range piles.LeaderUsed[:n] {
			g.LeaderUsed[i] = min(k, rules.LeaderUses)
		}
	}
	if err := g.startAt(piles); err != nil {
		return nil, err
	}
	g.Turn = piles.Turn - 1 // startTurn counts the turn that starts
	g.FinalAfter = 0
	g.Phase = PhasePlay
	g.startTurn(d)
	return g, nil
}
