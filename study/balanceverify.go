package study

// The verification of balance's best suggestions: fair-band sequential
// tests on a seed of their own, against every opponent, or of the mean
// over them (the field goal).

import (
	"context"

	"github.com/hexforge/hexforge/sim"
)

// verify runs the fair-band test of the best suggestions against every
// opponent on the verification's seed, each test capped at an equal part
// of what the search left of the budget. The test looks after every
// seqBatch pairs, as sim --fair-band does; a shard plays its slice of the
// whole cap and the test is fixed-length (sim.Sequential.FixedLength).
func (b *balancer) verify(ctx context.Context) error {
	n := min(b.o.Verify, len(b.ranked))
	if n == 0 || ctx.Err() != nil {
		return nil
	}
	left := b.o.Budget - b.res.SearchGames
	spent := 0
	for i := range n {
		test := b.verifyEach
		if b.o.Field {
			test = b.verifyField
		}
		v, err := test(ctx, b.ranked[i], left, n, i, &spent)
		if err != nil || v == nil {
			return err
		}
		if b.waiting {
			continue
		}
		b.res.VerifyGames += v.Games
		b.res.Suggestions[i].Verified = v
		if v.Passed {
			b.res.VerifiedPass++
		}
	}
	b.res.VerifyFixedLength = b.r.Shard.N > 1
	return nil
}

// verifyEach is the verification of candidate c, the i-th of n: the
// fair-band test against every opponent, each capped at an equal part of
// what is left of left. nil when no game is left for it, or it was
// stopped.
func (b *balancer) verifyEach(ctx context.Context, c *candidate, left, n, i int, spent *int) (*BalanceVerification, error) {
	sharded := b.r.Shard.N > 1
	seed := BalanceVerifySeed(b.r.Seed)
	tests := n * len(b.opps)
	v := &BalanceVerification{Passed: true}
	for k, opp := range b.opps {
		// Each test may play an equal part of what is left: a test
		// that stops early leaves its games to the tests after it.
		// Shards cannot know what the others' tests left, so theirs
		// share the verification's games equally from the start.
		maxPairs := left / (2 * tests)
		if !sharded {
			maxPairs = (left - *spent) / (2 * (tests - i*len(b.opps) - k))
		}
		if maxPairs < 1 {
			return nil, nil
		}
		batch := seqBatch
		if sharded {
			batch = maxPairs
		}
		q := &sim.Sequential{Kind: "fair-band", Lo: b.o.Lo, Hi: b.o.Hi, Alpha: b.o.Alpha, Beta: b.o.Beta, Verdict: sim.VerdictUndecided, FixedLength: b.r.Shard.N > 1}
		var total sim.Tally
		whole := true
		for first := 0; first < maxPairs; first += batch {
			t, ok, err := b.tally(ctx, b.match(c.arm.army, opp, seed, first, min(batch, maxPairs-first)))
			if err != nil {
				return nil, err
			}
			if !ok {
				whole = false
				break
			}
			total.Merge(t)
			if q.Update(total.Pairs) {
				break
			}
		}
		if ctx.Err() != nil {
			return nil, nil
		}
		if !whole {
			continue // a shard waiting: the other tests are still played
		}
		r := rateOf(b.res.Opponents[k], total)
		r.Verdict = q.Verdict
		*spent += r.Games
		v.Opponents = append(v.Opponents, r)
		v.Games += r.Games
		v.Passed = v.Passed && q.Verdict == sim.VerdictInside
	}
	return v, nil
}

// verifyField is the field goal's verification of candidate c, the i-th
// of n: one fair-band test of the mean win rate over the opponents, each
// look playing as many more pairs against every opponent (so the pooled
// rate stays their mean), capped at an equal part of what is left of
// left. nil when no game is left for it, or it was stopped.
func (b *balancer) verifyField(ctx context.Context, c *candidate, left, n, i int, spent *int) (*BalanceVerification, error) {
	sharded := b.r.Shard.N > 1
	k := len(b.opps)
	maxPairs := left / (2 * n * k) // against each opponent
	if !sharded {
		maxPairs = (left - *spent) / (2 * k * (n - i))
	}
	if maxPairs < 1 {
		return nil, nil
	}
	batch := max(1, (seqBatch+k-1)/k)
	if sharded {
		batch = maxPairs
	}
	seed := BalanceVerifySeed(b.r.Seed)
	q := &sim.Sequential{Kind: "fair-band", Lo: b.o.Lo, Hi: b.o.Hi, Alpha: b.o.Alpha, Beta: b.o.Beta, Verdict: sim.VerdictUndecided, FixedLength: sharded}
	tallies := make([]sim.Tally, k)
	var pooled sim.Tally
	for first := 0; first < maxPairs; first += batch {
		whole := true
		for o, opp := range b.opps {
			t, ok, err := b.tally(ctx, b.match(c.arm.army, opp, seed, first, min(batch, maxPairs-first)))
			if err != nil {
				return nil, err
			}
			if !ok {
				whole = false
				continue // a shard waiting: the other opponents' slices are still played
			}
			tallies[o].Merge(t)
			pooled.Merge(t)
		}
		if ctx.Err() != nil {
			return nil, nil
		}
		if !whole {
			return &BalanceVerification{}, nil // b.waiting
		}
		if q.Update(pooled.Pairs) {
			break
		}
	}
	v := &BalanceVerification{}
	for o, t := range tallies {
		v.Opponents = append(v.Opponents, rateOf(b.res.Opponents[o], t))
	}
	f := rateOf("the field", pooled)
	f.Verdict = q.Verdict
	v.Field, v.Games, v.Passed = &f, f.Games, q.Verdict == sim.VerdictInside
	*spent += f.Games
	return v, nil
}
