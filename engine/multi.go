package engine

import (
	"fmt"
	"slices"
	"strings"
)

// The multiplayer modes (Neuroshima Hex 3.0 core rules, "Gra wieloosobowa";
// docs/rules.md, "Three and four players"): 3 or 4 players every man for
// himself, the points game, 2 against 2 and one player against a team.
// Everything that asks "friend or enemy" asks the State's Sides; the zero
// Sides is the two-player game, in which each player is their own side, so
// the two-player paths read the same values they always did.

// Mode is the kind of game.
type Mode uint8

const (
	ModeStandard  Mode = iota // two players
	ModeFFA                   // every man for himself (3 or 4 players)
	ModePoints                // every man for himself, HQ hits score points (3 or 4 players)
	ModeTeams                 // two teams of two, turns alternating between the teams
	ModeOneVsTeam             // player 1 alone against players 2 and 3, order 1-2-1-3
)

var modeNames = [...]string{"standard", "ffa", "points", "teams", "one-vs-team"}

// ModeNames are the modes' names, as String spells them.
func ModeNames() []string { return slices.Clone(modeNames[:]) }

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "?"
}

// ParseMode reads a mode's name as String spells it.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if s == n {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q (want one of %s)", s, strings.Join(modeNames[:], ", "))
}

// PointsToWin is the score that wins the points game ("Wygrywa gracz,
// który na koniec Bitwy będzie posiadał w sumie 20 punktów").
const PointsToWin = 20

// HQ toughness of one player against a team ("pojedynczy gracz umieszcza
// swój znacznik Sztabu na polu 20, a każdy z pozostałych graczy na polu 13").
const (
	SoloHQ = 20
	TeamHQ = 13
)

// Sides says how many play and who is whose ally. The side and team
// arrays hold the side ^ the player, so that the zero value, every player
// on a side of their own, is the two-player game.
type Sides struct {
	N    uint8 // players; 0 means 2
	Mode Mode
	// side: who fights whom (wounds, shots, nets, pushes, takeovers,
	// instants). team: whose module and HQ bonuses reach whom. They differ
	// only for a player under the feud rule (feud), whose units
	// fight their ally's but share bonuses with them.
	side [MaxPlayers]uint8
	team [MaxPlayers]uint8
	// hqStart: the HQ points each player starts with, when not the printed
	// toughness (one against a team); 0 for the printed one.
	hqStart [MaxPlayers]uint8
	// Score is each player's points in the points game (PointsToWin at most).
	Score [MaxPlayers]uint8
}

// Players is how many play.
func (s *Sides) Players() int {
	if s.N == 0 {
		return 2
	}
	return int(s.N)
}

// Friends reports whether the units of players a and b fight on the same
// side: they do not wound, shoot, net, push or take over each other.
func (s *Sides) Friends(a, b uint8) bool { return a^s.side[a] == b^s.side[b] }

// SideOf is the side player p fights on (p itself when every player is
// alone): the resolver compares sides.
func (s *Sides) SideOf(p uint8) uint8 { return p ^ s.side[p] }

// Allies reports whether the bonuses of player a's units reach player b's
// (the same team; a player is their own ally).
func (s *Sides) Allies(a, b uint8) bool { return a^s.team[a] == b^s.team[b] }

// Team is the team of player p (p itself when every player is alone).
func (s *Sides) Team(p uint8) uint8 { return p ^ s.team[p] }

// SetSides sets up a game of n players in mode m. team gives each
// player's team (teams and one-vs-team; nil for the others); feud is a bit
// per player under the optional feud rule (the rulebook's team rule for
// one faction, docs/rules.md): its units wound and net their ally's, and
// push and are pushed by them, while the bonuses still reach both ways.
func (s *Sides) SetSides(n int, m Mode, team []uint8, feud uint8) error {
	switch {
	case m == ModeStandard && n != 2:
		return fmt.Errorf("the standard game is for 2 players, not %d", n)
	case (m == ModeFFA || m == ModePoints) && (n < 3 || n > 4):
		return fmt.Errorf("mode %s is for 3 or 4 players, not %d", m, n)
	case m == ModeTeams && n != 4:
		return fmt.Errorf("mode teams is for 4 players, not %d", n)
	case m == ModeOneVsTeam && n != 3:
		return fmt.Errorf("mode one-vs-team is for 3 players, not %d", n)
	case m > ModeOneVsTeam:
		return fmt.Errorf("unknown mode %d", m)
	}
	*s = Sides{N: uint8(n), Mode: m}
	switch m {
	case ModeTeams:
		if team == nil {
			team = []uint8{0, 1, 0, 1}
		}
		if len(team) != n {
			return fmt.Errorf("mode teams needs a team for each of the 4 players, got %d", len(team))
		}
		count := [2]int{}
		for i, t := range team {
			if t > 1 {
				return fmt.Errorf("player %d is in team %d; the teams are 0 and 1", i+1, t)
			}
			count[t]++
			// "Przy ustalaniu kolejności zwróćcie uwagę, by tury graczy tej
			// samej drużyny nie następowały bezpośrednio po sobie."
			if team[(i+1)%n] == t {
				return fmt.Errorf("players %d and %d of one team would play one after the other (the order is A1-B1-A2-B2)", i+1, (i+1)%n+1)
			}
		}
		if count[0] != 2 || count[1] != 2 {
			return fmt.Errorf("mode teams needs two teams of two, got %d and %d", count[0], count[1])
		}
	case ModeOneVsTeam:
		team = []uint8{0, 1, 1}
		s.hqStart = [MaxPlayers]uint8{SoloHQ, TeamHQ, TeamHQ}
	default:
		if feud != 0 {
			return fmt.Errorf("the feud rule is for a game with teams, not %s", m)
		}
		return nil
	}
	for p, t := range team {
		s.team[p] = t ^ uint8(p)
		s.side[p] = t ^ uint8(p)
		if feud&(1<<p) != 0 {
			// A side of its own, apart from every team (teams are 0 and 1).
			s.side[p] = (2 + uint8(p)) ^ uint8(p)
		}
	}
	return nil
}
