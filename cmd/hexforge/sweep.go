package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

func newSweep() *cobra.Command {
	o := &simOptions{html: true}
	var vs []string
	cmd := &cobra.Command{
		Use:   "sweep 'ARMY/TOKEN.FIELD=RANGE' --vs OPPONENT...",
		Short: "Win rate as one token parameter runs over a range",
		Long: `sweep sets a token field to each value of a range (LO..HI, or a comma list)
and plays the army against the opponents at each value, on the same seeds,
printing the win rate with its interval per value and per opponent. The field
is written as for --set.`,
		Example: `  hexforge sweep 'moloch/Gauss Cannon.initiative=1..3' --vs borgo
  hexforge sweep 'moloch/Hybrid.count=0..4' --vs borgo --vs outpost --games 1000
  hexforge sweep 'moloch/Hybrid.count=0..4' --vs borgo --format html --out sweep.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			specs, shard, err := o.checkStudy(cmd, vs)
			if err != nil {
				return err
			}
			tmpl, values, err := parseSweep(args[0])
			if err != nil {
				return err
			}
			opps, oppNames, err := loadAll(cmd.ErrOrStderr(), vs)
			if err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			r := o.run(specs, shard, bar)
			bar.Expect(len(values) * len(opps) * r.JobGames())
			loaded := 0
			load := func(val string) (*rules.Army, error) {
				a, err := sweepArmy(cmd, args[0], tmpl, val)
				if err == nil && loaded == 0 { // the first value, before any game: the swept army is known now
					err = checkStructures(cmd.ErrOrStderr(), o.structures, append([]*rules.Army{a}, opps...)...)
				}
				loaded++
				return a, err
			}
			res, err := study.RunSweep(ctx, r, tmpl.Army, tmpl.Token, tmpl.Field, values, load, opps, oppNames)
			if err != nil {
				return err
			}
			bar.Finish()
			return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				return res.Write(w, o.format, commandLine(cmd, args))
			}))
		},
	}
	o.register(cmd, 400)
	cmd.Flags().MarkHidden("shard") // refused: see checkStudy
	cmd.Flags().StringArrayVar(&vs, "vs", nil, "opponent army (repeatable)")
	return cmd
}

// parseSweep reads sweep's ARMY/TOKEN.FIELD=RANGE: the field as a --set
// names it and the range's values.
func parseSweep(arg string) (armies.Set, []string, error) {
	spec := arg // the range's ".." is hidden from ParseSet; a path's ".." stays
	if eq := strings.Index(spec, "="); eq >= 0 {
		spec = spec[:eq] + strings.Replace(spec[eq:], "..", "~", 1)
	}
	tmpl, err := armies.ParseSet(spec)
	if err != nil {
		return tmpl, nil, fmt.Errorf("sweep %q: want ARMY/TOKEN.FIELD=RANGE, ARMY a short name or a path to an .army file, e.g. 'moloch/Hybrid.initiative=1..3'", arg)
	}
	values, err := study.ParseRange(strings.Replace(tmpl.Value, "~", "..", 1))
	return tmpl, values, err
}

// sweepArmy loads the swept army with the field at one value, besides the
// command's other --set overrides.
func sweepArmy(cmd *cobra.Command, arg string, tmpl armies.Set, val string) (*rules.Army, error) {
	set := tmpl
	set.Value, set.Raw = val, fmt.Sprintf("%s/%s.%s=%s", tmpl.Army, tmpl.Token, tmpl.Field, val)
	sets, _ := parsedSets() // already validated
	l, err := loader.LoadVariant(tmpl.Army, append(sets, set))
	if err != nil {
		if l != nil {
			l.Diags.Render(cmd.ErrOrStderr(), l.Sources)
		}
		if _, ok := err.(diag.List); !ok {
			// The swept value is no --set of the user's: name the
			// argument they wrote.
			err = errors.New(strings.Replace(err.Error(), fmt.Sprintf("--set %q", set.Raw), fmt.Sprintf("sweep %q", arg), 1))
		}
		return nil, exitIfDiag(err)
	}
	return l.Army, nil
}
