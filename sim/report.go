package sim

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// Summary is the statistics of one match, from army A's side. It holds sums,
// not averages, so summaries of shards add up to the summary of one run
// (Merge) exactly.
type Summary struct {
	A        string    `json:"a"`
	B        string    `json:"b"`
	Players  [2]string `json:"players"` // the players of A and B
	Seed     uint64    `json:"seed"`
	Pairs    int       `json:"pairs"` // pairs requested
	Partial  bool      `json:"partial,omitempty"`
	Tally    Tally     `json:"tally"`      // A's wins, draws, losses, capped
	First    Tally     `json:"first_seat"` // the same from the first seat's side
	HQMargin int       `json:"hq_margin_sum"`
	Turns    int       `json:"turns_sum"`
	Battles  int       `json:"battles_sum"`
	// LeaderUses sums the uses of army A's and army B's leader cards over
	// the games (the Leaders variant; absent without leaders).
	LeaderUses []int          `json:"leader_uses_sum,omitempty"`
	Tokens     [2][]TokenStat `json:"tokens"`
	GameIDs    PairSet        `json:"game_pairs"`    // pair indices included (for merging shards)
	Run        *RunInfo       `json:"run,omitempty"` // what else defines the run (merge refuses mixes)
	Seq        *Sequential    `json:"sequential,omitempty"`
	Duel       *DuelUse       `json:"duel,omitempty"` // on a board with energy (the Duel board)

	keep   bool           // Match.KeepPoints
	armies [2]*rules.Army // the compiled armies, when played here (not read from JSON): pictures
	points []int8         // each pair's score for A in half points, -1 capped (keep)
}

// DuelUse sums, over the games, what each army (A, B) did with the Duel
// board's rules: energy bought and Procedures run, by kind (in the order of
// engine.ProcNames).
type DuelUse struct {
	Energy     [2]int                       `json:"energy_sum"`
	Procedures [2][engine.NumProcedures]int `json:"procedures_sum"`
}

// PairPoints is each pair's score for A in half points (0..4, -1 for a
// capped pair), in pair order, when the match kept them (KeepPoints).
func (s *Summary) PairPoints() []int8 { return s.points }

// RunInfo is everything besides the armies' names, the players, the seed
// and the pair count that defines a run, so that merge can refuse to add up
// shards of different runs: the compiled armies themselves (an edit or a
// --set between shards changes the hash), the action cap, the board, the
// shard and the hexforge version.
type RunInfo struct {
	ArmyHashes [2]string `json:"army_hashes"`
	MaxActions int       `json:"max_actions"`
	Board      string    `json:"board"`
	Shard      string    `json:"shard,omitempty"` // "i/n" of a sharded run
	Start      string    `json:"start,omitempty"` // the start rule, when not the standard one
	Reinforce  bool      `json:"reinforcements,omitempty"`
	Structures bool      `json:"structures,omitempty"`
	Leaders    []string  `json:"leaders,omitempty"` // the leader cards of army A and army B ("none" for none), when any
	// UntilCI is the --until-ci target of a shard's run, which merge
	// judges on the merged games (UntilCICheck); 0 otherwise.
	UntilCI float64 `json:"until_ci,omitempty"`
	Version string  `json:"version"`
}

// Version is the hexforge version recorded in results (set by the CLI).
var Version = "dev"

// appendLineless appends " label:" and xs printed with verb, each
// element's source line (line) cleared first, or nothing when xs is empty:
// an army's hash leaves out where things are declared, and a part an army
// does not use leaves the hash as it was before the part existed.
func appendLineless[T any](text []byte, label string, xs []T, line func(*T) *int, verb string) []byte {
	if len(xs) == 0 {
		return text
	}
	c := slices.Clone(xs)
	for i := range c {
		*line(&c[i]) = 0
	}
	return fmt.Appendf(append(text, " "+label+":"...), verb, c)
}

