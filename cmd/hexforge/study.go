package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
	"github.com/spf13/cobra"
)

// This file holds the designer's questions built on sim: which tokens carry
// an army (importance) and how a parameter changes the win rate (sweep).

func pctCell(t sim.Tally) string {
	iv := t.Interval()
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*t.Rate(), 100*iv.Lo, 100*iv.Hi)
}

// pairedAgainst plays an army against each opponent in turn (run plays one
// match, keeping its pair scores) and returns the tally of all the games
// and every pair's score in order: what a paired comparison of two
// variants on the same seeds needs.
func pairedAgainst(opps []*rules.Army, run func(opp *rules.Army) (*sim.Summary, error)) (sim.Tally, []int8, error) {
	var total sim.Tally
	var points []int8
	for _, opp := range opps {
		s, err := run(opp)
		if err != nil {
			return total, nil, err
		}
		total.Merge(s.Tally)
		points = append(points, s.PairPoints()...)
	}
	return total, points, nil
}

// importanceRow is one variant of an importance report.
type importanceRow struct {
	Without     string     `json:"without"`
	Token       string     `json:"token"`          // the token type removed, or one copy of it
	Removed     int        `json:"copies_removed"` // how many of its copies
	Left        int        `json:"copies_left"`
	WinRate     float64    `json:"win_rate"`
	Interval    [2]float64 `json:"interval"`
	Change      float64    `json:"change"`    // variant minus the army, paired over the same seeds
	ChangeCI    [2]float64 `json:"change_ci"` // its 95% interval
	P           float64    `json:"p"`         // two-sided p-value of no change
	PHolm       float64    `json:"p_holm"`    // Holm-corrected over the variants
	Significant bool       `json:"significant"`
}

