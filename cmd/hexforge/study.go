package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/spf13/cobra"
)

// This file holds the designer's questions built on sim: which tokens carry
// an army (importance) and how a parameter changes the win rate (sweep).

func pctCell(t sim.Tally) string {
	iv := t.Interval()
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*t.Rate(), 100*iv.Lo, 100*iv.Hi)
}

func diffCell(a, b sim.Tally) string {
	d, iv := sim.DiffInterval(a, b)
	return fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*d, 100*iv.Lo, 100*iv.Hi)
}

func newImportance() *cobra.Command {
	o := &simOptions{}
	var vs []string
	var oneCopy bool
	cmd := &cobra.Command{
		Use:   "importance ARMY --vs OPPONENT...",
		Short: "Which tokens carry an army: the win rate without each token type",
		Long: `importance plays ARMY against the opponents, then again with one token type
removed at a time (or one copy fewer with --copy), on the same seeds, and
reports each change in win rate with a 95% interval (Newcombe's hybrid score
interval for a difference of proportions). A large drop means the army leans
on that token.`,
		Example: `  hexforge importance moloch --vs borgo --games 1000
  hexforge importance my-army.army --vs moloch --vs outpost --copy`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(vs) == 0 {
				return fmt.Errorf("give at least one opponent with --vs")
			}
			specs, shard, err := o.check()
			if err != nil {
				return err
			}
			base, err := loadArmy(cmd.ErrOrStderr(), args[0])
			if err != nil {
				return err
			}
			opps, oppNames, err := loadAll(cmd.ErrOrStderr(), vs)
			if err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			play := func(a *rules.Army) (sim.Tally, error) {
				var total sim.Tally
				for _, opp := range opps {
					s, err := runMatch(ctx, o, &sim.Match{A: a, B: opp, Players: specs, Seed: o.seed, Shard: shard, MaxActions: o.maxActions}, bar)
					if err != nil {
						return total, err
					}
					total.Merge(s.Tally)
				}
				return total, nil
			}
			baseT, err := play(base.Army)
			if err != nil {
				return err
			}
			header := []string{"without", "win rate", "change (points)"}
			rows := [][]string{{"(nothing: the army as it is)", pctCell(baseT), ""}}
			for i, t := range base.Army.Tokens {
				if t.Kind == rules.HQ || ctx.Err() != nil {
					continue
				}
				v := removeToken(base.Army, i, oneCopy)
				vt, err := play(v)
				if err != nil {
					return err
				}
				label := t.Name
				if oneCopy && t.Count > 1 {
					label = fmt.Sprintf("one %s (%d left)", t.Name, t.Count-1)
				}
				rows = append(rows, []string{label, pctCell(vt), diffCell(vt, baseT)})
			}
			bar.finish()
			return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				if o.format == "json" {
					return fmt.Errorf("importance prints table, markdown or csv")
				}
				if o.format != "csv" {
					partial := ""
					if ctx.Err() != nil {
						partial = " [PARTIAL: stopped early]"
					}
					fmt.Fprintf(w, "%s vs %s, players %s vs %s, %d games per opponent and variant, seed %d%s\n\n", base.Army.Name, strings.Join(oppNames, ", "), specs[0], specs[1], 2*((o.games+1)/2), o.seed, partial)
				}
				return simTable(w, o.format, header, rows)
			}))
		},
	}
	o.register(cmd, 400)
	cmd.Flags().StringArrayVar(&vs, "vs", nil, "opponent army (repeatable)")
	cmd.Flags().BoolVar(&oneCopy, "copy", false, "remove one copy of each token type instead of all of them")
	return cmd
}

// removeToken returns a copy of a without token type i (or one copy of it).
func removeToken(a *rules.Army, i int, oneCopy bool) *rules.Army {
	v := *a
	v.Tokens = append([]rules.Token(nil), a.Tokens...)
	if oneCopy && v.Tokens[i].Count > 1 {
		v.Tokens[i].Count--
		return &v
	}
	v.Tokens = append(v.Tokens[:i], v.Tokens[i+1:]...)
	for j := range v.Tokens {
		for k := range v.Tokens[j].Triggers {
			tr := &v.Tokens[j].Triggers[k]
			switch {
			case int(tr.FreeIf) == i:
				tr.FreeIf = -1
			case int(tr.FreeIf) > i:
				tr.FreeIf--
			}
		}
	}
	if v.HQ > i {
		v.HQ--
	}
	return &v
}

