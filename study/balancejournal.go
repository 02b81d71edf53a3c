package study

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
)

// A balance run is a sequence of matches, each a candidate (or the army
// as it is) against one opponent over a range of pairs, whose games depend
// only on the match: the compiled armies, the players, the seed, the pairs
// and the variant. The journal keeps each match's tally under that
// fingerprint (sim's RunInfo: the armies' hashes, the action cap, the
// board, the version; and the seed, the players and the pairs), one JSON
// line a match, so that a run read back with its journal plays only what
// is not in it:
//
//   - resumed: a run stopped (Ctrl-C, a crash) and started again with the
//     same journal plays on from where it stopped, and its report is the
//     one an unstopped run gives, byte for byte;
//   - sharded: --shard i/n plays the i-th of n slices of every match's
//     pairs, as sim's shards do. The search decides on all the games, so
//     at each stage a shard stops (ErrBalanceWaiting) until the others'
//     journals are given too; the journals of all shards together give
//     the unsharded run's search. A shard's verification cannot stop
//     early (the others would not know, as with sim's shards): it plays
//     its slice of every test's cap, fixed-length.

// BalanceJournalKind heads every journal, so that another file is not
// taken for one.
const BalanceJournalKind = "hexforge balance journal"

// ErrBalanceWaiting is the error of a shard that needs the other shards'
// games to go on: run every shard again with every shard's journal.
var ErrBalanceWaiting = errors.New("this shard needs the other shards' games to go on")

// journalEntry is one match (or one shard's slice of it) as the journal
// keeps it.
type journalEntry struct {
	Kind  string    `json:"kind,omitempty"` // on the first line only
	Key   string    `json:"key,omitempty"`
	A     string    `json:"a,omitempty"`
	B     string    `json:"b,omitempty"`
	Shard string    `json:"shard,omitempty"` // "i/n" of a shard's slice
	Tally sim.Tally `json:"tally"`
}

// BalanceJournal is the journal of a balance run: every entry of the
// files read, and the file new entries go to.
type BalanceJournal struct {
	entries map[string][]journalEntry // by key
	order   []string                  // the keys in the order first read
	out     *os.File
	enc     *json.Encoder
}

// MaxJournalSize bounds a journal file: a run of a million candidates'
// matches is far under it.
const MaxJournalSize = 256 << 20

// OpenBalanceJournal reads the journals files (the first is the run's
// own, created when missing; the others, other shards' or earlier runs',
// are only read) and opens the first for appending. A file that is not a
// journal, or a line that does not read, is an error naming it.
func OpenBalanceJournal(files []string) (*BalanceJournal, error) {
	j := &BalanceJournal{entries: map[string][]journalEntry{}}
	for i, f := range files {
		if _, err := os.Stat(f); i == 0 && errors.Is(err, os.ErrNotExist) {
			continue // the run's own journal, not written yet
		}
		raw, err := textfile.Read(f, textfile.Kind{What: "a balance journal (written by balance --journal)", Limit: MaxJournalSize})
		if err != nil {
			return nil, fmt.Errorf("--journal: %w", err)
		}
		if err := j.read(f, raw); err != nil {
			return nil, err
		}
	}
	if len(files) == 0 {
		return j, nil
	}
	st, err := os.Stat(files[0])
	fresh := err != nil || st.Size() == 0
	out, err := os.OpenFile(files[0], os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, fmt.Errorf("--journal: %w", err)
	}
	j.out, j.enc = out, json.NewEncoder(out)
	if fresh {
		if err := j.enc.Encode(journalEntry{Kind: BalanceJournalKind}); err != nil {
			return nil, fmt.Errorf("--journal: %w", err)
		}
	}
	return j, nil
}

func (j *BalanceJournal) read(file string, raw []byte) error {
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var e journalEntry
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			return fmt.Errorf("%s:%d: not a line of a balance journal: %v", file, line, err)
		}
		if line == 1 {
			if e.Kind != BalanceJournalKind {
				return fmt.Errorf("%s: not a balance journal (written by balance --journal)", file)
			}
			continue
		}
		if e.Key == "" || neg("tally", e.Tally.Wins, e.Tally.Draws, e.Tally.Losses, e.Tally.Capped) != nil {
			return fmt.Errorf("%s:%d: an entry without a key, or with negative counts", file, line)
		}
		j.add(e)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}

func neg(what string, xs ...int) error {
	for _, x := range xs {
		if x < 0 {
			return fmt.Errorf("negative %s", what)
		}
	}
	return nil
}

// Close closes the run's journal file.
func (j *BalanceJournal) Close() error {
	if j == nil || j.out == nil {
		return nil
	}
	return j.out.Close()
}

// matchKey is the fingerprint of match m's games: sim's RunInfo without
// the shard, the seed, the players and the pairs.
func matchKey(m *sim.Match) string {
	run := *sim.Summarize(m, nil, false).Run
	run.Shard = ""
	b, _ := json.Marshal(struct {
		Run          sim.RunInfo
		Seed         uint64
		Players      [2]string
		First, Pairs int
	}{run, m.Seed, [2]string{m.Players[0].String(), m.Players[1].String()}, m.FirstPair, m.Pairs})
	return string(b)
}

