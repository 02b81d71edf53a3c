package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

// maxGames is the documented maximum of --games per matchup (and of what
// --until-ci may reach). Game records are folded into the summary as they
// finish, but the summary lists each pair played (for merging shards), 8
// bytes a pair, so this keeps a run well under 200 MB (docs/scaling.md).
const maxGames = sim.MaxGames

// maxWorkers caps --workers. Games are CPU-bound, so more workers than
// cores only add memory (each holds a game and its player's search) and
// scheduling; 256 is more cores than any one machine here has, and a typo
// like --workers 100000 is caught instead of starting 100000 goroutines.
const maxWorkers = 256

// checkWorkers validates --workers for every command that has it.
func checkWorkers(n int) error {
	if n < 0 || n > maxWorkers {
		return fmt.Errorf("--workers %d: want 0 (one per core) to %d: more workers than cores only slow a run down", n, maxWorkers)
	}
	return nil
}

// simOptions are the flags shared by sim, importance and sweep.
type simOptions struct {
	games      int
	players    string
	seed       uint64
	workers    int
	format     string
	out        string
	untilCI    float64
	shard      string
	maxActions int
	all        bool
	sprt       string
	band       string
	alpha      float64
	beta       float64
	seq        *sim.Sequential // from --sprt or --fair-band (check)
	start      string
	startRule  engine.StartRule
	reinforce  bool
	structures bool             // --structures: the Structures variant
	board      string           // --board: standard, large, duel or a board file
	boardB     *engine.Board    // the board it names (check)
	leaders    string           // --leaders: one leader for every army, or A,B
	leaderL    [2]*rules.Leader // the leaders it names (check)
	leaderTwo  bool             // --leaders named two (one per army of a two-army match)
	html       bool             // the command writes --format html (set before register)
	losses     *lossTracker     // sim --record-losses: the worst losses, as games finish
}

func (o *simOptions) register(cmd *cobra.Command, defGames int) {
	f := cmd.Flags()
	f.IntVar(&o.games, "games", defGames, "games per matchup (played in seat-swapped pairs, so rounded up to even)")
	f.StringVar(&o.players, "players", sim.DefaultPlayer, "computer players: random, greedy, search[:playouts], plan[:worlds], race[:worlds] or mcts[:iterations]; one for both sides or A,B")
	f.Uint64Var(&o.seed, "seed", 1, "seed of every random choice; the same seed gives the same games")
	f.IntVar(&o.workers, "workers", 0, "parallel workers (0 = one per core); results do not depend on it")
	formats := "output format: table, markdown, csv (one tidy table) or json"
	if o.html {
		formats = "output format: table, markdown, csv (one tidy table), html (one self-contained page with plots) or json"
	}
	f.StringVar(&o.format, "format", "table", formats)
	f.StringVar(&o.out, "out", "", "write the report to FILE (atomically) instead of standard output")
	f.Float64Var(&o.untilCI, "until-ci", 0, "keep playing until every 95% interval's half-width is below this (e.g. 0.02); shards of a run play fixed parts and merge judges it (docs/scaling.md)")
	f.StringVar(&o.shard, "shard", "", "play only shard i of n (i/n, from 0): shards together give exactly the games of one run")
	f.IntVar(&o.maxActions, "max-actions", sim.DefaultMaxActions, "cap on actions per game; capped games are reported apart")
	f.BoolVar(&o.reinforce, "reinforcements", false, "the Reinforcements variant: from the third turn draw up to six, discard one, use two at most, keep three")
	f.BoolVar(&o.structures, "structures", false, "the Structures variant: once a game, right after drawing, a player may discard three tokens to place their army's Structure (a structure block) on two adjacent empty hexes; without it structure blocks are not played")
	f.StringVar(&o.start, "start", "standard", "how the first turns draw: standard, or alternative (the first player draws three, discards one, plays at most one)")
	f.StringVar(&o.board, "board", "standard", "the board: standard, large, duel (Terminals, Energy and Procedures) or a board FILE (docs/dsl.md)")
	f.StringVar(&o.leaders, "leaders", "", "the Leaders variant: a leader card for every army, or A,B one for each army (an embedded leader's name, see hexforge leaders, or an .army FILE with leader statements; none for no leader)")
	addSetFlag(cmd)
}

