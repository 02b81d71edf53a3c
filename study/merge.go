package study

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
)

// Merged is the sum of JSON reports of shards or runs of one study: a
// match, a round robin, or a multiplayer run.
type Merged struct {
	Match      *sim.Summary     // the reports were of one match
	RoundRobin *sim.RoundRobin  // of a round robin
	Multi      *sim.MultiReport // of a multiplayer run
	Warnings   []string         // what is missing or left to judge, one line each
}

// MergeOptions widen what Merge takes as one run.
type MergeOptions struct {
	// First reports shards that hold the first pairs of every match (the
	// pairs 0 to P-1, the same P in every match) as the whole run of 2P
	// games a match: the very games sim --games 2P plays, since a pair's
	// games depend only on the seed and the pair's index. The first
	// shards of a long study are then a complete shorter run, which agree
	// compares. Results of a sequential test or --until-ci (whose games
	// depend on when they stopped) and shards stopped early are refused.
	First bool
	// RoundRobin takes results of single matches of different armies as
	// the matches of one round robin played one at a time (sim A B for
	// each pair of armies, the same seed and games: a round robin plays
	// each match as the same games alone), given in the round robin's
	// order; mirror matches may be left out (agree reads none).
	RoundRobin bool
}

// Merge reads the JSON reports written by sim --format json and adds them
// up: n shards of one run give exactly the report of that run. Reports of
// different runs are refused, naming the field and both files. opt widens
// what is one run (two-player results only).
func Merge(files []string, opt MergeOptions) (*Merged, error) {
	var reports []*sim.MultiReport
	for i, f := range files {
		raw, err := readResult(f)
		if err != nil {
			return nil, err
		}
		var probe map[string]any
		if err := json.Unmarshal(raw, &probe); err != nil || !isMultiResult(probe) {
			if i == 0 {
				break // not multiplayer: MergeResults reads it, and says what is wrong
			}
			return nil, fmt.Errorf("%s: not a multiplayer report, unlike %s", f, files[0])
		}
		if opt != (MergeOptions{}) {
			return nil, fmt.Errorf("%s: a multiplayer report; --first and --round-robin take two-player results", f)
		}
		var r sim.MultiReport
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		reports = append(reports, &r)
	}
	if len(reports) > 0 {
		r, warnings, err := mergeMulti(files, reports)
		if err != nil {
			return nil, err
		}
		return &Merged{Multi: r, Warnings: warnings}, nil
	}
	sums, warnings, err := mergeResults(files, opt)
	if err != nil {
		return nil, err
	}
	if len(sums) == 1 {
		return &Merged{Match: sums[0], Warnings: warnings}, nil
	}
	rr, err := sim.RoundRobinOf(sums)
	if err != nil {
		return nil, err
	}
	return &Merged{RoundRobin: rr, Warnings: warnings}, nil
}

// Partial reports whether the merged report lacks games of its run: a
// shard not given, or one stopped early.
func (m *Merged) Partial() bool {
	switch {
	case m.Match != nil:
		return m.Match.Partial
	case m.RoundRobin != nil:
		for _, s := range m.RoundRobin.Sums() {
			if s.Partial {
				return true
			}
		}
		return false
	}
	return m.Multi != nil && m.Multi.Partial
}

func readResult(file string) ([]byte, error) {
	return textfile.Read(file, textfile.Kind{What: "a result (the JSON written by sim --format json)", Limit: sim.MaxResultSize})
}

// ReadRoundRobin reads a round robin's JSON result (sim --all --format
// json, or the merge of its shards), as agree compares two.
func ReadRoundRobin(file string) (*sim.RoundRobin, error) {
	sums, _, err := MergeResults([]string{file})
	if err != nil {
		return nil, err
	}
	if len(sums) < 2 {
		return nil, fmt.Errorf("%s: a match, not a round robin: agree compares two round robins (sim --all --format json)", file)
	}
	// A run stopped by Ctrl-C (or one shard of several) lacks games, and
	// which ones depends on the moment it stopped: its rates are not the
	// run's, so agree refuses it as it refuses other games.
	for _, s := range sums {
		if s.Partial {
			return nil, fmt.Errorf("%s: a partial round robin (%s vs %s has %d of %d pairs: stopped early, or a shard not merged); agree compares whole runs: play it again or merge all its shards", file, s.A, s.B, s.GameIDs.Len(), s.Pairs)
		}
	}
	rr, err := sim.RoundRobinOf(sums)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return rr, nil
}

