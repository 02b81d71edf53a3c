package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
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

// checkMulti validates a multiplayer run before any game is played: the
// mode, the number of armies, the teams, the player and the flags that do
// not apply. It returns the teams as indices into args.
func (mo *multiOptions) check(cmd *cobra.Command, o *simOptions, args []string) (engine.Mode, [2][]int, player.Spec, error) {
	var teams [2][]int
	if mo.mode == "" {
		return 0, teams, player.Spec{}, fmt.Errorf("--teams is for --mode teams")
	}
	m, err := engine.ParseMode(strings.ToLower(mo.mode))
	if err != nil {
		return m, teams, player.Spec{}, fmt.Errorf("--mode: %w", err)
	}
	want := map[engine.Mode]string{engine.ModeStandard: "", engine.ModeFFA: "3 or 4", engine.ModePoints: "3 or 4", engine.ModeTeams: "4", engine.ModeOneVsTeam: "3"}[m]
	switch {
	case m == engine.ModeStandard:
		return m, teams, player.Spec{}, fmt.Errorf("--mode standard is the two-army game: leave --mode out")
	case (m == engine.ModeFFA || m == engine.ModePoints) && (len(args) < 3 || len(args) > 4),
		m == engine.ModeTeams && len(args) != 4, m == engine.ModeOneVsTeam && len(args) != 3:
		return m, teams, player.Spec{}, fmt.Errorf("--mode %s takes %s armies, not %d", m, want, len(args))
	}
	for _, f := range flagsNotForMulti {
		if cmd.Flags().Changed(f) {
			return m, teams, player.Spec{}, fmt.Errorf("--%s is not read by a multiplayer run (--mode %s)", f, m)
		}
	}
	if o.boardB.Duel {
		return m, teams, player.Spec{}, fmt.Errorf("--board %s: the Duel board is for two players", o.board)
	}
	spec, err := player.Parse(o.players) // one player for every seat (mcts as max^n: player/mctsvalues.go)
	if err != nil {
		return m, teams, spec, fmt.Errorf("--players: %w", err)
	}
	if mo.teams != "" && m != engine.ModeTeams {
		return m, teams, spec, fmt.Errorf("--teams is for --mode teams")
	}
	if cmd.Flags().Changed("leaders") && m != engine.ModeTeams && (o.leaderL[0] != nil || o.leaderL[1] != nil) {
		// "Liderów można używać w grach dla 2 oraz 4 graczy w trybie
		// drużynowym" (docs/rules.md, "Leaders").
		return m, teams, spec, fmt.Errorf("--leaders: leaders are played with 2 players or in --mode teams (allies share one), not in --mode %s", m)
	}
	if m == engine.ModeTeams {
		if teams, err = sim.ParseTeams(mo.teams, args); err != nil {
			return m, teams, spec, fmt.Errorf("--teams %q: %w", mo.teams, err)
		}
	}
	return m, teams, spec, nil
}

// runMulti plays a multiplayer run and writes its report.
func runMulti(cmd *cobra.Command, o *simOptions, mo *multiOptions, rec *recordOptions, args []string) error {
	_, shard, err := o.check()
	if err != nil {
		return err
	}
	m, teams, spec, err := mo.check(cmd, o, args)
	if err != nil {
		return err
	}
	mm := &sim.MultiMatch{Names: args, Mode: m, Teams: teams, Games: o.games, Shard: shard}
	if rot := mm.Rounded() / len(mm.Seatings()); shard.N > rot {
		return fmt.Errorf("--shard %s: the run is %d rotations of %d seatings; a shard plays whole rotations, so give at most %d shards",
			o.shard, rot, len(mm.Seatings()), rot)
	}
	if err := rec.check(o, true); err != nil {
		return err
	}
	if rec.games > 0 || rec.losses > 0 {
		// Refused now, not after the run: the traces are written last.
		if _, err := position.BoardByName(o.boardB.Name); err != nil {
			return fmt.Errorf("--record, --record-losses: a multiplayer trace names an embedded board, not the file %s", o.board)
		}
	}
	list, names, err := loadAll(cmd.ErrOrStderr(), args)
	if err != nil {
		return err
	}
	if err := checkSetsUsed(); err != nil {
		return err
	}
	if err := checkStructures(cmd.ErrOrStderr(), o.structures, list...); err != nil {
		return err
	}
	mm = &sim.MultiMatch{Armies: list, Names: names, Mode: m, Teams: teams, Board: o.boardB, Player: spec,
		Games: o.games, Seed: o.seed, MaxActions: o.maxActions, Shard: shard, Leaders: o.leaderL, Structures: o.structures}
	ctx, bar, done := startRun(cmd)
	defer done()
	lo, hi := mm.Span()
	bar.Expect(hi - lo)
	recs, partial, err := study.RunMulti(ctx, mm, o.workers, o.untilCI, bar.Update(m.String()))
	if err != nil {
		return err
	}
	bar.Finish()
	if err := rec.recordMulti(cmd.ErrOrStderr(), mm, args, recs); err != nil {
		return err
	}
	err = writeResult(cmd, args, o.out, o.format, nil, nil, mm.Report(recs, partial))
	return interrupted(ctx, cmd.ErrOrStderr(), err)
}

// recordMulti writes the traces --record and --record-losses ask for of a
// multiplayer run.
func (rec *recordOptions) recordMulti(stderr io.Writer, mm *sim.MultiMatch, args []string, recs []sim.MultiRecord) error {
	if rec.games > 0 {
		games := make([]int, rec.games)
		for i := range games {
			games[i] = i
		}
		if err := study.RecordMulti(rec.dir, mm, args, games, rawSets()); err != nil {
			return err
		}
	}
	if rec.losses > 0 {
		line, err := study.RecordMultiLosses(rec.dir, rec.losses, mm, args, recs, rawSets())
		if err != nil {
			return err
		}
		fmt.Fprintln(stderr, line)
	}
	return nil
}