// ArmyHash identifies a compiled army: the SHA-256 of its rule tables,
// without the source file name and lines, which do not change play.
func ArmyHash(a *rules.Army) string {
	c := *a
	c.File = ""
	c.Tokens = slices.Clone(a.Tokens)
	for i := range c.Tokens {
		c.Tokens[i].Line = 0
	}
	// The hash of an army without Structures is printed from the fields
	// the army had before Structures existed, so that its hash, and every
	// result recorded with it, stays what it was.
	text := fmt.Appendf(nil, "%+v", hashedArmy{c.Name, c.Aliases, c.Notes, c.Size, c.Tokens, c.HQ, c.File})
	text = appendLineless(text, "Structures", c.Structures, func(x *rules.Structure) *int { return &x.Line }, "%+v")
	// Statuses, observers, placement rules, limits, expiries and standing
	// effects likewise, only when there are some.
	text = appendLineless(text, "Statuses", c.Statuses, func(x *rules.Status) *int { return &x.Line }, "%+v")
	text = appendLineless(text, "Observers", c.Observers, func(x *rules.Observer) *int { return &x.Line }, "%+v")
	text = appendLineless(text, "Placements", c.Placements, func(x *rules.Placement) *int { return &x.Line }, "%+v")
	text = appendLineless(text, "Facings", c.Facings, func(x *rules.Facing) *int { return &x.Line }, "%+v")
	if slices.ContainsFunc(c.Limits, func(l rules.Limit) bool { return l.Trait != 0 }) {
		text = appendLineless(text, "Limits", c.Limits, func(x *rules.Limit) *int { return &x.Line }, "%+v")
	} else {
		text = appendLineless(text, "Limits", hashedLimits(c.Limits), func(x *hashedLimit) *int { return &x.Line }, "%+v")
	}
	text = appendLineless(text, "Expiries", c.Expiries, func(x *rules.Expiry) *int { return &x.Line }, "%+v")
	text = appendLineless(text, "Standing", c.Standing, func(x *rules.Standing) *int { return &x.Line }, "%v")
	text = appendLineless(text, "CondEdges", c.CondEdges, func(x *rules.CondEdge) *int { return &x.Line }, "%v")
	text = appendLineless(text, "CondTraits", c.CondTraits, func(x *rules.CondTrait) *int { return &x.Line }, "%v")
	sum := sha256.Sum256(text)
	return hex.EncodeToString(sum[:8])
}

// hashedArmy is rules.Army as it was before Structures: the fields that
// make an army's hash, with their names, printed by %+v.
type hashedArmy struct {
	Name    string
	Aliases []string
	Notes   string
	Size    int
	Tokens  []rules.Token
	HQ      int
	File    string
}

// hashedLimit is rules.Limit as it was before trait allowances (Trait):
// the fields that make the hash of an army whose allowances are all on
// triggers, observers and groups, so that its hash, and every result and
// trace recorded with it, stays what it was.
type hashedLimit struct {
	Name     string
	Tokens   []int
	Trig     int
	Observer int
	PerTurn  uint8
	PerGame  uint8
	Line     int
}

func hashedLimits(ls []rules.Limit) []hashedLimit {
	out := make([]hashedLimit, len(ls))
	for i, l := range ls {
		out[i] = hashedLimit{l.Name, l.Tokens, l.Trig, l.Observer, l.PerTurn, l.PerGame, l.Line}
	}
	return out
}

// runFields are the run details, besides the armies' hashes, that two
// results must share to be put together (merge, a round robin's matches)
// or compared (agree), in the order mismatch names them. games marks the
// ones that change the games played: agree compares runs that may differ
// in the others (how a run was stopped, the build that played it).
var runFields = []struct {
	name    string
	games   bool
	ofMatch bool                       // agree names the match it differs in (a leader is its army's)
	diff    func(a, b *RunInfo) string // how a and b differ in it ("x vs y"), "" when they do not
}{
	{"max_actions", true, false, func(a, b *RunInfo) string { return differs(a.MaxActions, b.MaxActions, "%d vs %d") }},
	{"board", true, false, func(a, b *RunInfo) string { return differs(a.Board, b.Board, "%s vs %s") }},
	{"start", true, false, func(a, b *RunInfo) string { return differs(a.Start, b.Start, "%q vs %q") }},
	{"reinforcements", true, false, func(a, b *RunInfo) string { return differs(a.Reinforce, b.Reinforce, "%v vs %v") }},
	{"structures", true, false, func(a, b *RunInfo) string { return differs(a.Structures, b.Structures, "%v vs %v") }},
	{"leaders", true, true, func(a, b *RunInfo) string {
		if slices.Equal(a.Leaders, b.Leaders) {
			return ""
		}
		return fmt.Sprintf("%v vs %v", a.Leaders, b.Leaders)
	}},
	{"until_ci", false, false, func(a, b *RunInfo) string { return differs(a.UntilCI, b.UntilCI, "%g vs %g") }},
	{"version", false, false, func(a, b *RunInfo) string { return differs(a.Version, b.Version, "%s vs %s") }},
}