// parseRange reads "1..3" or "1,2,4" into values.
func parseRange(s string) ([]string, error) {
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil || b < a || b-a > 50 {
			return nil, fmt.Errorf("range %q: want LO..HI with at most 50 steps, e.g. 1..4", s)
		}
		var out []string
		for x := a; x <= b; x++ {
			out = append(out, strconv.Itoa(x))
		}
		return out, nil
	}
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no values in %q", s)
	}
	return out, nil
}

func newSweep() *cobra.Command {
	o := &simOptions{}
	var vs []string
	cmd := &cobra.Command{
		Use:   "sweep 'ARMY/TOKEN.FIELD=RANGE' --vs OPPONENT...",
		Short: "Win rate as one token parameter runs over a range",
		Long: `sweep sets a token field to each value of a range (LO..HI, or a comma list)
and plays the army against the opponents at each value, on the same seeds,
printing the win rate with its interval per value and per opponent. The field
is written as for --set.`,
		Example: `  hexforge sweep 'moloch/Gauss Cannon.initiative=1..3' --vs borgo
  hexforge sweep 'moloch/Hybrid.count=0..4' --vs borgo --vs outpost --games 1000`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(vs) == 0 {
				return fmt.Errorf("give at least one opponent with --vs")
			}
			specs, shard, err := o.check()
			if err != nil {
				return err
			}
			spec := args[0] // the range's ".." is hidden from ParseSet; a path's ".." stays
			if eq := strings.Index(spec, "="); eq >= 0 {
				spec = spec[:eq] + strings.Replace(spec[eq:], "..", "~", 1)
			}
			tmpl, err := armies.ParseSet(spec)
			if err != nil {
				return fmt.Errorf("sweep %q: want ARMY/TOKEN.FIELD=RANGE, ARMY a short name or a path to an .army file, e.g. 'moloch/Hybrid.initiative=1..3'", args[0])
			}
			values, err := parseRange(strings.Replace(tmpl.Value, "~", "..", 1))
			if err != nil {
				return err
			}
			opps, oppNames, err := loadAll(cmd.ErrOrStderr(), vs)
			if err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			header := append([]string{tmpl.Field}, oppNames...)
			header = append(header, "all opponents")
			var rows [][]string
			for _, val := range values {
				set := tmpl
				set.Value, set.Raw = val, fmt.Sprintf("%s/%s.%s=%s", tmpl.Army, tmpl.Token, tmpl.Field, val)
				l, err := armies.LoadVariant(tmpl.Army, append(mustSets(), set))
				if err != nil {
					if l != nil {
						l.Diags.Render(cmd.ErrOrStderr(), l.Sources)
					}
					return exitIfDiag(err)
				}
				row := []string{val}
				var total sim.Tally
				for _, opp := range opps {
					s, err := runMatch(ctx, o, &sim.Match{A: l.Army, B: opp, Players: specs, Seed: o.seed, Shard: shard, MaxActions: o.maxActions}, bar)
					if err != nil {
						return err
					}
					row = append(row, pctCell(s.Tally))
					total.Merge(s.Tally)
				}
				rows = append(rows, append(row, pctCell(total)))
				if ctx.Err() != nil {
					break
				}
			}
			bar.finish()
			return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				if o.format == "json" {
					return fmt.Errorf("sweep prints table, markdown or csv")
				}
				if o.format != "csv" {
					fmt.Fprintf(w, "%s / %s: %s over %s; players %s vs %s; %d games per cell; seed %d\n\n", tmpl.Army, tmpl.Token, tmpl.Field, strings.Join(values, ", "), specs[0], specs[1], 2*((o.games+1)/2), o.seed)
				}
				return simTable(w, o.format, header, rows)
			}))
		},
	}
	o.register(cmd, 400)
	cmd.Flags().StringArrayVar(&vs, "vs", nil, "opponent army (repeatable)")
	return cmd
}

// mustSets is the command's other --set overrides (already validated).
func mustSets() []armies.Set {
	s, _ := parsedSets()
	return s
}

func simTable(w io.Writer, format string, header []string, rows [][]string) error {
	return sim.Table(w, format, header, rows)
}