// MergeResults reads two-player match or round-robin JSON reports and adds
// up the matches of the same armies, in the order they first come;
// results that differ in anything else that defines a run (seed, players,
// games, the compiled armies, the action cap, the board, the version) are
// refused, naming the field and both files. A match missing pairs (a shard
// not given) comes back marked partial, with a line in warnings.
func MergeResults(files []string) (sums []*sim.Summary, warnings []string, err error) {
	return mergeResults(files, MergeOptions{})
}

func mergeResults(files []string, opt MergeOptions) (sums []*sim.Summary, warnings []string, err error) {
	merged := map[string]*sim.Summary{}
	from := map[string]string{} // the first file of each match
	var order []string
	single := true // every file holds one match (no round robin)
	for _, f := range files {
		raw, err := readResult(f)
		if err != nil {
			return nil, nil, err
		}
		list, err := sim.ReadResult(raw)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", f, err)
		}
		single = single && len(list) == 1
		for _, s := range list {
			key := s.A + "\x00" + s.B
			if have, ok := merged[key]; ok {
				if have.Pairs != s.Pairs {
					return nil, nil, fmt.Errorf("%s and %s: cannot merge %s vs %s: games differ (%d vs %d pairs)", from[key], f, s.A, s.B, have.Pairs, s.Pairs)
				}
				if err := have.Merge(s); err != nil {
					return nil, nil, fmt.Errorf("%s and %s: %w", from[key], f, err)
				}
				continue
			}
			merged[key], from[key] = s, f
			order = append(order, key)
		}
	}
	if single && len(order) > 1 && !opt.RoundRobin {
		// Shards of matches never make a round robin: these are other runs.
		a, b := merged[order[0]], merged[order[1]]
		return nil, nil, fmt.Errorf("%s (%s vs %s) and %s (%s vs %s) are results of different matches; merge adds up the shards of one run", from[order[0]], a.A, a.B, from[order[1]], b.A, b.B)
	}
	if opt.RoundRobin {
		if err := oneRoundRobin(merged, order, from); err != nil {
			return nil, nil, err
		}
	}
	first := -1 // the pairs of every match, with opt.First
	for _, k := range order {
		s := merged[k]
		sums = append(sums, s)
		if opt.First {
			if err := asFirst(s, first, sums[0]); err != nil {
				return nil, nil, err
			}
			first = s.Pairs
		}
		if missing := s.Pairs - s.GameIDs.Len(); missing > 0 && !s.Partial {
			s.Partial = true
			warnings = append(warnings, fmt.Sprintf("%s vs %s: %d of %d pairs missing (a shard not given?); the report is marked partial", s.A, s.B, missing, s.Pairs))
		}
		if s.Run != nil && s.Run.UntilCI > 0 {
			// The shards played fixed parts; the target is judged here, on
			// every game, and the merged report stays the one of an
			// unsharded run of --games.
			c := sim.UntilCICheck{Target: s.Run.UntilCI, HalfWidth: s.Tally.Interval().HalfWidth(), Games: 2 * s.GameIDs.Len(), Batch: 2 * s.Pairs, Max: sim.MaxGames}
			warnings = append(warnings, fmt.Sprintf("%s vs %s: %s", s.A, s.B, c))
			r := *s.Run
			r.UntilCI = 0
			s.Run = &r
		}
	}
	return sums, warnings, nil
}

// oneRoundRobin checks that the matches (merged, in order, each first
// read from from[key]) can be one round robin's: one seed, players,
// --games and run details, and each army the same rules (hash) and leader
// in every match.
func oneRoundRobin(merged map[string]*sim.Summary, order []string, from map[string]string) error {
	ref := merged[order[0]]
	rules := map[string]string{}
	for _, k := range order {
		s := merged[k]
		if d := ref.OtherRun(s); d != "" {
			return fmt.Errorf("%s and %s: not matches of one round robin: %s", from[order[0]], from[k], d)
		}
		if s.Run == nil {
			continue
		}
		for i, army := range []string{s.A, s.B} {
			id := s.Run.ArmyHashes[i]
			if len(s.Run.Leaders) == 2 {
				id += " " + s.Run.Leaders[i]
			}
			if have, ok := rules[army]; ok && have != id {
				return fmt.Errorf("%s: %s's rules or leader differ from another match's (%s vs %s): not matches of one round robin", from[k], army, id, have)
			}
			rules[army] = id
		}
	}
	return nil
}

