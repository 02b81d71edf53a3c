package engine

import (
	"flag"
	"math/bits"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
)

// multiGames is how many random games TestRandomGamesMultiplayer plays of
// every mode on every board; issue 13's 10,000 is
//
//	go test ./engine -run TestRandomGamesMultiplayer -multigames 10000 -timeout 2h
var multiGames = flag.Int("multigames", 200, "random games of every multiplayer mode and board (TestRandomGamesMultiplayer)")

// checkInvariantsN is checkInvariants for any number of players: every
// token in exactly one place, at most one HQ each where State.HQ says,
// HQ points that only fall (scores that only rise in the points game),
// and no token of a player whose HQ fell every man for himself.
func checkInvariantsN(g *Game, hqPrev *[MaxPlayers]int) error {
	s := &g.S
	var board [MaxPlayers][MaxArmyTokens]int
	var hqs [MaxPlayers]int
	for h := 0; h < s.Board.Size; h++ {
		c := &s.Cells[h]
		for _, u := range [2]Piece{c.Unit, c.Ground} {
			if u.Empty() {
				continue
			}
			if int(u.Owner) >= s.Players() {
				return errorf("%s holds a token of player %d of %d", s.Board.Names[h], u.Owner+1, s.Players())
			}
			if g.Turn > 0 && s.Mode == ModeFFA && g.Out&(1<<u.Owner) != 0 && !g.TieBreak {
				return errorf("player %d is out but their %q stands on %s", u.Owner+1, s.Tok(u).Name, s.Board.Names[h])
			}
			if s.Tok(u).Kind == HQKind {
				hqs[u.Owner]++
				if s.HQ[u.Owner] != Hex(h) {
					return errorf("HQ of player %d stands on %s but State.HQ says %d", u.Owner+1, s.Board.Names[h], s.HQ[u.Owner])
				}
			}
			if u.Marks&Controlled != 0 && u.Controller() == u.Owner {
				return errorf("%s: a taken-over unit controlled by its owner", s.Board.Names[h])
			}
			board[u.Owner][u.Token]++
		}
	}
	for p := range s.Players() {
		if hqs[p] > 1 {
			return errorf("player %d has %d HQs on the board", p+1, hqs[p])
		}
		if hqs[p] == 0 && s.HQ[p] != NoHex {
			return errorf("player %d has no HQ on the board but State.HQ is %d", p+1, s.HQ[p])
		}
		if g.HandLen[p] > MaxHand {
			return errorf("player %d holds %d tokens", p+1, g.HandLen[p])
		}
		if err := checkTokens(g, p, &board[p]); err != nil {
			return err
		}
		if pts := s.HQPoints(uint8(p)); g.Turn > 0 {
			switch {
			case s.Mode == ModePoints && hqPrev[p] >= 0 && pts < hqPrev[p]:
				return errorf("player %d's score fell from %d to %d", p+1, hqPrev[p], pts)
			case s.Mode == ModePoints && pts > PointsToWin:
				return errorf("player %d scored %d", p+1, pts)
			case s.Mode != ModePoints && hqPrev[p] >= 0 && pts > hqPrev[p]:
				return errorf("player %d HQ rose from %d to %d", p+1, hqPrev[p], pts)
			}
			hqPrev[p] = pts
		}
	}
	if g.Over() {
		if g.Result != Decided || g.Winners == 0 || int(g.Winners) >= 1<<s.Players() {
			return errorf("the game ended %v with winners %b", g.Result, g.Winners)
		}
		if s.Mode == ModeTeams || s.Mode == ModeOneVsTeam {
			// A team wins or shares as a whole.
			if w := g.Winners; w != g.teamMembers(0) && w != g.teamMembers(1) && w != g.teamMembers(0)|g.teamMembers(1) {
				return errorf("winners %b split a team", w)
			}
		}
	}
	return nil
}

// playRandomN plays one random game of the armies in mode m on board b,
// checking the invariants after every action. With structures the game is
// in the Structures variant: a placement is picked a quarter of the time
// one is offered (so Structures come at every stage), and every part must
// stand beside its mate (checkStructures); placed counts the placements.
func playRandomN(t *testing.T, b *Board, as []*rules.Army, m Mode, feud uint8, seed uint64, structures bool, placed *int) *Game {
	t.Helper()
	g, err := NewGame(Config{Board: b, Mode: m, Feud: feud, Structures: structures}, as, seed)
	if err != nil {
		t.Fatal(err)
	}
	var st, other []Action
	d := NewRandomDecider(seed + 1)
	buf := make([]Action, 0, 4096)
	hq := [MaxPlayers]int{-1, -1, -1, -1}
	for n := 0; ; n++ {
		if n >= maxActions {
			t.Fatalf("%s seed %d: game not over after %d actions (turn %d)", m, seed, n, g.Turn)
		}
		buf = g.LegalActions(buf[:0])
		if len(buf) == 0 {
			if !g.Over() {
				t.Fatalf("%s seed %d: no legal action in phase %d", m, seed, g.Phase)
			}
			return g
		}
		a := buf[d.Intn(len(buf))]
		if structures {
			st, other = st[:0], other[:0]
			for _, x := range buf {
				if x.Kind == KStructure {
					st = append(st, x)
				} else {
					other = append(other, x)
				}
			}
			if len(st) > 0 && (len(other) == 0 || d.Intn(4) == 0) {
				a = st[d.Intn(len(st))]
				*placed++
			} else if len(st) > 0 {
				a = other[d.Intn(len(other))]
			}
		}
		if err := g.Apply(a, d); err != nil {
			t.Fatalf("%s seed %d action %d: %v", m, seed, n, err)
		}
		if err := checkInvariantsN(g, &hq); err != nil {
			t.Fatalf("%s seed %d after action %d (%v): %v", m, seed, n, a, err)
		}
		if structures {
			if err := checkStructures(g); err != nil {
				t.Fatalf("%s seed %d after action %d (%v): %v", m, seed, n, a, err)
			}
		}
	}
}

