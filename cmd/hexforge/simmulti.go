package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
	"github.com/hexforge/hexforge/trace"
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
	spec, err := player.Parse(o.players) // one player for every seat (mcts as max^n: player/mctsn.go)
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
		if teams, err = parseTeams(mo.teams, args); err != nil {
			return m, teams, spec, fmt.Errorf("--teams %q: %w", mo.teams, err)
		}
	}
	return m, teams, spec, nil
}

// parseTeams reads --teams A+B,C+D: each army of args in one team, by the
// name the command line gave it; empty means the first two against the
// last two.
func parseTeams(s string, args []string) ([2][]int, error) {
	if s == "" {
		return [2][]int{{0, 1}, {2, 3}}, nil
	}
	var teams [2][]int
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return teams, fmt.Errorf("want two teams separated by a comma, e.g. moloch+borgo,hegemony+outpost")
	}
	used := make([]bool, len(args))
	for t, part := range parts {
		names := strings.Split(part, "+")
		if len(names) != 2 {
			return teams, fmt.Errorf("team %q: want two armies joined by +", part)
		}
		for _, n := range names {
			found := false
			for i, a := range args {
				if !used[i] && strings.EqualFold(a, strings.TrimSpace(n)) {
					used[i], found = true, true
					teams[t] = append(teams[t], i)
					break
				}
			}
			if !found {
				return teams, fmt.Errorf("%q is not one of the armies given (%s), or is named twice", n, strings.Join(args, " "))
			}
		}
	}
	return teams, nil
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
		if _, err := engine.BoardByName(o.boardB.Name); err != nil {
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
	bar.expect(hi - lo)
	var recs []sim.MultiRecord
	var partial bool
	if o.untilCI > 0 && shard.N > 1 {
		// A shard never stops on its own games: merge judges the target
		// on all of them (sim.UntilCICheck).
		mm.UntilCI = o.untilCI
		recs, partial, err = mm.Run(ctx, o.workers, bar.update(m.String()))
	} else if o.untilCI > 0 {
		// Each further batch is as long as the first (--games, whole
		// rotations); the bar counts a batch.
		recs, partial, err = mm.RunUntil(ctx, o.workers, o.untilCI, maxGames, bar.update(m.String()))
	} else {
		recs, partial, err = mm.Run(ctx, o.workers, bar.update(m.String()))
	}
	if err != nil {
		return err
	}
	bar.finish()
	if rec.games > 0 {
		games := make([]int, rec.games)
		for i := range games {
			games[i] = i
		}
		if err := recordMulti(rec.dir, mm, args, games); err != nil {
			return err
		}
	}
	if rec.losses > 0 {
		if err := recordMultiLosses(cmd.ErrOrStderr(), rec, mm, args, recs); err != nil {
			return err
		}
	}
	r := mm.Report(recs, partial)
	err = writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
		return report.Write(w, report.Report{Multi: r, Command: commandLine(cmd, args)}, o.format)
	})
	return interrupted(ctx, cmd.ErrOrStderr(), err)
}

// mergeMulti merges the JSON reports of a sharded multiplayer run, when
// the first file is one (ok false otherwise: two-player results).
func mergeMulti(cmd *cobra.Command, files []string, format report.Format, out string) (ok bool, err error) {
	var reports []*sim.MultiReport
	for i, f := range files {
		raw, err := textfile.Read(f, "a result (the JSON written by sim --format json)", sim.MaxResultSize)
		if err != nil {
			return i > 0, err
		}
		var probe map[string]any
		if err := json.Unmarshal(raw, &probe); err != nil || !sim.IsMultiResult(probe) {
			if i == 0 {
				return false, nil // not multiplayer: mergeFiles reads it, and says what is wrong
			}
			return true, fmt.Errorf("%s: not a multiplayer report, unlike %s", f, files[0])
		}
		var r sim.MultiReport
		if err := json.Unmarshal(raw, &r); err != nil {
			return true, fmt.Errorf("%s: %w", f, err)
		}
		reports = append(reports, &r)
	}
	r, warnings, err := sim.MergeMulti(files, reports)
	if err != nil {
		return true, err
	}
	for _, w := range warnings {
		fmt.Fprintln(cmd.ErrOrStderr(), "merge:", w)
	}
	return true, writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
		return report.Write(w, report.Report{Multi: r, Command: commandLine(cmd, files)}, format)
	})
}

// recordMulti writes the traces of the given games of the run to dir
// (game-NNNN.jsonl for game NNNN-1 of the run: its seating is the game mod
// the seatings), the very games the run plays. refs are the armies as
// given on the command line.
func recordMulti(dir string, mm *sim.MultiMatch, refs []string, games []int) error {
	sets, err := parsedSets()
	if err != nil {
		return err
	}
	if mm.Board != nil {
		if _, err := engine.BoardByName(mm.Board.Name); err != nil {
			return fmt.Errorf("--record, --record-losses: a multiplayer trace names an embedded board, not the file %s", mm.Board.Name)
		}
	}
	res := new(engine.Resolver)
	for _, i := range games {
		path := filepath.Join(dir, fmt.Sprintf("game-%04d.jsonl", i+1))
		var buf bytes.Buffer
		tr := make([]string, len(refs))
		for a, ref := range refs {
			tr[a] = traceRef(ref, path)
		}
		r := trace.NewMultiRecorder(&buf, tr, mm.Armies)
		for _, s := range sets {
			r.Sets = append(r.Sets, s.Raw)
		}
		if _, err := mm.PlayObserved(i, res, r); err != nil {
			return fmt.Errorf("recording game %d: %w", i+1, err)
		}
		if err := r.Flush(); err != nil {
			return fmt.Errorf("recording game %d: %w", i+1, err)
		}
		if err := writeReport(nil, path, func(w io.Writer) error { _, err := w.Write(buf.Bytes()); return err }); err != nil {
			return err
		}
	}
	return nil
}
