package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// MaxResultSize is the largest JSON result ReadResult accepts. A sharded
// round robin of many armies lists the game pairs of every match, so results
// may run to tens of megabytes.
const MaxResultSize = 256 << 20

// notResult prefixes every complaint about a file that is not a result.
const notResult = "not a hexforge sim JSON result"

// ReadResult reads the JSON report of a match or a round robin (sim
// --format json) and returns the matches it holds. It checks the text
// before trusting it: a binary, truncated or foreign file, or one with
// missing names or negative counts, is an error saying so, never a panic
// (FuzzReadResult checks it).
func ReadResult(raw []byte) ([]*Summary, error) {
	switch {
	case len(raw) == 0:
		return nil, errors.New("empty file: " + notResult)
	case len(raw) > MaxResultSize:
		return nil, fmt.Errorf("file is %d bytes; a result may be at most %d bytes", len(raw), MaxResultSize)
	case bytes.IndexByte(raw, 0) >= 0:
		return nil, errors.New("NUL byte: this looks like a binary file, " + notResult)
	case !utf8.Valid(raw):
		return nil, errors.New("not valid UTF-8 text: " + notResult)
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(raw, &probe); err != nil {
		return nil, fmt.Errorf("%s: %v", notResult, err)
	}
	if m, ok := probe["matches"]; ok {
		var list []*Summary
		if err := json.Unmarshal(m, &list); err != nil {
			return nil, fmt.Errorf("%s: matches: %v", notResult, err)
		}
		if len(list) == 0 {
			return nil, errors.New("a round robin with no matches")
		}
		for i, s := range list {
			if s == nil {
				return nil, fmt.Errorf("%s: match %d is empty", notResult, i+1)
			}
			if err := s.check(); err != nil {
				return nil, fmt.Errorf("%s: match %d: %v", notResult, i+1, err)
			}
		}
		return list, nil
	}
	var s Summary
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("%s: %v", notResult, err)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", notResult, err)
	}
	return []*Summary{&s}, nil
}

// check reports what makes a decoded summary impossible.
func (s *Summary) check() error {
	if s.A == "" || s.B == "" {
		return errors.New(`no army names ("a" and "b")`)
	}
	for _, err := range []error{
		neg("pair count", s.Pairs),
		neg("tally", s.Tally.Wins, s.Tally.Draws, s.Tally.Losses, s.Tally.Capped),
		neg("pair count", s.Tally.Pairs[:]...),
		neg("first-seat tally", s.First.Wins, s.First.Draws, s.First.Losses, s.First.Capped),
		neg("turn or battle sum", s.Turns, s.Battles),
	} {
		if err != nil {
			return err
		}
	}
	for side := range s.Tokens {
		for _, t := range s.Tokens[side] {
			if err := neg("token figure", t.Copies, t.Games, t.PlayedIn, t.Played, t.Survived, t.Dealt, t.StepWounds, t.StepRemoved, t.Healed, t.TokensMoved, t.KeptAlive, t.Moves, t.Rotations, t.StatusTurns); err != nil {
				return err
			}
			if t.ScoreWhen < 0 {
				return errors.New("negative token figure")
			}
		}
	}
	return s.checkCounts()
}

// neg is an error naming what when any of xs is negative.
func neg(what string, xs ...int) error {
	for _, x := range xs {
		if x < 0 {
			return fmt.Errorf("negative %s", what)
		}
	}
	return nil
}

// maxPerGame bounds what one game can add to a sum (turns, battles,
// wounds, copies played, energy, HQ margin): far above any real game, it
// keeps a tampered count from passing as many games' worth and every sum
// of shards far from overflowing.
const maxPerGame = 1 << 12

