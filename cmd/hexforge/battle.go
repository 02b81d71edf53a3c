package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

func newBattle() *cobra.Command {
	var asJSON bool
	format := report.Text
	cmd := &cobra.Command{
		Use:   "battle POSITION",
		Short: "Resolve one battle from a position file and show what happens",
		Long: `battle reads a position file (see docs/positions.md), resolves one battle
and prints every initiative segment: who attacks, who is hit and for how
many wounds, which medic absorbs what, and who is destroyed; then the HQ
points of both players.

Choices the rules leave to players are made for the owner: a medic absorbs
the attack that would otherwise destroy a unit, and an aimed shot picks a
target it destroys (the first such one in the line, else the first enemy).

With --format json (or --json) it prints the position after the battle:
  {"hq": [hp1, hp2], "units": [{"player": 1, "token": "...", "at": "c3", "facing": "N", "wounds": 0}, ...]}
Exit status: 0 on success, 1 when the position file is wrong, 2 on other errors.`,
		Example: `  hexforge battle position.txt
  hexforge battle --format json position.txt`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// --json is --format json's older alias.
			return runBattle(cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], format == report.JSON || asJSON)
		},
	}
	cmd.Flags().Var(format.Flag(report.Text, report.JSON), "format", "output format: text or json")
	cmd.Flags().BoolVar(&asJSON, "json", false, "the same as --format json")
	return cmd
}

// relativeTo resolves an army path written in the position file pos
// against the directory of that file, as `extends` does for army files, so
// a position and its armies can be moved together; embedded names and
// absolute paths are left as they are.
func relativeTo(pos, ref string) string {
	if !armies.IsPath(ref) || filepath.IsAbs(ref) {
		return ref
	}
	return filepath.Join(filepath.Dir(pos), ref)
}

// positionArmy resolves an army reference for a position file.
func positionArmy(ref string) (*rules.Army, error) {
	l, err := loader.Load(ref)
	if list, ok := err.(diag.List); ok && len(list) > 1 {
		// The position names the first mistake; check shows them all.
		return nil, fmt.Errorf("%v (and %d more: hexforge check %s shows them all)", list[0], len(list)-1, ref)
	}
	if err != nil {
		return nil, err
	}
	return l.Army, nil
}

type unitJSON struct {
	Player     int    `json:"player"`
	Token      string `json:"token"`
	At         string `json:"at"`
	Facing     string `json:"facing"`
	Wounds     int    `json:"wounds"`
	NetMarker  bool   `json:"net_marker,omitempty"` // a net marker thrown by an ability holds it
	Controlled bool   `json:"taken_over,omitempty"` // the other player controls it
	// ControlledBy is the player who took the unit over, in a position of
	// more than two players (with two it is the other one).
	ControlledBy int `json:"taken_over_by,omitempty"`
}

// foundationJSON is a foundation on the board (a Mine): under a unit or alone.
type foundationJSON struct {
	Player int    `json:"player"`
	Token  string `json:"token"`
	At     string `json:"at"`
	Wounds int    `json:"wounds"`
}

type battleJSON struct {
	HQ          []int            `json:"hq"`             // each player's HQ points (scores in a points game)
	Mode        string           `json:"mode,omitempty"` // a position of more than two players: its mode
	Units       []unitJSON       `json:"units"`
	Foundations []foundationJSON `json:"foundations"`
}

func runBattle(out, errw io.Writer, file string, asJSON bool) error {
	src, err := textfile.Read(file, "a position file", position.MaxPositionSize)
	if err != nil {
		return err
	}
	s, err := position.ParsePosition(file, src, func(ref string) (*rules.Army, error) {
		return positionArmy(relativeTo(file, ref))
	})
	if err != nil {
		if l, ok := err.(diag.List); ok {
			l.Render(errw, map[string][]byte{file: src})
			return exitError{1}
		}
		return err
	}
	var r engine.Resolver
	var log engine.BattleLog
	r.Resolve(s, engine.OwnerBest{}, &log)
	if asJSON {
		res := battleJSON{Units: []unitJSON{}, Foundations: []foundationJSON{}}
		for p := range s.Players() {
			res.HQ = append(res.HQ, s.HQPoints(uint8(p)))
		}
		if s.N > 2 {
			res.Mode = s.Mode.String()
		}
		for h := 0; h < s.Board.Size; h++ {
			if f := s.Cells[h].Ground; !f.Empty() {
				res.Foundations = append(res.Foundations, foundationJSON{Player: int(f.Owner) + 1, Token: s.Tok(f).Name, At: s.Board.Names[h], Wounds: int(f.Wounds)})
			}
			p := s.Cells[h].Unit
			if p.Empty() {
				continue
			}
			u := unitJSON{Player: int(p.Owner) + 1, Token: s.Tok(p).Name, At: s.Board.Names[h], Facing: p.Facing.String(), Wounds: int(p.Wounds),
				NetMarker: p.Marks&engine.NetMarker != 0, Controlled: p.Marks&engine.Controlled != 0}
			if u.Controlled && s.N > 2 {
				u.ControlledBy = int(p.Controller()) + 1
			}
			res.Units = append(res.Units, u)
		}
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	log.Write(out, s.Board)
	return nil
}