// get is the tally of the match of key: whole, or summed over the n
// shards when every one of them is there; ok false when some are missing.
func (j *BalanceJournal) get(key string, n int) (t sim.Tally, ok bool) {
	if j == nil {
		return t, false
	}
	seen := map[string]bool{}
	for _, e := range j.entries[key] {
		if e.Shard == "" {
			return e.Tally, true
		}
		if seen[e.Shard] || !strings.HasSuffix(e.Shard, fmt.Sprintf("/%d", n)) {
			continue // given twice (the same journal read twice), or of another split
		}
		seen[e.Shard] = true
		t.Merge(e.Tally)
	}
	return t, n > 1 && len(seen) == n
}

func (j *BalanceJournal) add(e journalEntry) {
	if _, ok := j.entries[e.Key]; !ok {
		j.order = append(j.order, e.Key)
	}
	j.entries[e.Key] = append(j.entries[e.Key], e)
}

// has says whether the journal holds shard's slice of the match of key.
func (j *BalanceJournal) has(key, shard string) bool {
	if j == nil {
		return false
	}
	for _, e := range j.entries[key] {
		if e.Shard == shard || e.Shard == "" {
			return true
		}
	}
	return false
}

// put records a match's tally (a shard's slice of it with shard "i/n").
func (j *BalanceJournal) put(key, a, b, shard string, t sim.Tally) error {
	e := journalEntry{Key: key, A: a, B: b, Shard: shard, Tally: t}
	if j == nil {
		return nil
	}
	j.add(e)
	if j.enc == nil {
		return nil
	}
	if err := j.enc.Encode(e); err != nil {
		return fmt.Errorf("--journal: %w", err)
	}
	return nil
}

// IsBalanceJournal says whether file begins as a balance journal does, so
// that merge can tell one from a JSON report.
func IsBalanceJournal(file string) bool {
	f, err := os.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := f.Read(head)
	line, _, _ := bytes.Cut(head[:n], []byte("\n"))
	var e journalEntry
	return json.Unmarshal(line, &e) == nil && e.Kind == BalanceJournalKind
}

// MergeBalanceJournals reads the journals of a balance run's shards (or of
// runs that shared matches) and writes to w one journal with every match
// in it: a match whose every slice of one split is there is written whole,
// its tallies summed, as the unsharded run records it; a match with slices
// missing keeps the slices there are, and is counted in partial. The
// merged journal, given to balance --journal, plays on without the shards'
// files, unsharded or as a shard. Two entries of one match (or one slice)
// with different tallies are refused: the games of a match are fixed by
// its fingerprint, so they come from different builds or were edited.
func MergeBalanceJournals(files []string, w io.Writer) (partial int, err error) {
	if len(files) == 0 {
		return 0, errors.New("no journals to merge")
	}
	type sourced struct {
		journalEntry
		file string
	}
	var keys []string
	byKey := map[string][]sourced{}
	for _, f := range files {
		raw, err := textfile.Read(f, textfile.Kind{What: "a balance journal (written by balance --journal)", Limit: MaxJournalSize})
		if err != nil {
			return 0, err
		}
		one := &BalanceJournal{entries: map[string][]journalEntry{}}
		if err := one.read(f, raw); err != nil {
			return 0, err
		}
		for _, k := range one.order {
			if byKey[k] == nil {
				keys = append(keys, k)
			}
			for _, e := range one.entries[k] {
				byKey[k] = append(byKey[k], sourced{e, f})
			}
		}
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(journalEntry{Kind: BalanceJournalKind}); err != nil {
		return 0, err
	}
	for _, k := range keys {
		parts := map[string]journalEntry{} // by shard, "" for the whole match
		first := map[string]string{}       // the file each was first read from
		var order []string
		for _, e := range byKey[k] {
			if have, ok := parts[e.Shard]; ok {
				if have.Tally != e.Tally {
					what := "match"
					if e.Shard != "" {
						what = "shard " + e.Shard + " of the match"
					}
					return 0, fmt.Errorf("%s and %s: the %s %s vs %s has different games in each (another build, or an edited journal): not merged", first[e.Shard], e.file, what, e.A, e.B)
				}
				continue
			}
			parts[e.Shard], first[e.Shard] = e.journalEntry, e.file
			order = append(order, e.Shard)
		}
		var out []journalEntry
		whole, summed := wholeOf(parts)
		if e, ok := parts[""]; ok && summed && e.Tally != whole.Tally {
			return 0, fmt.Errorf("%s: the match %s vs %s has different games whole than its shards' slices add up to (another build, or an edited journal): not merged", first[""], e.A, e.B)
		}
		if e, ok := parts[""]; ok {
			out = []journalEntry{e}
		} else if summed {
			out = []journalEntry{whole}
		} else {
			partial++
			for _, s := range order {
				out = append(out, parts[s])
			}
		}
		for _, e := range out {
			if err := enc.Encode(e); err != nil {
				return 0, err
			}
		}
	}
	return partial, nil
}

// wholeOf sums the slices of a match when every slice of some split of it
// is there (the smallest such split), as get does.
func wholeOf(parts map[string]journalEntry) (journalEntry, bool) {
	splits := map[int]int{} // n -> slices of it there
	for s := range parts {
		var i, n int
		if _, err := fmt.Sscanf(s, "%d/%d", &i, &n); err == nil && 0 <= i && i < n {
			splits[n]++
		}
	}
	for _, n := range slices.Sorted(maps.Keys(splits)) {
		if splits[n] != n {
			continue
		}
		var whole journalEntry
		for i := range n {
			e := parts[fmt.Sprintf("%d/%d", i, n)]
			whole.Key, whole.A, whole.B = e.Key, e.A, e.B
			whole.Tally.Merge(e.Tally)
		}
		return whole, true
	}
	return journalEntry{}, false
}
