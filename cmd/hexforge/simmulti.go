package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
)

// multiOptions are sim's multiplayer flags.
type multiOptions struct {
	mode  string // --mode: ffa, points, teams or one-vs-team
	teams string // --teams A+B,C+D
}

func (mo *multiOptions) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&mo.mode, "mode", "", "a game of 3 or 4 armies: ffa, points (3 or 4 armies), teams (4) or one-vs-team (3: seat 1 alone against seats 2 and 3); docs/rules.md")
	f.StringVar(&mo.teams, "teams", "", "the teams of --mode teams: A+B,C+D by the armies' names as given (default: the first two against the last two)")
}

// flagsNotForMulti are the sim flags a multiplayer run does not read.
// --structures is read: Structures are for 2, 3 and 4 players
// (docs/rules.md, "Structures").
var flagsNotForMulti = []string{"all", "sprt", "fair-band", "reinforcements", "start"}

// match checks a multiplayer run before any game is played (the mode,
// the number of armies, the teams, the player, the shards and the flags
// that do not apply) and returns it without its armies.
func (mo *multiOptions) match(cmd *cobra.Command, o *simOptions, args []string) (*sim.MultiMatch, error) {
	if mo.mode == "" {
		return nil, fmt.Errorf("--teams is for --mode teams")
	}
	m, err := engine.ParseMode(strings.ToLower(mo.mode))
	if err != nil {
		return nil, fmt.Errorf("--mode: %w", err)
	}
	if m == engine.ModeStandard {
		return nil, fmt.Errorf("--mode standard is the two-army game: leave --mode out")
	}
	if ok, want := m.Seats(len(args)); !ok {
		return nil, fmt.Errorf("--mode %s takes %s armies, not %d", m, want, len(args))
	}
	for _, f := range flagsNotForMulti {
		if cmd.Flags().Changed(f) {
			return nil, fmt.Errorf("--%s is not read by a multiplayer run (--mode %s)", f, m)
		}
	}
	if o.Board.Duel {
		return nil, fmt.Errorf("--board %s: the Duel board is for two players", o.board)
	}
	spec, err := player.Parse(o.players) // one player for every seat (mcts as max^n: player/mctsvalues.go)
	if err != nil {
		return nil, fmt.Errorf("--players: %w", err)
	}
	if mo.teams != "" && !m.CustomTeams() {
		return nil, fmt.Errorf("--teams is for --mode teams")
	}
	if cmd.Flags().Changed("leaders") && !m.Leaders() && (o.Leaders[0] != nil || o.Leaders[1] != nil) {
		// "Liderów można używać w grach dla 2 oraz 4 graczy w trybie
		// drużynowym" (docs/rules.md, "Leaders").
		return nil, fmt.Errorf("--leaders: leaders are played with 2 players or in --mode teams (allies share one), not in --mode %s", m)
	}
	mm := &sim.MultiMatch{Names: args, Mode: m, Board: o.Board, Player: spec, Games: o.Games, Seed: o.Seed,
		MaxActions: o.MaxActions, Shard: o.Shard, Leaders: o.Leaders, Structures: o.Structures}
	if m.CustomTeams() {
		if mm.Teams, err = sim.ParseTeams(mo.teams, args); err != nil {
			return nil, fmt.Errorf("--teams %q: %w", mo.teams, err)
		}
	}
	if rot := mm.Rounded() / len(mm.Seatings()); o.Shard.N > rot {
		return nil, fmt.Errorf("--shard %s: the run is %d rotations of %d seatings; a shard plays whole rotations, so give at most %d shards",
			o.shard, rot, len(mm.Seatings()), rot)
	}
	return mm, nil
}

// runMulti plays a multiplayer run and writes its report.
func runMulti(cmd *cobra.Command, o *simOptions, mo *multiOptions, rec *study.Recording, args []string) error {
	if err := o.check(); err != nil {
		return err
	}
	mm, err := mo.match(cmd, o, args)
	if err != nil {
		return err
	}
	if err := rec.Check(o.Games, true, o.shard != ""); err != nil {
		return err
	}
	if mm.Armies, mm.Names, err = loadRun(cmd, o.Structures, args); err != nil {
		return err
	}
	ctx, bar, done := startRun(cmd)
	defer done()
	lo, hi := mm.Span()
	bar.Expect(hi - lo)
	recs, partial, err := study.RunMulti(ctx, mm, o.Workers, o.UntilCI, bar.Update(mm.Mode.String()))
	if err != nil {
		return err
	}
	bar.Finish()
	rec.Sets = loads.Raw()
	if note, err := rec.Multi(mm, args, recs); err != nil {
		return err
	} else if note != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), note)
	}
	err = writeResult(cmd, args, o.out, o.format, nil, nil, mm.Report(recs, partial))
	return interrupted(ctx, cmd.ErrOrStderr(), err)
}
