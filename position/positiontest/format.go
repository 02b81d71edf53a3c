// Package positiontest writes a game state back in the position format
// (docs/positions.md). Only tests import it: they round-trip position
// files through package position's parser and print a failing state as a
// file a person can read and feed to `hexforge battle`. No command writes
// a position, so this stays out of the binary.
package positiontest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// FormatPosition writes s in the position format, with refs the army
// references as given, one for each player.
func FormatPosition(s *engine.State, refs []string) string {
	var b strings.Builder
	if s.N <= 2 {
		fmt.Fprintf(&b, "armies %s %s\nboard %s\nhq %d %d\n", position.Quote(refs[0]), position.Quote(refs[1]), position.Quote(s.Board.Name), s.HQPoints(0), s.HQPoints(1))
	} else {
		formatSides(&b, s, refs)
	}
	for h := 0; h < s.Board.Size; h++ {
		for _, p := range []engine.Piece{s.Cells[h].Ground, s.Cells[h].Unit} {
			if p.Empty() {
				continue
			}
			t := s.Tok(p)
			fmt.Fprintf(&b, "%d %s %s %s", p.Owner+1, position.Quote(t.Name), s.Board.Names[h], p.Facing)
			if p.Wounds > 0 && t.Kind != rules.HQ {
				fmt.Fprintf(&b, " wounds=%d", p.Wounds)
			}
			if p.Marks&engine.NetMarker != 0 {
				b.WriteString(" net")
			}
			if p.Marks&engine.Controlled != 0 {
				b.WriteString(" controlled")
				if s.N > 2 {
					fmt.Fprintf(&b, "=%d", p.Controller()+1)
				}
			}
			if p == s.Cells[h].Unit {
				b.WriteString(formatStatuses(s, engine.Hex(h)))
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// formatStatuses writes the statuses of the unit on h as the words of its
// unit line (" status Marked by=2 giver=c3 ..."), "" for none: by= names
// the giver's army when the carrier's own army does not declare it.
func formatStatuses(s *engine.State, h engine.Hex) string {
	var b strings.Builder
	for _, hs := range s.HeldStatuses(h) {
		fmt.Fprintf(&b, " status %s", position.Quote(hs.Name))
		for p := range uint8(s.Players()) {
			if p != hs.Army && slices.ContainsFunc(s.Armies[p].Statuses, func(st rules.Status) bool { return strings.EqualFold(st.Name, hs.Name) }) {
				fmt.Fprintf(&b, " by=%d", hs.Army+1)
				break
			}
		}
		if hs.Giver != engine.NoHex {
			fmt.Fprintf(&b, " giver=%s", s.Board.Names[hs.Giver])
		}
	}
	return b.String()
}

// formatSides writes the header of a position of more than two players:
// armies, board, mode (and teams), and the HQ points (scores in a points
// game).
func formatSides(b *strings.Builder, s *engine.State, refs []string) {
	b.WriteString("armies")
	for _, r := range refs[:s.Players()] {
		b.WriteString(" " + position.Quote(r))
	}
	fmt.Fprintf(b, "\nboard %s\nmode %s", position.Quote(s.Board.Name), s.Mode)
	for p := range uint8(s.Players()) {
		if s.SideOf(p) != s.Team(p) {
			fmt.Fprintf(b, " feud=%d", p+1)
		}
	}
	b.WriteByte('\n')
	if s.Mode == engine.ModeTeams {
		b.WriteString("teams")
		for t := range uint8(2) {
			join := " "
			for p := range uint8(s.Players()) {
				if s.Team(p) == t {
					fmt.Fprintf(b, "%s%d", join, p+1)
					join = "+"
				}
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("hq")
	for p := range uint8(s.Players()) {
		fmt.Fprintf(b, " %d", s.HQPoints(p))
	}
	b.WriteByte('\n')
}

// FormatUses writes the used lines of g (docs/positions.md): each
// player's uses of its army's allowances, a line for each one used.
func FormatUses(g *engine.Game) string {
	var b strings.Builder
	for p := range uint8(g.S.Players()) {
		a := g.S.Armies[p]
		for i := range a.Limits {
			turn, game := g.LimitUses(p, i)
			b.WriteString(FormatUsed(p, a, i, turn, game))
		}
	}
	return b.String()
}

// FormatUsed writes player p's uses of allowance i of army a as a used
// line (with its newline), "" when it is unused.
func FormatUsed(p uint8, a *rules.Army, i int, turn, game uint8) string {
	l := &a.Limits[i]
	if l.PerTurn == 0 {
		turn = 0
	}
	if l.PerGame == 0 {
		game = 0
	}
	if turn == 0 && game == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "used %d ", p+1)
	if k := position.LimitKind(a, l); k != "" {
		b.WriteString(position.Quote(a.Tokens[l.Tokens[0]].Name) + " " + k)
	} else {
		b.WriteString("group " + position.Quote(l.Name))
	}
	if turn > 0 {
		fmt.Fprintf(&b, " turn=%d", turn)
	}
	if game > 0 {
		fmt.Fprintf(&b, " game=%d", game)
	}
	b.WriteByte('\n')
	return b.String()
}
