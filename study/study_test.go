package study

import (
	"context"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

func TestParseRange(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // the values joined by |, or "error"
	}{
		{"1..3", "1|2|3"},
		{" 2 .. 2", "2"},
		{"1,2, 4", "1|2|4"},
		{"melee 1,ranged 2", "melee 1|ranged 2"},
		{"3..1", "error"},
		{"1..60", "error"},
		{" , ", "error"},
	} {
		got, err := ParseRange(c.in)
		if err != nil {
			if c.want != "error" {
				t.Errorf("%q: %v", c.in, err)
			}
			continue
		}
		if s := strings.Join(got, "|"); s != c.want {
			t.Errorf("%q: %q, want %q", c.in, s, c.want)
		}
	}
}

// RemoveToken leaves the army alone and keeps the token indices of the
// copy consistent: the HQ and every waived cost still name the same tokens.
func TestRemoveToken(t *testing.T) {
	l, err := armies.Loader{}.Load("moloch")
	if err != nil {
		t.Fatal(err)
	}
	a := l.Army
	i := (a.HQ + 1) % len(a.Tokens) // a token that is not the HQ
	name, count, total := a.Tokens[i].Name, a.Tokens[i].Count, len(a.Tokens)
	v := RemoveToken(a, i, false)
	if len(a.Tokens) != total || a.Tokens[i].Name != name {
		t.Fatal("RemoveToken changed the army it was given")
	}
	if len(v.Tokens) != total-1 || v.Tokens[v.HQ].Kind != rules.HQ {
		t.Errorf("%d tokens, HQ at %d (%v)", len(v.Tokens), v.HQ, v.Tokens[v.HQ].Kind)
	}
	for _, tok := range v.Tokens {
		if tok.Name == name {
			t.Errorf("%s is still there", name)
		}
	}
	if count > 1 {
		one := RemoveToken(a, i, true)
		if len(one.Tokens) != total || one.Tokens[i].Count != count-1 || a.Tokens[i].Count != count {
			t.Errorf("one copy: %d tokens, %d copies left (was %d)", len(one.Tokens), one.Tokens[i].Count, count)
		}
	}
	if n := Variants(a); n != total { // the army and every token type but the HQ
		t.Errorf("Variants = %d, want %d", n, total)
	}
}

func TestCheckStructures(t *testing.T) {
	plain := &rules.Army{Name: "Plain"}
	built := &rules.Army{Name: "Built", Structures: make([]rules.Structure, 1)}
	if note, err := CheckStructures(true, plain); err == nil || note != "" {
		t.Errorf("on without a structure block: %q, %v", note, err)
	}
	if note, err := CheckStructures(false, plain, built); err != nil || !strings.Contains(note, `"Built" has structure blocks`) {
		t.Errorf("off with one: %q, %v", note, err)
	}
	if note, err := CheckStructures(true, plain, built); err != nil || note != "" {
		t.Errorf("on with one: %q, %v", note, err)
	}
}

// The loss tracker keeps the k widest losses of army A, the earlier game
// first on a tie, whatever order the games come in.
func TestLossTracker(t *testing.T) {
	recs := []sim.GameRecord{
		{Pair: 0, AFirst: true, Outcome: sim.Loss, HQ: [2]int{0, 5}},
		{Pair: 0, AFirst: false, Outcome: sim.Win, HQ: [2]int{9, 0}},
		{Pair: 1, AFirst: true, Outcome: sim.Loss, HQ: [2]int{0, 9}},
		{Pair: 2, AFirst: false, Outcome: sim.Loss, HQ: [2]int{0, 5}},
	}
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}} {
		tr := LossTracker{K: 2}
		for _, k := range order {
			tr.Add(recs[k : k+1])
		}
		if len(tr.worst) != 2 || tr.worst[0].game != 3 || tr.worst[1].game != 1 {
			t.Errorf("order %v: kept %+v, want games 3 and 1", order, tr.worst)
		}
	}
}

// A sequential test tells its expected games before the first batch and
// after each, never --games (its cap of 100,000): a random mirror at the
// band's centre expects about a thousand, and the expectation ends near
// what the test played.
func TestSequentialExpect(t *testing.T) {
	q, err := sim.ParseSequential("", "45-55", 0.05, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	rnd, err := player.Parse("random")
	if err != nil {
		t.Fatal(err)
	}
	a, err := armies.Loader{}.Load("moloch")
	if err != nil {
		t.Fatal(err)
	}
	var told []int
	r := &Run{Players: [2]player.Spec{rnd, rnd}, Seed: 1, Games: 100_000, Seq: q, Expect: func(g int) { told = append(told, g) }}
	s, err := r.Match(context.Background(), r.NewMatch(a.Army, a.Army))
	if err != nil {
		t.Fatal(err)
	}
	played := s.Games() + s.Tally.Capped
	if len(told) < 2 || told[0] < 400 || told[0] > 4000 {
		t.Fatalf("expected games told %v (played %d): want about a thousand first", told, played)
	}
	for _, g := range told {
		if g >= 100_000 {
			t.Errorf("told %d games: the cap, not the test's expectation (%v)", g, told)
		}
	}
	if last := told[len(told)-1]; last < played-100 || last > 2*played+200 {
		t.Errorf("last expectation %d games, played %d (%v)", last, played, told)
	}
}