// differs is "" when a and b are equal, else both in format.
func differs[T comparable](a, b T, format string) string {
	if a == b {
		return ""
	}
	return fmt.Sprintf(format, a, b)
}

// mismatch names the first field in which two runs differ, or "".
func (r *RunInfo) mismatch(o *RunInfo) string {
	switch {
	case r == nil || o == nil:
		if r != o {
			return "run (one result records no run details: written by an older hexforge?)"
		}
		return ""
	case r.ArmyHashes[0] != o.ArmyHashes[0]:
		return "army_hashes (the first army's rules differ: edited, or another --set)"
	case r.ArmyHashes[1] != o.ArmyHashes[1]:
		return "army_hashes (the second army's rules differ: edited, or another --set)"
	}
	for _, f := range runFields {
		if d := f.diff(r, o); d != "" {
			return f.name + " (" + d + ")"
		}
	}
	return ""
}

// OtherRun names what, besides the armies, differs between the runs of
// matches s and o (seed, players, games, and the run details but the
// armies' hashes), or "" when they can be matches of one round robin.
func (s *Summary) OtherRun(o *Summary) string {
	switch {
	case s.Seed != o.Seed:
		return fmt.Sprintf("seed (%d vs %d)", s.Seed, o.Seed)
	case s.Players != o.Players:
		return fmt.Sprintf("players (%v vs %v)", s.Players, o.Players)
	case s.Pairs != o.Pairs:
		return fmt.Sprintf("games (%d vs %d pairs)", s.Pairs, o.Pairs)
	case s.Run == nil || o.Run == nil:
		return s.Run.mismatch(o.Run)
	}
	r := *o.Run
	r.ArmyHashes = s.Run.ArmyHashes
	r.Leaders = s.Run.Leaders // a leader is its army's, as its hash is
	return s.Run.mismatch(&r)
}

// TokenStat is one token type's figures over a match.
type TokenStat struct {
	Name      string  `json:"name"`
	Kind      string  `json:"kind"`
	Copies    int     `json:"copies"`
	Games     int     `json:"games"`      // games its army played
	PlayedIn  int     `json:"played_in"`  // games in which at least one copy was put into play
	Played    int     `json:"played"`     // copies put into play
	ScoreWhen float64 `json:"score_when"` // its army's score (win 1, draw 1/2) over the games it was played in
	Survived  int     `json:"survived"`   // copies on the board at the end
	Dealt     int     `json:"dealt"`      // wounds its attacks inflicted in battles (after armor and medics)
	// What its steps did outside battles (instants, abilities, foundation
	// and event triggers): wounds to enemy units, enemy units destroyed or
	// removed, wounds healed, tokens moved between discard pile, hand and
	// deck.
	StepWounds  int `json:"step_wounds"`
	StepRemoved int `json:"step_removed"`
	Healed      int `json:"healed"`
	TokensMoved int `json:"tokens_moved"`
	KeptAlive   int `json:"kept_alive"` // units its toughness bonus kept alive at the end of a battle
	// What it moved on the board (engine.Figures): units its steps or its
	// own abilities moved to another hex (its own moves too) and turned on
	// the spot, and the turns of their carriers' owners its statuses lasted
	// into.
	Moves       int `json:"moves"`
	Rotations   int `json:"rotations"`
	StatusTurns int `json:"status_turns"`
	// when12 is ScoreWhen in twelfths, in a multiplayer run (a shared
	// win's 1/k is a whole number of them): sums stay exact (MergeMultiTokens).
	when12 int
}

// Deeds reports whether the token's steps did anything.
func (t TokenStat) Deeds() bool {
	return t.StepWounds+t.StepRemoved+t.Healed+t.TokensMoved+t.KeptAlive+t.Moves+t.Rotations+t.StatusTurns > 0
}