// registerSequential adds the sequential-test flags (sim's two-army match).
func (o *simOptions) registerSequential(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&o.sprt, "sprt", "", "sequential test of H0 \"A's win rate is P0\" against H1 \"it is P1\" (e.g. 0.50,0.55: does A beat B by 5 points?); with P0 < 0.5 < P1 it is the fair-band test of [P0, P1]; stops when decided, --games is the most it plays")
	f.StringVar(&o.band, "fair-band", "", "sequential test of whether A's win rate lies in a band, in percent (e.g. 45-55); stops when decided, --games is the most it plays")
	f.Float64Var(&o.alpha, "alpha", 0.05, "sequential test: chance of accepting H1 (or calling a fair army unfair) when H0 holds")
	f.Float64Var(&o.beta, "beta", 0.05, "sequential test: chance of accepting H0 when H1 holds")
}

// checkSequential reads --sprt / --fair-band into o.seq.
func (o *simOptions) checkSequential(cmd *cobra.Command) error {
	if o.sprt == "" && o.band == "" {
		return nil
	}
	if o.sprt != "" && o.band != "" {
		return fmt.Errorf("--sprt and --fair-band are two tests: give one")
	}
	if o.untilCI > 0 {
		return fmt.Errorf("--until-ci and a sequential test both decide when to stop: give one")
	}
	if o.alpha <= 0 || o.alpha >= 0.5 || o.beta <= 0 || o.beta >= 0.5 {
		return fmt.Errorf("--alpha %v --beta %v: want error rates between 0 and 0.5, e.g. 0.05", o.alpha, o.beta)
	}
	q := &sim.Sequential{Alpha: o.alpha, Beta: o.beta, Verdict: sim.VerdictUndecided}
	if o.sprt != "" {
		a, b, ok := strings.Cut(o.sprt, ",")
		p0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
		p1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
		if !ok || err0 != nil || err1 != nil || p0 <= 0 || p1 >= 1 || p0 >= p1 || p1 <= 0 || p0 >= 1 {
			return fmt.Errorf("--sprt %q: want P0,P1 with 0 < P0 < P1 < 1, e.g. 0.45,0.55", o.sprt)
		}
		q.Kind, q.P0, q.P1 = "sprt", p0, p1
		if p0 < 0.5 && p1 > 0.5 {
			// H0 below even and H1 above it is the balance question "is A
			// fair?", which an SPRT between the two edges cannot answer
			// (a fair army sits between them): it is the band test.
			q.Kind, q.Lo, q.Hi, q.P0, q.P1 = "fair-band", p0, p1, 0, 0
		}
	} else {
		a, b, ok := strings.Cut(o.band, "-")
		lo, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
		hi, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
		if !ok || err0 != nil || err1 != nil || lo <= 0 || hi >= 100 || lo >= hi {
			return fmt.Errorf("--fair-band %q: want LO-HI in percent with 0 < LO < HI < 100, e.g. 45-55", o.band)
		}
		q.Kind, q.Lo, q.Hi = "fair-band", lo/100, hi/100
	}
	if !cmd.Flags().Changed("games") {
		o.games = 100_000 // the test decides; this is only its upper bound
	}
	o.seq = q
	return nil
}

