package position

import (
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
)

// sideSpec collects a position file's mode and teams lines (docs/positions.md):
//
//	mode teams feud=2     # the mode, and the players under the feud rule
//	teams 1+3 2+4         # who plays with whom (teams: A1-B1-A2-B2)
type sideSpec struct {
	modeLine, teamsLine int
	modeWords           []word
	mode                engine.Mode
	feud                uint8
	team                []uint8
	teamsWords          []word
}

func (ss *sideSpec) add(lineNo int, w []word, errs *diag.List, pos func(int, int) diag.Pos) {
	if strings.ToLower(w[0].text) == "teams" {
		if ss.teamsLine != 0 {
			errs.Errorf(pos(lineNo, w[0].col), "teams given twice (first on line %d)", ss.teamsLine)
			return
		}
		if len(w) != 3 {
			errs.Errorf(pos(lineNo, w[0].col), "teams needs the two teams, e.g. teams 1+3 2+4")
			return
		}
		team := make([]uint8, engine.MaxPlayers)
		seen := 0
		for t, x := range w[1:] {
			for _, part := range strings.Split(x.text, "+") {
				n, err := strconv.Atoi(part)
				if err != nil || n < 1 || n > engine.MaxPlayers || seen&(1<<n) != 0 {
					errs.Errorf(pos(lineNo, x.col), "a team is players joined by +, each once, e.g. 1+3; not %q", diag.Clip(x.text))
					return
				}
				seen |= 1 << n
				team[n-1] = uint8(t)
			}
		}
		ss.teamsLine, ss.teamsWords, ss.team = lineNo, w, team
		return
	}
	if ss.modeLine != 0 {
		errs.Errorf(pos(lineNo, w[0].col), "mode given twice (first on line %d)", ss.modeLine)
		return
	}
	if len(w) < 2 {
		errs.Errorf(pos(lineNo, w[0].col), "mode needs one of %s", strings.Join(engine.ModeNames(), ", "))
		return
	}
	m, err := engine.ParseMode(strings.ToLower(w[1].text))
	if err != nil {
		errs.Add(diag.Error, pos(lineNo, w[1].col), diag.Suggest(w[1].text, engine.ModeNames()), "%s", err)
		return
	}
	for _, x := range w[2:] {
		k, v, has := strings.Cut(x.text, "=")
		n, err := strconv.Atoi(v)
		if !has || !strings.EqualFold(k, "feud") || err != nil || n < 1 || n > engine.MaxPlayers {
			errs.Errorf(pos(lineNo, x.col), "after the mode only feud=PLAYER may follow (the player under the rulebook's team rule for one faction), not %q", diag.Clip(x.text))
			return
		}
		ss.feud |= 1 << (n - 1)
	}
	ss.modeLine, ss.modeWords, ss.mode = lineNo, w, m
}

// apply sets the sides of s, a position of n players; it reports whether
// they were fine. Without a mode line, two players play the standard game
// and three or four every man for himself.
func (ss *sideSpec) apply(s *engine.State, n int, errs *diag.List, pos func(int, int) diag.Pos) bool {
	m := ss.mode
	at := pos(ss.modeLine, 1)
	if ss.modeLine == 0 {
		m, at = engine.ModeFFA, pos(1, 1)
		if n == 2 {
			m = engine.ModeStandard
		}
	}
	var team []uint8
	if ss.team != nil {
		team = ss.team[:n]
		if m != engine.ModeTeams {
			errs.Errorf(pos(ss.teamsLine, 1), "a teams line is for mode teams (one-vs-team's teams are fixed: player 1 against 2 and 3)")
			return false
		}
	}
	if err := s.SetSides(n, m, team, ss.feud); err != nil {
		errs.Errorf(at, "%s", err)
		return false
	}
	if n == 2 {
		s.Sides = engine.Sides{} // the two-player game's zero engine.Sides
	}
	return true
}
