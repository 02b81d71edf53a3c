package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

func newChoices() *cobra.Command {
	o := &simOptions{textJSON: true}
	var vs []string
	var ask string
	cmd := &cobra.Command{
		Use:   "choices ARMY --vs OPPONENT... [--players P] [--ask Q]",
		Short: "A second opinion on how an army is played: which actions a stronger player takes more or less often",
		Long: `choices plays ARMY against each opponent with --players on both seats (the
games sim plays, the same seeds and draws) and, at each of ARMY's decisions
with more than one legal action, asks the --ask player what it would do in
the same position. The asked player sees what a player sees, on a copy: the
game goes on with the first player's action.

It reports how often the asked player picks the same action, and for each
action in words ("place Judge", "discard Battle", "HQ: net", "Judge: move",
"end the turn") how often each player takes it when it is legal, with the
difference and its 95% interval over seat-swapped pairs (the pair is the
unit of sampling), starred when significant after Holm's correction over
the actions. Agreeing on the very action is not the point: a player asked
of itself differs where actions score alike; read the rows. When a verdict moves between two players (agree, ladder), this
says how the stronger plays the army differently: an ability the default
player underuses, a token it throws away. Results do not depend on
--workers.`,
		Example: `  hexforge choices steelpolice --vs vegas --vs borgo --games 20
  hexforge choices my.army --vs all --games 10 --ask deep --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.checkStudy(cmd, vs); err != nil {
				return err
			}
			if o.Players[0] != o.Players[1] {
				return fmt.Errorf("--players %s: choices plays one player on both seats; give one", o.players)
			}
			if o.UntilCI > 0 {
				return fmt.Errorf("--until-ci: choices plays --games games a matchup")
			}
			asked, err := player.Parse(ask)
			if err != nil {
				return fmt.Errorf("--ask: %w", err)
			}
			refs := vs
			all := slices.ContainsFunc(vs, func(v string) bool { return strings.EqualFold(v, "all") })
			if all {
				if len(vs) > 1 {
					return fmt.Errorf("--vs all is every embedded army but ARMY: give it alone")
				}
				refs = armies.Names()
			}
			base, err := loadArmy(cmd.ErrOrStderr(), args[0])
			if err != nil {
				return err
			}
			opps, oppNames, err := loadRun(cmd, o.Structures, refs, base.Army)
			if err != nil {
				return err
			}
			for i := len(opps) - 1; all && i >= 0; i-- {
				if opps[i].Name == base.Army.Name { // every army but ARMY
					opps, oppNames = slices.Delete(opps, i, i+1), slices.Delete(oppNames, i, i+1)
				}
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			o.Progress = bar.Update
			fmt.Fprintf(cmd.ErrOrStderr(), "plays %d games (%d a matchup) with %s, asking %s at each of %s's decisions\n",
				len(opps)*o.PlayedGames(), o.PlayedGames(), o.Players[0], asked, base.Army.Name)
			res, err := study.RunChoices(ctx, &o.Run, base.Army, opps, oppNames, asked)
			if err != nil {
				return err
			}
			bar.Finish()
			return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				return res.Write(w, o.format)
			}))
		},
	}
	o.register(cmd, 20)
	cmd.Flags().MarkHidden("shard")    // refused: see checkStudy
	cmd.Flags().MarkHidden("until-ci") // refused: a fixed number of games
	cmd.Flags().StringArrayVar(&vs, "vs", nil, "opponent army (repeatable), or all: every embedded army but ARMY")
	cmd.Flags().StringVar(&ask, "ask", player.Strong, "the player asked at each decision: "+player.Usage)
	return cmd
}