func (o *simOptions) check() ([2]sim.PlayerSpec, sim.Shard, error) {
	var specs [2]sim.PlayerSpec
	var shard sim.Shard
	if err := sim.CheckFormat(o.format); err != nil {
		return specs, shard, err
	}
	if o.format == "html" && !o.html {
		// Refused before any game: a study would otherwise play for minutes
		// and then have no page to write.
		return specs, shard, fmt.Errorf("unknown format %q: use table, markdown, csv or json", o.format)
	}
	if o.games < 1 || o.games > maxGames {
		return specs, shard, fmt.Errorf("--games %d: want 1 to %d", o.games, maxGames)
	}
	if o.untilCI < 0 || o.untilCI >= 0.5 {
		return specs, shard, fmt.Errorf("--until-ci %v: want a half-width between 0 and 0.5, e.g. 0.02", o.untilCI)
	}
	if err := checkWorkers(o.workers); err != nil {
		return specs, shard, err
	}
	if o.maxActions < 10 {
		return specs, shard, fmt.Errorf("--max-actions %d: want at least 10", o.maxActions)
	}
	rule, err := engine.ParseStart(o.start)
	if err != nil {
		return specs, shard, fmt.Errorf("--start: %w", err)
	}
	o.startRule = rule
	if o.boardB, err = engine.LoadBoard(o.board, ""); err != nil {
		return specs, shard, fmt.Errorf("--board: %w", err)
	}
	if o.leaderL, o.leaderTwo, err = parseLeaders(o.leaders); err != nil {
		return specs, shard, err
	}
	if o.out != "" {
		if err := checkOutDir(o.out); err != nil {
			return specs, shard, fmt.Errorf("--out: %w", err)
		}
	}
	specs, err = parsePlayers(o.players)
	if err != nil {
		return specs, shard, err
	}
	if o.shard != "" {
		i, n, ok := strings.Cut(o.shard, "/")
		si, err1 := strconv.Atoi(i)
		sn, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || sn < 1 || si < 0 || si >= sn {
			return specs, shard, fmt.Errorf("--shard %q: want i/n with 0 <= i < n, e.g. 0/8", o.shard)
		}
		shard = sim.Shard{I: si, N: sn}
	}
	return specs, shard, nil
}

// parsePlayers reads --players: one player for both sides, or A,B.
func parsePlayers(s string) ([2]sim.PlayerSpec, error) {
	var specs [2]sim.PlayerSpec
	parts := strings.Split(s, ",")
	if len(parts) > 2 {
		return specs, fmt.Errorf("--players %q: give one player for both sides or two separated by a comma", s)
	}
	for i := range specs {
		p, err := sim.ParsePlayer(parts[min(i, len(parts)-1)])
		if err != nil {
			return specs, err
		}
		specs[i] = p
	}
	return specs, nil
}

// progressBar draws "done/total, rate, ETA" on a terminal's stderr, and
// nothing when stderr is not a terminal. It is one line redrawn with \r,
// written from the runner's callback: a progress library (vbauerster/mpb)
// would bring its own render goroutine and a dependency for what is here a
// few lines, tested (TestProgress*), so the bar stays hand-written.
type progressBar struct {
	w     io.Writer
	on    bool
	start time.Time
	mu    sync.Mutex
	last  time.Time
	base  int // games of the job's earlier parts (matches, variants, batches)
	job   int // games the whole job plays, when known (expect), for one count and one ETA
	width int // the terminal's columns (0: unknown)
	shown int // the widest line drawn, for finish to clear
}

// expect tells the bar how many games the whole job plays, so that it shows
// one count and one ETA across every match, variant and batch instead of
// starting again at each.
func (p *progressBar) expect(games int) { p.job = games }

// underneath is the writer beneath w's wrappers. Standard error comes
// wrapped (diag.Printable escapes control characters, the \r the bar
// redraws with among them): the bar draws on the file underneath and
// escapes its labels itself.
func underneath(w io.Writer) io.Writer {
	for {
		u, ok := w.(interface{ Unwrap() io.Writer })
		if !ok {
			return w
		}
		w = u.Unwrap()
	}
}

func newProgress(w io.Writer) *progressBar {
	w = underneath(w)
	p := &progressBar{w: w, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.on, p.width = true, terminalWidth(f)
		}
	}
	return p
}