// Summarize turns game records into a summary.
func Summarize(m *Match, recs []GameRecord, partial bool) *Summary {
	s := &Summary{A: m.A.Name, B: m.B.Name, Seed: m.Seed, Pairs: m.Pairs, Partial: partial,
		Players: [2]string{m.Players[0].String(), m.Players[1].String()}}
	board := position.Standard
	if m.Board != nil {
		board = m.Board
	}
	s.keep, s.armies = m.KeepPoints, [2]*rules.Army{m.A, m.B}
	if board.Duel {
		s.Duel = &DuelUse{}
	}
	s.Run = &RunInfo{ArmyHashes: [2]string{ArmyHash(m.A), ArmyHash(m.B)}, MaxActions: m.MaxActions, Board: board.Name, Version: Version}
	if m.Start != engine.StartStandard {
		s.Run.Start = m.Start.String()
	}
	s.Run.Reinforce = m.Reinforce
	s.Run.Structures = m.Structures
	if m.Leaders[0] != nil || m.Leaders[1] != nil {
		s.Run.Leaders = []string{LeaderName(m.Leaders[0]), LeaderName(m.Leaders[1])}
		s.LeaderUses = make([]int, 2)
	}
	if m.Shard.N > 1 {
		s.Run.Shard = fmt.Sprintf("%d/%d", m.Shard.I, m.Shard.N) // as --shard gives it
	}
	for side, a := range [2]*rules.Army{m.A, m.B} {
		for _, t := range a.Tokens {
			s.Tokens[side] = append(s.Tokens[side], TokenStat{Name: t.Name, Kind: t.Kind.String(), Copies: t.Count})
		}
	}
	s.Fold(recs)
	return s
}

// Fold adds records to the summary; the pairs of recs follow those already
// in it.
func (s *Summary) Fold(recs []GameRecord) {
	for i := range recs {
		s.add(&recs[i])
		if i == 0 || recs[i].Pair != recs[i-1].Pair {
			s.GameIDs.Add(recs[i].Pair)
		} else {
			first, second := recs[i-1], recs[i]
			if !first.AFirst {
				first, second = second, first
			}
			s.Tally.AddPair(first.Outcome, second.Outcome)
			if s.keep {
				s.points = AppendPairPoints(s.points, recs[i-1:i+1])
			}
		}
	}
}

func (s *Summary) add(r *GameRecord) {
	s.Tally.Add(r.Outcome)
	first := r.Outcome
	if !r.AFirst && r.Outcome != Capped && r.Outcome != Draw {
		first = Win + Loss - r.Outcome
	}
	s.First.Add(first)
	s.HQMargin += r.HQ[0] - r.HQ[1]
	if s.Duel != nil {
		for side := 0; side < 2; side++ {
			s.Duel.Energy[side] += r.Energy[side]
			for k, n := range r.Procs[side] {
				s.Duel.Procedures[side][k] += n
			}
		}
	}
	s.Turns += r.Turns
	s.Battles += r.Battles
	if s.LeaderUses != nil {
		s.LeaderUses[0] += int(r.LeaderUses[0])
		s.LeaderUses[1] += int(r.LeaderUses[1])
	}
	for side := 0; side < 2; side++ {
		score := 0.0
		switch {
		case r.Outcome == Draw:
			score = 0.5
		case (r.Outcome == Win) == (side == 0) && r.Outcome != Capped:
			score = 1
		}
		for ti := range s.Tokens[side] {
			st := &s.Tokens[side][ti]
			st.Games++
			if n := int(r.Played[side][ti]); n > 0 {
				st.PlayedIn++
				st.Played += n
				st.ScoreWhen += score
			}
			st.Survived += int(r.Survivors[side][ti])
			st.Dealt += int(r.Dealt[side][ti])
			dd := &r.Deeds[side][ti]
			st.StepWounds += int(dd[engine.DeedWounds])
			st.StepRemoved += int(dd[engine.DeedRemoved])
			st.Healed += int(dd[engine.DeedHealed])
			st.TokensMoved += int(dd[engine.DeedTokens])
			st.KeptAlive += int(dd[engine.DeedKept])
			st.Moves += int(r.Moves[side][ti])
			st.Rotations += int(r.Rotations[side][ti])
			st.StatusTurns += int(r.StatusTurns[side][ti])
		}
	}
}

// Games is the number of games summarized (capped included).
func (s *Summary) Games() int { return s.Tally.Games() + s.Tally.Capped }