// asFirst makes the merged match s the whole run of the pairs it holds
// (MergeOptions.First): they must be its first pairs, as many as the
// first match's (first, or -1 for the first match itself), of a run of a
// fixed --games with no shard stopped early.
func asFirst(s *sim.Summary, first int, ref *sim.Summary) error {
	n, ok := s.GameIDs.Prefix()
	switch {
	case s.Partial:
		return fmt.Errorf("%s vs %s: a shard stopped early: --first takes whole shards", s.A, s.B)
	case s.Seq != nil || s.Run != nil && s.Run.UntilCI > 0:
		return fmt.Errorf("%s vs %s: a run of a sequential test or --until-ci, whose games depend on when it stopped: --first takes runs of a fixed --games", s.A, s.B)
	case !ok:
		return fmt.Errorf("%s vs %s: the shards given hold pairs %s, not the first pairs of the run: --first takes shards 0 to k-1", s.A, s.B, s.GameIDs)
	case first >= 0 && n != first:
		return fmt.Errorf("%s vs %s: the shards given hold its first %d pairs, but the first %d of %s vs %s: --first takes the same shards of every match", s.A, s.B, n, first, ref.A, ref.B)
	}
	s.Pairs = n
	if s.Run != nil {
		r := *s.Run
		r.Shard = ""
		s.Run = &r
	}
	return nil
}

// isMultiResult tells a multiplayer report (it has a mode and seats) from
// a two-player one by its JSON keys.
func isMultiResult(probe map[string]any) bool {
	_, mode := probe["mode"]
	_, seats := probe["by_seat"]
	return mode && seats
}

// mergeMulti adds up the reports of the shards of one multiplayer run:
// the records of every game, refolded in game order, give the report of
// the run played whole, byte for byte. Reports of other runs (another
// mode, armies, players, board, seed, length, action cap or shard count)
// and a shard given twice are refused, naming the files. A shard missing
// leaves the report partial, with a warning.
func mergeMulti(files []string, reports []*sim.MultiReport) (*sim.MultiReport, []string, error) {
	if len(reports) == 0 {
		return nil, nil, errors.New("no reports to merge")
	}
	first := reports[0]
	if first.Shard == nil {
		return nil, nil, fmt.Errorf("%s: not a shard's report (written by sim --mode ... --shard i/n --format json)", files[0])
	}
	id := func(r *sim.MultiReport) string {
		sh := r.Shard
		return fmt.Sprintf("mode %s, armies %q, players %s, board %s, seed %d, %d rotations of %d seatings, action cap %d, teams %v, leaders %q, structures %v, until-ci %g, %d shards",
			r.Mode, r.Armies, r.Players, r.Board, r.Seed, sh.Rotations, r.Seatings, sh.MaxActions, sh.Teams, r.Leaders, r.Structures, sh.UntilCI, sh.N)
	}
	seen := map[int]string{}
	var recs []sim.MultiRecord
	partial := false
	for i, r := range reports {
		if r.Shard == nil {
			return nil, nil, fmt.Errorf("%s: not a shard's report (written by sim --mode ... --shard i/n --format json)", files[i])
		}
		if id(r) != id(first) {
			return nil, nil, fmt.Errorf("%s and %s are shards of different runs:\n  %s\n  %s", files[0], files[i], id(first), id(r))
		}
		if f, ok := seen[r.Shard.I]; ok {
			return nil, nil, fmt.Errorf("%s and %s are both shard %d/%d", f, files[i], r.Shard.I, r.Shard.N)
		}
		seen[r.Shard.I] = files[i]
		partial = partial || r.Partial
		recs = append(recs, r.Shard.Records...)
	}
	slices.SortFunc(recs, func(a, b sim.MultiRecord) int { return a.Game - b.Game })
	mode, err := engine.ParseMode(first.Mode)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", files[0], err)
	}
	m := &sim.MultiMatch{Names: first.Armies, Mode: mode, Teams: first.Shard.Teams, Seed: first.Seed}
	per := len(m.Seatings())
	if per != first.Seatings {
		return nil, nil, fmt.Errorf("%s: %d seatings, but %s with %d armies has %d", files[0], first.Seatings, first.Mode, len(first.Armies), per)
	}
	if first.Shard.Rotations < 0 || first.Shard.Rotations > sim.MaxGames {
		return nil, nil, fmt.Errorf("%s: %d rotations: a run has at most %d games", files[0], first.Shard.Rotations, sim.MaxGames)
	}
	for i, rec := range recs {
		if rec.Game < 0 || rec.Game >= first.Shard.Rotations*per || rec.Seating != rec.Game%per || i > 0 && recs[i-1].Game == rec.Game {
			return nil, nil, fmt.Errorf("game %d (seating %d): not a game of this run, or in two shards", rec.Game, rec.Seating)
		}
		// The figures of a game are checked against the game, so that a
		// tampered record cannot pass as many games' worth.
		if rec.Actions < 0 || rec.Actions > first.Shard.MaxActions || rec.Turns < 0 || rec.Turns > first.Shard.MaxActions || int(rec.Winners)>>len(first.Armies) != 0 {
			return nil, nil, fmt.Errorf("game %d: %d actions, %d turns, winners %b: not a game of %d seats capped at %d actions", rec.Game, rec.Actions, rec.Turns, rec.Winners, len(first.Armies), first.Shard.MaxActions)
		}
	}
	var warnings []string
	if missing := first.Shard.Rotations*per - len(recs); missing > 0 {
		partial = true
		warnings = append(warnings, fmt.Sprintf("%d of %d games missing (a shard not given, or one stopped early); the report is marked partial",
			missing, first.Shard.Rotations*per))
	}
	r := m.Report(recs, partial)
	r.Players, r.Board, r.Leaders, r.Structures = first.Players, first.Board, first.Leaders, first.Structures
	if r.Tokens, err = mergeMultiTokens(files, reports); err != nil {
		return nil, nil, err
	}
	if t := first.Shard.UntilCI; t > 0 {
		c := sim.UntilCICheck{Target: t, HalfWidth: r.Widest(), Games: r.Games, Batch: first.Shard.Rotations * per, Max: sim.MaxGames}
		warnings = append(warnings, c.String())
	}
	return r, warnings, nil
}