func (p *progressBar) update(label string) sim.Progress {
	return func(done, total int) {
		if !p.on {
			return
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		if time.Since(p.last) < 100*time.Millisecond && done < total {
			return
		}
		p.last = time.Now()
		el := time.Since(p.start).Seconds()
		shown, all := done, total
		if p.job > 0 { // the job as a whole: where it stands, what is left of all of it
			shown, all = p.base+done, max(p.job, p.base+total)
		}
		rate := float64(p.base+done) / max(el, 1e-9)
		eta := time.Duration(float64(all-shown) / max(rate, 1e-9) * float64(time.Second)) // not truncated to whole seconds first
		var esc strings.Builder                                                           // a label names armies from strangers' files
		diag.Printable(&esc).Write([]byte(label))
		label = esc.String()
		rest := fmt.Sprintf(" %7d/%-7d %7.0f games/s  ETA %-8s", shown, all, rate, eta.Round(time.Second))
		// The bar is redrawn over itself with \r, which only works on one
		// line: a long label ("Iron Wolves (variant) vs Steel Police") is
		// cut to leave the figures room on the terminal.
		pad := 28
		if p.width > 0 {
			room := max(p.width-1-utf8.RuneCountInString(rest), 8)
			if r := []rune(label); len(r) > room {
				label = string(r[:room-1]) + "…"
			}
			pad = min(pad, room)
		}
		line := fmt.Sprintf("%-*s%s", pad, label, rest)
		p.shown = max(p.shown, utf8.RuneCountInString(line))
		fmt.Fprint(p.w, "\r"+line)
		if done == total {
			p.base += done
		}
	}
}

func (p *progressBar) finish() {
	if p.on {
		fmt.Fprintf(p.w, "\r%*s\r", p.shown, "") // as wide as the widest line drawn
	}
}

// jobGames is how many games one matchup plays in this run (a shard's part).
func (o *simOptions) jobGames() int {
	g := 2 * ((o.games + 1) / 2)
	if _, n, ok := strings.Cut(o.shard, "/"); ok {
		if k, err := strconv.Atoi(n); err == nil && k > 1 {
			g /= k
		}
	}
	return g
}

// runMatch plays a match, and with --until-ci keeps adding batches (each
// continuing the same series of seeds) until the interval is narrow enough.
func runMatch(ctx context.Context, o *simOptions, m *sim.Match, bar *progressBar) (*sim.Summary, error) {
	pairs := (o.games + 1) / 2
	m.Pairs, m.FirstPair, m.Start, m.Reinforce, m.Leaders = pairs, 0, o.startRule, o.reinforce, o.leaderL
	m.Structures = o.structures
	if o.boardB != nil && o.boardB != engine.Standard {
		m.Board = o.boardB
	}
	if o.seq != nil {
		return runSequential(ctx, o, m, bar)
	}
	var total *sim.Summary
	for {
		s, err := runSummary(ctx, o, m, bar.update(m.A.Name+" vs "+m.B.Name))
		if err != nil {
			return nil, err
		}
		partial := s.Partial
		if total == nil {
			total = s
		} else if err := total.Merge(s); err != nil {
			return nil, err
		}
		total.Pairs = m.FirstPair + m.Pairs
		if m.Shard.N > 1 && o.untilCI > 0 {
			// A shard never stops on its own games: merge judges the
			// target on all of them (sim.UntilCICheck).
			r := *total.Run
			r.UntilCI = o.untilCI
			total.Run = &r
			return total, nil
		}
		if partial || ctx.Err() != nil || o.untilCI == 0 || total.Tally.Interval().HalfWidth() < o.untilCI || total.Pairs >= maxGames/2 {
			return total, nil
		}
		m.FirstPair += m.Pairs
	}
}

// runSummary plays m as Match.RunSummary does, also showing each game to
// --record-losses' tracker.
func runSummary(ctx context.Context, o *simOptions, m *sim.Match, progress sim.Progress) (*sim.Summary, error) {
	if o.losses == nil {
		return m.RunSummary(ctx, o.workers, progress)
	}
	s := sim.Summarize(m, nil, false)
	partial, err := m.Stream(ctx, o.workers, progress, func(recs []sim.GameRecord) {
		s.Fold(recs)
		o.losses.add(recs)
	})
	if err != nil {
		return nil, err
	}
	s.Partial = partial
	return s, nil
}

// seqBatch is how many pairs a sequential test plays between two looks:
// fixed, so that where it stops does not depend on --workers.
const seqBatch = 50

// runSequential plays a match batch by batch until its sequential test
// decides or --games is reached. With --shard it cannot stop early (the
// other shards would not know): it plays every game and marks the test
// fixed-length.
func runSequential(ctx context.Context, o *simOptions, m *sim.Match, bar *progressBar) (*sim.Summary, error) {
	max := m.Pairs
	if m.Shard.N > 1 {
		s, err := runSummary(ctx, o, m, bar.update(m.A.Name+" vs "+m.B.Name))
		if err != nil {
			return nil, err
		}
		q := *o.seq
		q.FixedLength = true
		q.Update(s.Tally.Pairs)
		s.Seq = &q
		return s, nil
	}
	var total *sim.Summary
	for first := 0; first < max; first += seqBatch {
		m.FirstPair, m.Pairs = first, min(seqBatch, max-first)
		s, err := runSummary(ctx, o, m, bar.update(m.A.Name+" vs "+m.B.Name))
		if err != nil {
			return nil, err
		}
		if total == nil {
			total = s
			q := *o.seq
			total.Seq = &q
		} else {
			seq := total.Seq
			total.Seq = nil // Merge would mark it fixed-length: this run looks after each batch
			if err := total.Merge(s); err != nil {
				return nil, err
			}
			total.Seq = seq
		}
		total.Pairs = first + m.Pairs
		if total.Seq.Update(total.Tally.Pairs) || s.Partial || ctx.Err() != nil {
			break
		}
	}
	return total, nil
}

// startRun is the start of every command that plays games: a context that
// Ctrl-C or SIGTERM cancels (the run then stops early, see interrupted) and
// one progress bar on standard error; done releases both.
func startRun(cmd *cobra.Command) (context.Context, *progressBar, func()) {
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	bar := newProgress(cmd.ErrOrStderr())
	return ctx, bar, func() { bar.finish(); stop() }
}

// interrupted turns a run stopped by Ctrl-C (ctx cancelled) into exit
// status 130, as a shell reports an interrupted command, once its partial
// report is written: a script must not take a partial run for a whole one.
func interrupted(ctx context.Context, stderr io.Writer, err error) error {
	if err != nil || ctx.Err() == nil {
		return err
	}
	fmt.Fprintln(stderr, "interrupted: the report holds only the games finished (marked partial)")
	return exitError{130}
}

func loadAll(stderr io.Writer, refs []string) ([]*rules.Army, []string, error) {
	var out []*rules.Army
	var names []string
	for _, r := range refs {
		l, err := loadArmy(stderr, r)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, l.Army)
		names = append(names, l.Army.Name)
	}
	// A report names each army as its file does, the name merge also reads
	// from each shard, so a merged round robin is the unsharded one byte for
	// byte. Two armies of one name (variants of a file) fall back to what
	// the command line called them, or the matrix could not tell them apart.
	for i := range names {
		for j := range names {
			if i != j && out[i].Name == out[j].Name {
				names[i] = refs[i]
			}
		}
	}
	return out, names, nil
}