func newImportance() *cobra.Command {
	o := &simOptions{html: true}
	var vs []string
	var oneCopy bool
	cmd := &cobra.Command{
		Use:   "importance ARMY --vs OPPONENT...",
		Short: "Which tokens carry an army: the win rate without each token type",
		Long: `importance plays ARMY against the opponents, then again with one token type
removed at a time (or one copy fewer with --copy), on the same seeds, and
reports each change in win rate with a paired 95% interval (each variant
plays the same seeds and draws as the army, so the change is measured pair
by pair) and whether it is significant after Holm's correction for the
number of variants. A large significant drop means the army leans on that
token.`,
		Example: `  hexforge importance moloch --vs borgo --games 1000
  hexforge importance my-army.army --vs moloch --vs outpost --copy
  hexforge importance moloch --vs borgo --format html --out importance.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(vs) == 0 {
				return fmt.Errorf("give at least one opponent with --vs")
			}
			specs, shard, err := o.check()
			if err != nil {
				return err
			}
			if shard.N > 1 {
				// A report of paired changes needs every pair of the army and
				// of each variant; shards of it could not be merged.
				return fmt.Errorf("--shard splits a sim run for merge; %s compares variants pair by pair and runs whole (shard sim runs of each variant instead)", cmd.Name())
			}
			base, err := loadArmy(cmd.ErrOrStderr(), args[0])
			if err != nil {
				return err
			}
			opps, oppNames, err := loadAll(cmd.ErrOrStderr(), vs)
			if err != nil {
				return err
			}
			if err := checkStructures(cmd.ErrOrStderr(), o.structures, append([]*rules.Army{base.Army}, opps...)...); err != nil {
				return err
			}
			if err := checkSetsUsed(); err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			variants := 1 // the army as it is
			for _, t := range base.Army.Tokens {
				if t.Kind != rules.HQ {
					variants++
				}
			}
			bar.expect(variants * len(opps) * o.jobGames())
			// Every variant plays the same seeds against the same opponents
			// in the same order as the army itself, so pair k of a variant
			// and pair k of the army share their draws: the change is
			// measured pair by pair.
			play := func(a *rules.Army) (sim.Tally, []int8, error) {
				return pairedAgainst(opps, func(opp *rules.Army) (*sim.Summary, error) {
					return runMatch(ctx, o, &sim.Match{A: a, B: opp, Players: specs, Seed: o.seed, Shard: shard, MaxActions: o.maxActions, KeepPoints: true}, bar)
				})
			}
			baseT, basePts, err := play(base.Army)
			if err != nil {
				return err
			}
			var out []importanceRow
			for i, t := range base.Army.Tokens {
				if t.Kind == rules.HQ || ctx.Err() != nil {
					continue
				}
				v := removeToken(base.Army, i, oneCopy)
				vt, pts, err := play(v)
				if err != nil {
					return err
				}
				label := t.Name
				if oneCopy && t.Count > 1 {
					label = fmt.Sprintf("one %s (%d left)", t.Name, t.Count-1)
				}
				d := sim.PairedDiff(pts, basePts)
				lo, hi := d.Interval(stats.Z95)
				iv := vt.Interval()
				removed := t.Count
				if oneCopy && t.Count > 1 {
					removed = 1
				}
				out = append(out, importanceRow{Without: label, Token: t.Name, Removed: removed, Left: t.Count - removed, WinRate: vt.Rate(), Interval: [2]float64{iv.Lo, iv.Hi},
					Change: d.Mean(), ChangeCI: [2]float64{lo, hi}, P: d.PValue()})
			}
			// Many variants are compared at once: Holm's correction keeps
			// the chance of calling any no-change significant at 5%.
			ps := make([]float64, len(out))
			for i := range out {
				ps[i] = out[i].P
			}
			for i, adj := range stats.Holm(ps) {
				out[i].PHolm, out[i].Significant = adj, adj <= 0.05
			}
			bar.finish()
			return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				partial := ctx.Err() != nil
				title := fmt.Sprintf("%s vs %s, players %s vs %s, %d games per opponent and variant, seed %d%s", base.Army.Name, strings.Join(oppNames, ", "), specs[0], specs[1], 2*((o.games+1)/2), o.seed, o.leaderWords())
				if o.format == report.HTML {
					return importanceHTML(w, importancePage{army: base.Army.Name, opponents: oppNames, players: [2]string{specs[0].String(), specs[1].String()},
						seed: o.seed, games: 2 * ((o.games + 1) / 2), partial: partial, base: baseT, rows: out, command: commandLine(cmd, args)})
				}
				if o.format == report.JSON {
					biv := baseT.Interval()
					enc := json.NewEncoder(w)
					enc.SetIndent("", "  ")
					return enc.Encode(map[string]any{"army": base.Army.Name, "opponents": oppNames, "players": [2]string{specs[0].String(), specs[1].String()},
						"seed": o.seed, "games": 2 * ((o.games + 1) / 2), "partial": partial, "win_rate": baseT.Rate(), "interval": [2]float64{biv.Lo, biv.Hi}, "variants": out})
				}
				if o.format == report.CSV {
					return importanceCSV(w, base.Army.Name, oppNames, specs, o.seed, 2*((o.games+1)/2), partial, baseT, out)
				}
				if partial {
					title += " [PARTIAL: stopped early]"
				}
				fmt.Fprintf(w, "%s\nchange: paired over the same seeds, 95%% interval; significant: Holm-corrected p <= 0.05 over the %d variants\n\n", title, len(out))
				header := []string{"without", "win rate", "change (points)", "significant"}
				rows := [][]string{{"(nothing: the army as it is)", pctCell(baseT), "", ""}}
				for _, r := range out {
					sig := "no"
					if r.Significant {
						sig = "yes"
					}
					rows = append(rows, []string{r.Without, fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*r.WinRate, 100*r.Interval[0], 100*r.Interval[1]),
						fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*r.Change, 100*r.ChangeCI[0], 100*r.ChangeCI[1]), sig})
				}
				return report.WriteTable(w, o.format, header, rows)
			}))
		},
	}
	o.register(cmd, 400)
	cmd.Flags().MarkHidden("shard") // refused: see RunE
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

// sweepCell is one opponent's win rate at one value of a sweep.
type sweepCell struct {
	Opponent string     `json:"opponent"`
	WinRate  float64    `json:"win_rate"`
	Interval [2]float64 `json:"interval"`
}

// sweepRow is one value of a sweep.
type sweepRow struct {
	Value       string      `json:"value"`
	Cells       []sweepCell `json:"cells"`
	WinRate     float64     `json:"win_rate"` // against all opponents
	Interval    [2]float64  `json:"interval"`
	Change      float64     `json:"change"` // against the first value, paired over the same seeds
	ChangeCI    [2]float64  `json:"change_ci"`
	P           float64     `json:"p"`
	PHolm       float64     `json:"p_holm"`
	Significant bool        `json:"significant"`
}

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
			if len(vs) == 0 {
				return fmt.Errorf("give at least one opponent with --vs")
			}
			specs, shard, err := o.check()
			if err != nil {
				return err
			}
			if shard.N > 1 {
				// A report of paired changes needs every pair of the army and
				// of each variant; shards of it could not be merged.
				return fmt.Errorf("--shard splits a sim run for merge; %s compares variants pair by pair and runs whole (shard sim runs of each variant instead)", cmd.Name())
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
			bar.expect(len(values) * len(opps) * o.jobGames())
			var out []sweepRow
			// The army as every report names it (Moloch, not the moloch or
			// path it was given by), like its opponents.
			armyName := tmpl.Army
			var first []int8 // the first value's pair scores, what the others are compared with
			for _, val := range values {
				set := tmpl
				set.Value, set.Raw = val, fmt.Sprintf("%s/%s.%s=%s", tmpl.Army, tmpl.Token, tmpl.Field, val)
				l, err := loader.LoadVariant(tmpl.Army, append(mustSets(), set))
				if err != nil {
					if l != nil {
						l.Diags.Render(cmd.ErrOrStderr(), l.Sources)
					}
					if _, ok := err.(diag.List); !ok {
						// The swept value is no --set of the user's: name
						// the argument they wrote.
						err = errors.New(strings.Replace(err.Error(), fmt.Sprintf("--set %q", set.Raw), fmt.Sprintf("sweep %q", args[0]), 1))
					}
					return exitIfDiag(err)
				}
				armyName = strings.TrimSuffix(l.Army.Name, " (variant)") // each value is a variant of this army
				// The first value, before any game: the swept army is known now.
				if first == nil {
					if err := checkStructures(cmd.ErrOrStderr(), o.structures, append([]*rules.Army{l.Army}, opps...)...); err != nil {
						return err
					}
				}
				row := sweepRow{Value: val}
				var total sim.Tally
				var pts []int8
				for i, opp := range opps {
					s, err := runMatch(ctx, o, &sim.Match{A: l.Army, B: opp, Players: specs, Seed: o.seed, Shard: shard, MaxActions: o.maxActions, KeepPoints: true}, bar)
					if err != nil {
						return err
					}
					iv := s.Tally.Interval()
					row.Cells = append(row.Cells, sweepCell{oppNames[i], s.Tally.Rate(), [2]float64{iv.Lo, iv.Hi}})
					total.Merge(s.Tally)
					pts = append(pts, s.PairPoints()...)
				}
				iv := total.Interval()
				row.WinRate, row.Interval = total.Rate(), [2]float64{iv.Lo, iv.Hi}
				if first == nil {
					first = pts
				} else {
					d := sim.PairedDiff(pts, first)
					lo, hi := d.Interval(stats.Z95)
					row.Change, row.ChangeCI, row.P = d.Mean(), [2]float64{lo, hi}, d.PValue()
				}
				out = append(out, row)
				if ctx.Err() != nil {
					break
				}
			}
			if len(out) > 1 {
				ps := make([]float64, len(out)-1)
				for i := range ps {
					ps[i] = out[i+1].P
				}
				for i, adj := range stats.Holm(ps) {
					out[i+1].PHolm, out[i+1].Significant = adj, adj <= 0.05
				}
			}
			bar.finish()
			return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				if o.format == report.HTML {
					return sweepHTML(w, sweepPage{army: armyName, token: tmpl.Token, field: tmpl.Field, opponents: oppNames,
						players: [2]string{specs[0].String(), specs[1].String()}, seed: o.seed, games: 2 * ((o.games + 1) / 2),
						partial: ctx.Err() != nil, rows: out, command: commandLine(cmd, args)})
				}
				if o.format == report.JSON {
					enc := json.NewEncoder(w)
					enc.SetIndent("", "  ")
					return enc.Encode(map[string]any{"army": armyName, "token": tmpl.Token, "field": tmpl.Field, "opponents": oppNames,
						"players": [2]string{specs[0].String(), specs[1].String()}, "seed": o.seed, "games": 2 * ((o.games + 1) / 2),
						"partial": ctx.Err() != nil, "rows": out})
				}
				if o.format == report.CSV {
					return sweepCSV(w, armyName, tmpl, specs, o.seed, 2*((o.games+1)/2), ctx.Err() != nil, out)
				}
				fmt.Fprintf(w, "%s / %s: %s over %s; players %s vs %s; %d games per cell; seed %d%s\n", armyName, tmpl.Token, tmpl.Field, strings.Join(values, ", "), specs[0], specs[1], 2*((o.games+1)/2), o.seed, o.leaderWords())
				fmt.Fprintf(w, "change: against %s = %s, paired over the same seeds, 95%% interval; significant: Holm-corrected p <= 0.05\n\n", tmpl.Field, values[0])
				header := append([]string{tmpl.Field}, oppNames...)
				header = append(header, "all opponents", "change (points)", "significant")
				var rows [][]string
				for i, r := range out {
					row := []string{r.Value}
					for _, c := range r.Cells {
						row = append(row, fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*c.WinRate, 100*c.Interval[0], 100*c.Interval[1]))
					}
					row = append(row, fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*r.WinRate, 100*r.Interval[0], 100*r.Interval[1]))
					if i == 0 {
						row = append(row, "(compared with)", "")
					} else {
						sig := "no"
						if r.Significant {
							sig = "yes"
						}
						row = append(row, fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*r.Change, 100*r.ChangeCI[0], 100*r.ChangeCI[1]), sig)
					}
					rows = append(rows, row)
				}
				return report.WriteTable(w, o.format, header, rows)
			}))
		},
	}
	o.register(cmd, 400)
	cmd.Flags().MarkHidden("shard") // refused: see RunE
	cmd.Flags().StringArrayVar(&vs, "vs", nil, "opponent army (repeatable)")
	return cmd
}

// mustSets is the command's other --set overrides (already validated).
func mustSets() []armies.Set {
	s, _ := parsedSets()
	return s
}

// num is a number in a CSV cell: plain decimals rounded to six places
// (rates as fractions, never "52.3%").
func num(x float64) string {
	r := math.Round(x*1e6) / 1e6
	if r == 0 {
		r = 0 // not "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

func writeCSV(w io.Writer, header []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	cw.Write(header)
	cw.WriteAll(rows) // flushes
	return cw.Error()
}

// importanceCSV writes importance as one tidy table: a row per variant,
// the army as it is in base_* columns on every row, so that each row reads
// alone and every number is a number.
func importanceCSV(w io.Writer, army string, opps []string, specs [2]player.Spec, seed uint64, games int, partial bool, base sim.Tally, rows []importanceRow) error {
	header := []string{"army", "opponents", "player_a", "player_b", "seed", "games", "token", "copies_removed", "copies_left",
		"win_rate", "lo", "hi", "base_win_rate", "base_lo", "base_hi", "change", "change_lo", "change_hi", "p_value", "p_holm", "significant", "partial"}
	biv := base.Interval()
	var out [][]string
	for _, r := range rows {
		out = append(out, []string{army, strings.Join(opps, ";"), specs[0].String(), specs[1].String(), strconv.FormatUint(seed, 10), strconv.Itoa(games),
			r.Token, strconv.Itoa(r.Removed), strconv.Itoa(r.Left), num(r.WinRate), num(r.Interval[0]), num(r.Interval[1]),
			num(base.Rate()), num(biv.Lo), num(biv.Hi), num(r.Change), num(r.ChangeCI[0]), num(r.ChangeCI[1]),
			num(r.P), num(r.PHolm), strconv.FormatBool(r.Significant), strconv.FormatBool(partial)})
	}
	return writeCSV(w, header, out)
}

// sweepCSV writes a sweep as one tidy table: a row per value and opponent,
// the value's figures against all opponents (and its change against the
// first value, 0 for the first itself) repeated on each of its rows.
func sweepCSV(w io.Writer, army string, set armies.Set, specs [2]player.Spec, seed uint64, games int, partial bool, rows []sweepRow) error {
	header := []string{"army", "token", "field", "value", "opponent", "player_a", "player_b", "seed", "games", "win_rate", "lo", "hi",
		"all_win_rate", "all_lo", "all_hi", "change", "change_lo", "change_hi", "p_value", "p_holm", "significant", "partial"}
	var out [][]string
	for i, r := range rows {
		change, p := []string{num(r.Change), num(r.ChangeCI[0]), num(r.ChangeCI[1])}, []string{num(r.P), num(r.PHolm)}
		if i == 0 { // the value the others are compared with: no change
			change, p = []string{"0", "0", "0"}, []string{"1", "1"}
		}
		for _, c := range r.Cells {
			row := []string{army, set.Token, set.Field, r.Value, c.Opponent, specs[0].String(), specs[1].String(), strconv.FormatUint(seed, 10), strconv.Itoa(games),
				num(c.WinRate), num(c.Interval[0]), num(c.Interval[1]), num(r.WinRate), num(r.Interval[0]), num(r.Interval[1])}
			row = append(row, change...)
			row = append(row, p...)
			out = append(out, append(row, strconv.FormatBool(r.Significant), strconv.FormatBool(partial)))
		}
	}
	return writeCSV(w, header, out)
}
