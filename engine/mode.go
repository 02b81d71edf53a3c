package engine

import (
	"fmt"
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

// modeRules is what a mode is: how many play, who is whose ally, the turn
// order, the HQ tracks, and how the game ends and is scored. Every rule of
// the turn flow (turnorder.go) reads its mode's row; the two-player game
// is the row ModeStandard, and its rules are the general ones with n = 2.
type modeRules struct {
	name        string
	minSeats    int
	maxSeats    int
	seats       string  // the numbers of players, as an error names them
	teams       []uint8 // each seat's team by default; nil: every seat on a side of their own
	order       []uint8 // the turn order's cycle, as seats; nil: 0, 1, ..., n-1
	hqStart     []uint8 // the HQ points each seat starts with; nil: the printed toughness
	leaders     bool    // leader cards are played (allies share one)
	customTeams bool    // the teams may be given (Config.Teams) and the feud rule used
	fall        fallRule
	bothFall    int8 // fallTeam: when HQs of both teams fall in one battle, the team that wins; -1: the HQ points left decide
	final       finalRule
	scores      bool // HQ hits score points for the hitter instead of wounding (Sides.Score); a battle's end with PointsToWin ends the game (pointsWin)
	trackFalls  bool // an HQ falls when its track is at 0, even if a toughness bonus keeps it on the board (else: when it leaves the board)
	namedResult bool // the Result names the winner (Win1, Win2, Draw), not only Winners
}

// fallRule is what a fallen HQ does to the game.
type fallRule uint8

const (
	fallOut  fallRule = iota // its player is out; the last ones standing win (they share when the last fall together)
	fallTeam                 // its team loses
	fallNone                 // HQs do not fall: their hits score points
)

// finalRule decides a game at the final battle.
type finalRule uint8

const (
	finalBest  finalRule = iota // the most HQ points (score) win; the tied play one more turn each, then a battle
	finalTeams                  // the team with the most HQ points left wins; when tied, every player plays one more turn, then a battle
)

var modes = [...]modeRules{
	ModeStandard:  {name: "standard", minSeats: 2, maxSeats: 2, seats: "2", leaders: true, fall: fallOut, final: finalBest, trackFalls: true, namedResult: true},
	ModeFFA:       {name: "ffa", minSeats: 3, maxSeats: 4, seats: "3 or 4", fall: fallOut, final: finalBest},
	ModePoints:    {name: "points", minSeats: 3, maxSeats: 4, seats: "3 or 4", fall: fallNone, final: finalBest, scores: true},
	ModeTeams:     {name: "teams", minSeats: 4, maxSeats: 4, seats: "4", teams: []uint8{0, 1, 0, 1}, leaders: true, customTeams: true, fall: fallTeam, bothFall: -1, final: finalTeams},
	ModeOneVsTeam: {name: "one-vs-team", minSeats: 3, maxSeats: 3, seats: "3", teams: []uint8{0, 1, 1}, order: []uint8{0, 1, 0, 2}, hqStart: []uint8{SoloHQ, TeamHQ, TeamHQ}, fall: fallTeam, bothFall: 1, final: finalTeams},
}

// rules is the mode's row of modes.
func (m Mode) rules() *modeRules { return &modes[m] }

func (m Mode) String() string {
	if int(m) < len(modes) {
		return modes[m].name
	}
	return "?"
}

// Scores reports whether HQ hits score points in the mode (the points
// game), whose HQ track counts the score up.
func (m Mode) Scores() bool { return int(m) < len(modes) && modes[m].scores }

// Teams reports whether the mode is played by two teams.
func (m Mode) Teams() bool { return int(m) < len(modes) && modes[m].teams != nil }

// Seats says whether n players play the mode, and in words how many it
// takes ("3 or 4").
func (m Mode) Seats(n int) (ok bool, want string) {
	r := m.rules()
	return n >= r.minSeats && n <= r.maxSeats, r.seats
}

// Leaders reports whether leader cards are played in the mode.
func (m Mode) Leaders() bool { return int(m) < len(modes) && modes[m].leaders }

// CustomTeams reports whether the mode's teams may be given
// (Config.Teams).
func (m Mode) CustomTeams() bool { return int(m) < len(modes) && modes[m].customTeams }

// ModeNames lists the modes' names, as ParseMode reads them.
func ModeNames() []string {
	names := make([]string, len(modes))
	for i := range modes {
		names[i] = modes[i].name
	}
	return names
}

// ParseMode reads a mode's name as String spells it.
func ParseMode(s string) (Mode, error) {
	for i := range modes {
		if s == modes[i].name {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q (want one of %s)", s, strings.Join(ModeNames(), ", "))
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
	// scores: HQ hits score points (the mode's scores, kept here for
	// HQPoints, which evaluations call at every step).
	scores bool
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
	if int(m) >= len(modes) {
		return fmt.Errorf("unknown mode %d", m)
	}
	r := m.rules()
	switch {
	case m == ModeStandard && n != 2:
		return fmt.Errorf("the standard game is for 2 players, not %d", n)
	case n < r.minSeats || n > r.maxSeats:
		return fmt.Errorf("mode %s is for %s players, not %d", m, r.seats, n)
	}
	*s = Sides{N: uint8(n), Mode: m, scores: r.scores}
	copy(s.hqStart[:], r.hqStart)
	if r.teams == nil {
		if feud != 0 {
			return fmt.Errorf("the feud rule is for a game with teams, not %s", m)
		}
		return nil
	}
	if !r.customTeams || team == nil {
		team = r.teams
	}
	if r.customTeams {
		if len(team) != n {
			return fmt.Errorf("mode %s needs a team for each of the %d players, got %d", m, n, len(team))
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
			return fmt.Errorf("mode %s needs two teams of two, got %d and %d", m, count[0], count[1])
		}
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