func newSim() *cobra.Command {
	o := &simOptions{html: true}
	mo := &multiOptions{}
	rec := &recordOptions{}
	cmd := &cobra.Command{
		Use:   "sim [A B | ARMY... | --all]",
		Short: "Play many games between armies and report win rates with intervals",
		Long: `sim plays games between armies with computer players and reports win rates
with 95% intervals over seat-swapped pairs (a draw counts one half and is
also reported on its own), HQ margins, game lengths, battles, the first player's win rate and
per-token figures. Games are played in pairs with the seats swapped and the
same draws for each army, and every random choice flows from --seed, so a run
is reproduced exactly whatever --workers is.

With two armies it reports that match. With more, or --all (every embedded
army), it plays a round robin (mirror matches included) and prints the
matchup matrix and a ranking. With no arguments it runs a quick round robin of
the embedded armies with the greedy player.

--format csv writes one tidy table, a row per matchup (docs/reports.md);
with --out FILE.csv the per-token figures and a round robin's ratings go to
FILE-tokens.csv and FILE-ratings.csv beside it.

With --mode (ffa, points, teams, one-vs-team) it plays 3 or 4 armies in
one game (docs/rules.md, "Three and four players") with the greedy player
(or --players random) and reports each army's win share with 95% intervals,
by seat and for every seat over all armies; the armies rotate over every
seating the mode allows, each equally often (teams keep A1-B1-A2-B2).
--record-losses K then traces the K games the first-named army did not win.

Ctrl-C stops early, prints the games finished so far, marked partial, and
exits with status 130.`,
		Example: `  hexforge sim                                   # quick round robin of the embedded armies
  hexforge sim moloch borgo --games 2000
  hexforge sim my-army.army moloch --players search:64,greedy --until-ci 0.02
  hexforge sim --all --games 2000 --format markdown --out matrix.md
  hexforge sim --all --games 2000 --format csv --out rr.csv    # rr.csv, rr-tokens.csv, rr-ratings.csv
  hexforge sim --all --games 200 --format html --out rr.html   # heat map and ratings plot in one page
  hexforge sim moloch borgo --games 100000 --shard 3/8 --format json --out shard3.json
  hexforge sim my-army.army moloch --fair-band 45-55  # is my army fair against Moloch? stops when it knows
  hexforge sim moloch borgo --games 200 --record 4 --record-dir traces  # then: hexforge replay traces/game-0001.jsonl
  hexforge sim my-army.army moloch --games 400 --record-losses 3 --record-dir losses  # the 3 worst losses, to watch
  hexforge sim --mode ffa moloch borgo hegemony outpost --games 2000   # 4 armies every man for himself, by seat
  hexforge sim --mode teams --teams moloch+borgo,hegemony+outpost moloch borgo hegemony outpost
  hexforge sim --mode ffa moloch borgo hegemony --games 60 --record 2   # then: hexforge replay traces/game-0001.jsonl`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if mo.mode != "" || mo.teams != "" {
				return runMulti(cmd, o, mo, rec, args) // simmulti.go
			}
			quick := len(args) == 0 && !o.all
			if quick && !cmd.Flags().Changed("games") {
				o.games = 40
			}
			specs, shard, err := o.check()
			if err != nil {
				return err
			}
			if err := o.checkSequential(cmd); err != nil {
				return err
			}
			if o.seq != nil && len(args) != 2 {
				return fmt.Errorf("--sprt and --fair-band test one match: give two armies")
			}
			refs := args
			if o.all || quick {
				if len(args) > 0 {
					return fmt.Errorf("--all plays every embedded army; give no army names with it")
				}
				refs = armies.Names()
			}
			if len(args) == 1 {
				return fmt.Errorf("give two armies (or more for a round robin, or --all)")
			}
			if o.leaderTwo && len(refs) != 2 {
				return fmt.Errorf("--leaders %s: two leaders are for a match of two armies; a round robin takes one leader, which every army has", o.leaders)
			}
			if err := rec.check(o, len(refs) == 2); err != nil {
				return err
			}
			list, names, err := loadAll(cmd.ErrOrStderr(), refs)
			if err != nil {
				return err
			}
			if err := checkStructures(cmd.ErrOrStderr(), o.structures, list...); err != nil {
				return err
			}
			if err := checkSetsUsed(); err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			matches := len(list) * (len(list) + 1) / 2
			if len(list) == 2 {
				matches = 1
			}
			bar.expect(matches * o.jobGames())
			mk := func(a, b *rules.Army) *sim.Match {
				return &sim.Match{A: a, B: b, Players: specs, Seed: o.seed, Shard: shard, MaxActions: o.maxActions, Start: o.startRule, Reinforce: o.reinforce, Structures: o.structures, Board: o.boardB, Leaders: o.leaderL}
			}
			if len(list) == 2 {
				if rec.games > 0 {
					if err := rec.record(cmd.ErrOrStderr(), mk(list[0], list[1]), [2]string{refs[0], refs[1]}); err != nil {
						return err
					}
				}
				if rec.losses > 0 {
					o.losses = &lossTracker{k: rec.losses}
				}
				s, err := runMatch(ctx, o, mk(list[0], list[1]), bar)
				if err != nil {
					return err
				}
				bar.finish()
				if o.losses != nil {
					if err := o.losses.recordLosses(cmd.ErrOrStderr(), rec.dir, mk(list[0], list[1]), [2]string{refs[0], refs[1]}); err != nil {
						return err
					}
				}
				err = writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
					if o.format == "html" {
						return sim.WriteMatchHTML(w, s, commandLine(cmd, args))
					}
					return sim.WriteMatch(w, s, o.format)
				})
				if err == nil && o.format == "csv" {
					err = writeCSVTables(cmd.OutOrStdout(), o.out, []*sim.Summary{s}, nil)
				}
				return interrupted(ctx, cmd.ErrOrStderr(), err)
			}
			rr := &sim.RoundRobin{Armies: names, Players: sim.RoundRobinPlayers(specs[0].String(), specs[1].String()), Matches: map[[2]int]*sim.Summary{}}
			for i := range list {
				for j := i; j < len(list); j++ {
					if ctx.Err() != nil {
						break
					}
					s, err := runMatch(ctx, o, mk(list[i], list[j]), bar)
					if err != nil {
						return err
					}
					s.A, s.B = names[i], names[j]
					rr.Matches[[2]int{i, j}] = s
				}
			}
			bar.finish()
			err = writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				if o.format == "html" {
					return sim.WriteRoundRobinHTML(w, rr, commandLine(cmd, args))
				}
				return sim.WriteRoundRobin(w, rr, o.format)
			})
			if err == nil && o.format == "csv" {
				err = writeCSVTables(cmd.OutOrStdout(), o.out, rr.Sums(), rr)
			}
			return interrupted(ctx, cmd.ErrOrStderr(), err)
		},
	}
	o.register(cmd, 200)
	o.registerSequential(cmd)
	cmd.Flags().BoolVar(&o.all, "all", false, "round robin of every embedded army")
	rec.register(cmd)
	mo.register(cmd)
	return cmd
}