// Merge adds another summary of the same match (another shard).
func (s *Summary) Merge(o *Summary) error {
	if s.A != o.A || s.B != o.B || s.Seed != o.Seed || s.Players != o.Players {
		return fmt.Errorf("cannot merge %s vs %s (seed %d, %v) with %s vs %s (seed %d, %v)", s.A, s.B, s.Seed, s.Players, o.A, o.B, o.Seed, o.Players)
	}
	if f := s.Run.mismatch(o.Run); f != "" {
		return fmt.Errorf("cannot merge %s vs %s: %s", s.A, s.B, f)
	}
	if s.Run != nil {
		r := *s.Run
		r.Shard = "" // the sum of shards
		s.Run = &r
	}
	if (s.Seq == nil) != (o.Seq == nil) || (s.Seq != nil && (s.Seq.Kind != o.Seq.Kind || s.Seq.P0 != o.Seq.P0 || s.Seq.P1 != o.Seq.P1 ||
		s.Seq.Lo != o.Seq.Lo || s.Seq.Hi != o.Seq.Hi || s.Seq.Alpha != o.Seq.Alpha || s.Seq.Beta != o.Seq.Beta)) {
		return fmt.Errorf("cannot merge %s vs %s: sequential differs (one result's test is not the other's)", s.A, s.B)
	}
	if k, ok := s.GameIDs.Overlap(o.GameIDs); ok {
		return fmt.Errorf("%s vs %s: pair %d is in both results (overlapping shards?)", s.A, s.B, k)
	}
	s.GameIDs.Union(o.GameIDs)
	s.points = append(s.points, o.points...) // a series continued in order (until-ci)
	s.Partial = s.Partial || o.Partial
	s.Tally.Merge(o.Tally)
	s.First.Merge(o.First)
	s.HQMargin += o.HQMargin
	if s.Duel != nil && o.Duel != nil {
		for side := 0; side < 2; side++ {
			s.Duel.Energy[side] += o.Duel.Energy[side]
			for k, n := range o.Duel.Procedures[side] {
				s.Duel.Procedures[side][k] += n
			}
		}
	}
	s.Turns += o.Turns
	s.Battles += o.Battles
	if len(s.LeaderUses) == 2 && len(o.LeaderUses) == 2 {
		s.LeaderUses[0] += o.LeaderUses[0]
		s.LeaderUses[1] += o.LeaderUses[1]
	}
	for side := 0; side < 2; side++ {
		for i := range s.Tokens[side] {
			if i < len(o.Tokens[side]) {
				a, b := &s.Tokens[side][i], o.Tokens[side][i]
				a.Games += b.Games
				a.PlayedIn += b.PlayedIn
				a.Played += b.Played
				a.ScoreWhen += b.ScoreWhen
				a.Survived += b.Survived
				a.Dealt += b.Dealt
				a.StepWounds += b.StepWounds
				a.StepRemoved += b.StepRemoved
				a.Healed += b.Healed
				a.TokensMoved += b.TokensMoved
				a.KeptAlive += b.KeptAlive
				a.Moves += b.Moves
				a.Rotations += b.Rotations
				a.StatusTurns += b.StatusTurns
			}
		}
	}
	if s.Seq != nil {
		// Shards cannot stop together when the answer is known: the sum is
		// a fixed-length test.
		q := *s.Seq
		q.FixedLength = true
		q.Update(s.Tally.Pairs)
		s.Seq = &q
	}
	return nil
}

// Averages of a summary.
func (s *Summary) avg(sum int) float64 {
	if n := s.Games(); n > 0 {
		return float64(sum) / float64(n)
	}
	return 0
}

// AvgHQMargin is A's HQ points minus B's at the end, on average.
func (s *Summary) AvgHQMargin() float64 { return s.avg(s.HQMargin) }

// AvgTurns is the average game length in turns.
func (s *Summary) AvgTurns() float64 { return s.avg(s.Turns) }

// AvgBattles is the average number of battles per game.
func (s *Summary) AvgBattles() float64 { return s.avg(s.Battles) }

// Rarely reports whether a token was put into play in too few games for its
// figures to mean much.
func (t TokenStat) Rarely() bool { return t.PlayedIn < 30 || t.PlayedIn*10 < t.Games }

// WhenPlayed is the army's win rate over the games the token was played in.
func (t TokenStat) WhenPlayed() float64 {
	if t.PlayedIn == 0 {
		return 0
	}
	return t.ScoreWhen / float64(t.PlayedIn)
}

// DealtPerGame is the wounds the token type inflicted per game its army
// played.
func (t TokenStat) DealtPerGame() float64 {
	if t.Games == 0 {
		return 0
	}
	return float64(t.Dealt) / float64(t.Games)
}

// SurvivalRate is the share of copies put into play that were on the board
// at the end. Tokens that start on the board are not counted as played.
func (t TokenStat) SurvivalRate() float64 {
	if t.Played == 0 {
		return 0
	}
	return float64(t.Survived) / float64(t.Played)
}

// LeaderName names a leader card in reports: its name, or "none".
func LeaderName(l *rules.Leader) string {
	if l == nil {
		return "none"
	}
	return l.Name
}

// Armies are the compiled armies A and B of a match played here (nil for a
// summary read from JSON), for the reports' drawings of their tokens.
func (s *Summary) Armies() [2]*rules.Army { return s.armies }