// mergeMultiTokens adds up the shards' per-token figures exactly
// (sim.MergeMultiTokens), or gives none when a shard has none (written
// before they existed) or a table of another shape: a sum of some shards
// only would pass for the whole run's.
//
// A shard's figures are checked against its games, so that a tampered
// report cannot pass as many games' worth: each row counts the shard's
// games, and no figure is negative or more than 255 a game per copy.
func mergeMultiTokens(files []string, reports []*sim.MultiReport) ([][]sim.TokenStat, error) {
	first := reports[0].Tokens
	out := make([][]sim.TokenStat, len(first))
	for a, toks := range first {
		out[a] = make([]sim.TokenStat, len(toks))
		for i, t := range toks {
			out[a][i] = sim.TokenStat{Name: t.Name, Kind: t.Kind, Copies: t.Copies}
		}
	}
	for f, r := range reports {
		if len(r.Tokens) != len(first) || len(first) == 0 {
			return nil, nil
		}
		for a := range first {
			if len(r.Tokens[a]) != len(first[a]) {
				return nil, nil
			}
			for i, t := range r.Tokens[a] {
				if t.Name != first[a][i].Name {
					return nil, nil
				}
				games := len(r.Shard.Records)
				most := 255 * games * max(1, t.Copies) // a game's figure is a byte a copy at most
				for _, x := range []int{t.PlayedIn, t.Played, t.Survived, t.StepWounds, t.StepRemoved, t.Healed, t.TokensMoved, t.KeptAlive} {
					if x < 0 || x > most {
						return nil, fmt.Errorf("%s: token %q of army %d: a figure of %d in %d games", files[f], t.Name, a+1, x, games)
					}
				}
				for _, x := range []int{t.Dealt, t.Moves, t.Rotations, t.StatusTurns} {
					if x < 0 || x > 65535*games {
						return nil, fmt.Errorf("%s: token %q of army %d: a figure of %d in %d games", files[f], t.Name, a+1, x, games)
					}
				}
				if t.Games != games || t.PlayedIn > games || t.ScoreWhen < 0 || t.ScoreWhen > float64(t.PlayedIn) {
					return nil, fmt.Errorf("%s: token %q of army %d: %d games, played in %d, score when played %g: not the figures of the shard's %d games",
						files[f], t.Name, a+1, t.Games, t.PlayedIn, t.ScoreWhen, games)
				}
			}
		}
		sim.MergeMultiTokens(out, r.Tokens)
	}
	return out, nil
}