func newMerge() *cobra.Command {
	var format, out string
	cmd := &cobra.Command{
		Use:   "merge RESULT.json...",
		Short: "Combine JSON results of sharded runs into one report",
		Long: `merge reads the JSON reports written by sim --shard i/n --format json and
adds them up: n shards of one run give exactly the report of that run
(two-player runs, or multiplayer runs of sim --mode).
--format csv writes the matchups; with --out FILE.csv the per-token figures
and ratings go to FILE-tokens.csv and FILE-ratings.csv beside it.`,
		Example: `  hexforge merge shard-*.json
  hexforge merge shard-*.json --format json --out study.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := sim.CheckFormat(format); err != nil {
				return err
			}
			if out != "" {
				if err := checkOutDir(out); err != nil {
					return fmt.Errorf("--out: %w", err)
				}
			}
			if multi, err := mergeMulti(cmd, args, format, out); multi || err != nil {
				return err
			}
			merged, order, warnings, err := mergeFiles(args)
			if err != nil {
				return err
			}
			for _, w := range warnings {
				fmt.Fprintln(cmd.ErrOrStderr(), "merge:", w)
			}
			if len(order) == 1 {
				s := merged[order[0]]
				err := writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
					if format == "html" {
						return sim.WriteMatchHTML(w, s, commandLine(cmd, args))
					}
					return sim.WriteMatch(w, s, format)
				})
				if err == nil && format == "csv" {
					err = writeCSVTables(cmd.OutOrStdout(), out, []*sim.Summary{s}, nil)
				}
				return err
			}
			rr, err := roundRobinOf(merged, order)
			if err != nil {
				return err
			}
			err = writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
				if format == "html" {
					return sim.WriteRoundRobinHTML(w, rr, commandLine(cmd, args))
				}
				return sim.WriteRoundRobin(w, rr, format)
			})
			if err == nil && format == "csv" {
				err = writeCSVTables(cmd.OutOrStdout(), out, rr.Sums(), rr)
			}
			return err
		},
	}
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, markdown, csv (one tidy table), html (one self-contained page with plots) or json")
	cmd.Flags().StringVar(&out, "out", "", "write the report to FILE (atomically)")
	return cmd
}

// mergeFiles reads match or round-robin JSON reports and adds up the
// matches of the same armies; results that differ in anything else that
// defines a run (seed, players, games, the compiled armies, the action cap,
// the board, the version) are refused, naming the field and both files. A
// match missing pairs (a shard not given) comes back marked partial, with a
// line in warnings.
func mergeFiles(files []string) (merged map[string]*sim.Summary, order, warnings []string, err error) {
	merged = map[string]*sim.Summary{}
	from := map[string]string{} // the first file of each match
	single := true              // every file holds one match (no round robin)
	for _, f := range files {
		raw, err := textfile.Read(f, "a result (the JSON written by sim --format json)", sim.MaxResultSize)
		if err != nil {
			return nil, nil, nil, err
		}
		list, err := sim.ReadResult(raw)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", f, err)
		}
		single = single && len(list) == 1
		for _, s := range list {
			key := s.A + "\x00" + s.B
			if have, ok := merged[key]; ok {
				if have.Pairs != s.Pairs {
					return nil, nil, nil, fmt.Errorf("%s and %s: cannot merge %s vs %s: games differ (%d vs %d pairs)", from[key], f, s.A, s.B, have.Pairs, s.Pairs)
				}
				if err := have.Merge(s); err != nil {
					return nil, nil, nil, fmt.Errorf("%s and %s: %w", from[key], f, err)
				}
				continue
			}
			merged[key], from[key] = s, f
			order = append(order, key)
		}
	}
	if single && len(order) > 1 {
		// Shards of matches never make a round robin: these are other runs.
		a, b := merged[order[0]], merged[order[1]]
		return nil, nil, nil, fmt.Errorf("%s (%s vs %s) and %s (%s vs %s) are results of different matches; merge adds up the shards of one run", from[order[0]], a.A, a.B, from[order[1]], b.A, b.B)
	}
	for _, k := range order {
		s := merged[k]
		if missing := s.Pairs - s.GameIDs.Len(); missing > 0 && !s.Partial {
			s.Partial = true
			warnings = append(warnings, fmt.Sprintf("%s vs %s: %d of %d pairs missing (a shard not given?); the report is marked partial", s.A, s.B, missing, s.Pairs))
		}
		if s.Run != nil && s.Run.UntilCI > 0 {
			// The shards played fixed parts; the target is judged here, on
			// every game, and the merged report stays the one of an
			// unsharded run of --games.
			c := sim.UntilCICheck{Target: s.Run.UntilCI, HalfWidth: s.Tally.Interval().HalfWidth(), Games: 2 * s.GameIDs.Len(), Batch: 2 * s.Pairs, Max: maxGames}
			warnings = append(warnings, fmt.Sprintf("%s vs %s: %s", s.A, s.B, c))
			r := *s.Run
			r.UntilCI = 0
			s.Run = &r
		}
	}
	return merged, order, warnings, nil
}

// roundRobinOf makes the round robin of merged reports, in their order.
func roundRobinOf(merged map[string]*sim.Summary, order []string) (*sim.RoundRobin, error) {
	sums := make([]*sim.Summary, len(order))
	for i, k := range order {
		sums[i] = merged[k]
	}
	return sim.RoundRobinOf(sums)
}

// checkStructures checks the Structures variant against the armies of a
// run, before any game is played. With --structures some army must have a
// structure block, or the option would change nothing: that is an error.
// Without it an army's structure blocks are not played, as at a table
// that does not play the variant (the Structures are tokens besides the
// army, not in its draw pile); a note on stderr says so, since every
// figure of the report is then of the game without them.
func checkStructures(stderr io.Writer, on bool, list ...*rules.Army) error {
	var with []string
	for _, a := range list {
		if len(a.Structures) > 0 {
			with = append(with, fmt.Sprintf("%q", a.Name))
		}
	}
	switch {
	case on && len(with) == 0:
		return fmt.Errorf("--structures: no army of this run has a structure block, so the variant would change nothing (docs/dsl.md, \"Structures\")")
	case !on && len(with) > 0:
		fmt.Fprintf(stderr, "note: %s %s structure blocks, played only with --structures; this run plays without them\n", strings.Join(with, ", "), map[bool]string{true: "has", false: "have"}[len(with) == 1])
	}
	return nil
}
