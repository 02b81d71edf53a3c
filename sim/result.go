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
	neg := func(what string, xs ...int) error {
		for _, x := range xs {
			if x < 0 {
				return fmt.Errorf("negative %s", what)
			}
		}
		return nil
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
			if err := neg("token figure", t.Copies, t.Games, t.PlayedIn, t.Played, t.Survived, t.Dealt, t.StepWounds, t.StepRemoved, t.Healed, t.TokensMoved, t.KeptAlive); err != nil {
				return err
			}
			if t.ScoreWhen < 0 {
				return errors.New("negative token figure")
			}
		}
	}
	return nil
}

// RoundRobinOf arranges match summaries, each army's first appearance
// setting its place, as a round robin. A match whose row army comes after
// its column army means the summaries are not from one round robin.
func RoundRobinOf(sums []*Summary) (*RoundRobin, error) {
	rr := &RoundRobin{Matches: map[[2]int]*Summary{}}
	idx := map[string]int{}
	for _, s := range sums {
		for _, n := range []string{s.A, s.B} {
			if _, ok := idx[n]; !ok {
				idx[n] = len(rr.Armies)
				rr.Armies = append(rr.Armies, n)
			}
		}
		i, j := idx[s.A], idx[s.B]
		if i > j {
			return nil, fmt.Errorf("%s vs %s: results are not from one round robin", s.A, s.B)
		}
		rr.Matches[[2]int{i, j}] = s
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