// checkCounts checks every count against the pairs the result covers
// (game_pairs): each pair is two games, so the tallies count exactly
// twice as many games, the pentanomial counts no more pairs than there
// are, and every sum is at most maxPerGame a game. A tampered or damaged
// file is refused before merge adds it up ("1000162 games" from one
// shard, or wins of 2^63−1 overflowing to a negative count).
func (s *Summary) checkCounts() error {
	if s.Pairs > MaxGames {
		return fmt.Errorf("pairs %d: a run has at most %d", s.Pairs, MaxGames)
	}
	if n := len(s.GameIDs.r); n > 0 && s.GameIDs.r[n-1][1] >= s.Pairs {
		return fmt.Errorf("game_pairs names pair %d of a run of %d pairs", s.GameIDs.r[n-1][1], s.Pairs)
	}
	pairs := s.GameIDs.Len()
	games := 2 * pairs
	count := func(what string, t Tally) error {
		if n := t.Wins + t.Draws + t.Losses + t.Capped; t.Wins > games || t.Draws > games || t.Losses > games || t.Capped > games || n != games {
			return fmt.Errorf("%s counts %d games (wins %d, draws %d, losses %d, capped %d), but game_pairs covers %d pairs, %d games",
				what, t.Wins+t.Draws+t.Losses+t.Capped, t.Wins, t.Draws, t.Losses, t.Capped, pairs, games)
		}
		return nil
	}
	if err := count("tally", s.Tally); err != nil {
		return err
	}
	if err := count("first_seat", s.First); err != nil {
		return err
	}
	if s.First.Draws != s.Tally.Draws || s.First.Capped != s.Tally.Capped {
		return fmt.Errorf("first_seat counts %d draws and %d capped games, tally %d and %d: the same games seen from the other seat have the same draws and capped games",
			s.First.Draws, s.First.Capped, s.Tally.Draws, s.Tally.Capped)
	}
	// Decided pairs: no more than the pairs covered, and every pair left
	// out holds a capped game (a result of an older hexforge counts none).
	decided := 0
	for _, n := range s.Tally.Pairs {
		if n < 0 || n > pairs {
			return fmt.Errorf("tally's pair counts %v: each is at most the %d pairs covered", s.Tally.Pairs, pairs)
		}
		decided += n
	}
	if decided > pairs || decided > 0 && pairs-decided > s.Tally.Capped {
		return fmt.Errorf("tally counts %d decided pairs of the %d covered, with %d capped games", decided, pairs, s.Tally.Capped)
	}
	seats := 0
	for x := range 3 {
		for y := range 3 {
			if n := s.Tally.Seats[x][y]; n < 0 || n > pairs {
				return fmt.Errorf("tally's seats %v: each is at most the %d pairs covered", s.Tally.Seats, pairs)
			}
			seats += s.Tally.Seats[x][y]
		}
	}
	if seats != 0 && seats != decided {
		return fmt.Errorf("tally's seats count %d pairs, its pair counts %d", seats, decided)
	}
	bound := func(what string, xs ...int) error {
		for _, x := range xs {
			if x < -maxPerGame*games || x > maxPerGame*games {
				return fmt.Errorf("%s %d over %d games: more than a game can give", what, x, games)
			}
		}
		return nil
	}
	errs := []error{bound("hq_margin_sum", s.HQMargin), bound("turns_sum", s.Turns), bound("battles_sum", s.Battles), bound("leader_uses_sum", s.LeaderUses...)}
	if s.Duel != nil {
		for side := range 2 {
			errs = append(errs, neg("duel figure", s.Duel.Energy[side]), neg("duel figure", s.Duel.Procedures[side][:]...),
				bound("duel energy_sum", s.Duel.Energy[side]), bound("duel procedures_sum", s.Duel.Procedures[side][:]...))
		}
	}
	if len(s.LeaderUses) != 0 && len(s.LeaderUses) != 2 {
		errs = append(errs, fmt.Errorf("leader_uses_sum has %d numbers, want 2 (army A's, army B's)", len(s.LeaderUses)))
	}
	errs = append(errs, neg("leader uses", s.LeaderUses...))
	for side := range s.Tokens {
		for _, t := range s.Tokens[side] {
			if t.Games != games || t.PlayedIn > games || t.ScoreWhen > float64(t.PlayedIn) {
				errs = append(errs, fmt.Errorf("token %q: games %d, played_in %d, score_when %g; the result covers %d games", t.Name, t.Games, t.PlayedIn, t.ScoreWhen, games))
			}
			if t.Copies > maxPerGame {
				errs = append(errs, fmt.Errorf("token %q: %d copies", t.Name, t.Copies))
			}
			errs = append(errs, bound(fmt.Sprintf("token %q figure", t.Name), t.Played, t.Survived, t.Dealt, t.StepWounds, t.StepRemoved, t.Healed, t.TokensMoved, t.KeptAlive, t.Moves, t.Rotations, t.StatusTurns))
		}
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// RoundRobinOf arranges match summaries as a round robin: its rows are
// the armies in the order of their first appearance, as far as every
// match's row army (A) can come before its column army (B). One army's
// matches played one at a time (sim vegas borgo, …, and sim beasts vegas)
// put Beasts first; a round robin's own matches are in that order already
// and keep it. Matches that no order fits (A vs B and B vs A, or a
// circle) are not from one round robin.
func RoundRobinOf(sums []*Summary) (*RoundRobin, error) {
	rr := &RoundRobin{Matches: map[[2]int]*Summary{}}
	first := map[string]int{} // an army's first appearance
	var names []string
	after := map[string][]string{} // the column armies of a row army's matches
	before := map[string]int{}     // how many matches an army is the column army of
	for _, s := range sums {
		for _, n := range []string{s.A, s.B} {
			if _, ok := first[n]; !ok {
				first[n] = len(names)
				names = append(names, n)
			}
		}
		if s.A != s.B { // a mirror match is its army's own cell
			after[s.A] = append(after[s.A], s.B)
			before[s.B]++
		}
	}
	// Kahn's order, taking the earliest-met army that no match still
	// wants after another: when first appearance is an order that fits,
	// it is the one taken.
	placed := make([]bool, len(names))
	idx := map[string]int{}
	for len(rr.Armies) < len(names) {
		next := -1
		for i, n := range names {
			if !placed[i] && before[n] == 0 {
				next = i
				break
			}
		}
		if next < 0 { // a circle among the armies left: name one of its matches
			s := sums[0]
			for _, x := range sums {
				if x.A != x.B && !placed[first[x.A]] && !placed[first[x.B]] {
					s = x
					break
				}
			}
			return nil, fmt.Errorf("%s vs %s: results are not from one round robin (no order of the armies puts every match's first army before its second)", s.A, s.B)
		}
		placed[next] = true
		n := names[next]
		idx[n] = len(rr.Armies)
		rr.Armies = append(rr.Armies, n)
		for _, m := range after[n] {
			before[m]--
		}
	}
	for _, s := range sums {
		rr.Matches[[2]int{idx[s.A], idx[s.B]}] = s
		rr.Players = RoundRobinPlayers(s.Players[0], s.Players[1])
	}
	return rr, nil
}

// RoundRobinPlayers is the players line of a round robin: one name when both
// seats play alike, else which plays the rows and which the columns.
func RoundRobinPlayers(row, column string) string {
	if row == column {
		return row
	}
	return row + " (row) vs " + column + " (column)"
}