// TestRandomGamesMultiplayer plays random games of every multiplayer mode
// (teams also under the feud rule) on the standard and the large board,
// with the test armies and every embedded army in turn, checking the
// bookkeeping after every action and that every game ends with winners.
func TestRandomGamesMultiplayer(t *testing.T) {
	pool := []*rules.Army{loadArmy(t, "testdata/game_a.army"), loadArmy(t, "testdata/game_b.army")}
	for _, ref := range armies.Names() {
		pool = append(pool, loadArmy(t, ref))
	}
	n := *multiGames
	if testing.Short() {
		n = min(n, 20)
	}
	type variant struct {
		m       Mode
		players int
		feud    uint8
	}
	for _, b := range []*Board{Standard, Large} {
		for _, v := range []variant{
			{ModeFFA, 3, 0}, {ModeFFA, 4, 0}, {ModePoints, 3, 0}, {ModePoints, 4, 0},
			{ModeTeams, 4, 0}, {ModeTeams, 4, 1 << 1}, {ModeOneVsTeam, 3, 0},
		} {
			t.Run(b.Name+"/"+v.m.String()+"/"+string(rune('0'+v.players))+"/feud"+string(rune('0'+bits.OnesCount8(v.feud))), func(t *testing.T) {
				won := map[uint8]int{} // games by the winners' bits
				for seed := uint64(0); seed < uint64(n); seed++ {
					as := make([]*rules.Army, v.players)
					for p := range as {
						as[p] = pool[(int(seed)*v.players+p)%len(pool)]
					}
					g := playRandomN(t, b, as, v.m, v.feud, seed, false, nil)
					won[g.Winners]++
				}
				t.Logf("%d games; games by the winners' bits: %v", n, won)
			})
		}
	}
}

// TestRandomGamesMultiplayerStructures plays random games of every
// multiplayer mode in the Structures variant ("Struktur można używać w
// grach dla 2, 3 oraz 4 graczy"): the Structure army and test armies given
// Structures in every seat, with the bookkeeping of TestRandomGamesMultiplayer
// and every part beside its mate after every action (-multigames games of
// each mode; issue-sized runs:
//
//	go test ./engine -run TestRandomGamesMultiplayerStructures -multigames 1000
func TestRandomGamesMultiplayerStructures(t *testing.T) {
	pool := []*rules.Army{structArmy(t), loadArmy(t, "testdata/game_a.army"), autoStructures(t, loadArmy(t, "testdata/game_b.army"), 0),
		autoStructures(t, loadArmy(t, "testdata/tfauna.army"), 1), autoStructures(t, loadArmy(t, "testdata/takers.army"), 0)}
	n := *multiGames
	if testing.Short() {
		n = min(n, 20)
	}
	type variant struct {
		m       Mode
		players int
		feud    uint8
	}
	for _, v := range []variant{
		{ModeFFA, 3, 0}, {ModeFFA, 4, 0}, {ModePoints, 3, 0}, {ModeTeams, 4, 0}, {ModeTeams, 4, 1 << 1}, {ModeOneVsTeam, 3, 0},
	} {
		t.Run(v.m.String()+"/"+string(rune('0'+v.players))+"/feud"+string(rune('0'+bits.OnesCount8(v.feud))), func(t *testing.T) {
			placed := 0
			for seed := uint64(0); seed < uint64(n); seed++ {
				as := make([]*rules.Army, v.players)
				for p := range as {
					as[p] = pool[(int(seed)*v.players+p)%len(pool)]
				}
				b := Standard
				if seed%4 == 3 {
					b = Large
				}
				playRandomN(t, b, as, v.m, v.feud, seed, true, &placed)
			}
			if placed < n/2 {
				t.Errorf("%d games: %d Structures placed; want one in most games", n, placed)
			}
			t.Logf("%d games, %d Structures placed", n, placed)
		})
	}
}
