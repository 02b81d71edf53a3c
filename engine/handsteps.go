package engine

// Steps on hands and decks: an enemy discard and looking at the top of the
// own deck (recover, which has targets, is in targets and runStep).

// forceDiscard makes player q discard n tokens of their hand, one at a
// time, each their own choice (QHandDiscard, Index: the hand slot); the
// tokens go to q's discard pile.
func (g *Game) forceDiscard(q uint8, n int, d Decider) {
	for ; n > 0 && g.HandLen[q] > 0; n-- {
		opts := g.ws.opts[:0]
		for i := range g.HandLen[q] {
			opts = append(opts, Option{Hex: NoHex, To: NoHex, Index: int(i)})
		}
		g.ws.opts = opts[:0]
		i := 0
		if len(opts) > 1 {
			i = clampChoice(d.Choose(&g.S, q, QHandDiscard, opts), len(opts))
		}
		g.traceEv(TrDiscard, q, g.Hand[q][i], NoHex, NoHex, 0, 0)
		g.Discarded[q][g.Hand[q][i]]++
		if g.credit.owner != q { // a cost=discard is the payer's own: no deed
			g.deed(DeedTokens, q, 1)
		}
		g.HandLen[q]--
		g.Hand[q][i] = g.Hand[q][g.HandLen[q]] // the order of a hand does not matter
	}
}

// lookAndOrder lets player p look at the top n tokens of their deck and put
// them back in the order they choose: asked for the token to go on top,
// then the next, and so on (QLookOrder, Index: the token type).
func (g *Game) lookAndOrder(p uint8, n int, d Decider) {
	top := int(g.DeckLen[p]) - 1 // the deck's top is at DeckLen-1
	n = min(n, top+1)
	for k := 0; k < n-1; k++ {
		// Candidates for position top-k: the looked-at tokens not yet placed.
		opts := g.ws.opts[:0]
		for j := top - k; j > top-n; j-- {
			opts = append(opts, Option{Hex: NoHex, To: NoHex, Index: int(g.Deck[p][j])})
		}
		g.ws.opts = opts[:0]
		i := clampChoice(d.Choose(&g.S, p, QLookOrder, opts), len(opts))
		j := top - k - i
		g.Deck[p][top-k], g.Deck[p][j] = g.Deck[p][j], g.Deck[p][top-k]
	}
}

// redraw is the redraw step, on player q, the player whose turn it is,
// right after their draw: every token of their hand goes back into the
// deck, the deck is shuffled with the game's generator ("wtasowuje"), and
// they draw as many again, which is the full hand they had drawn.
func (g *Game) redraw(q uint8) {
	for g.HandLen[q] > 0 && g.DeckLen[q] < MaxArmyTokens {
		g.HandLen[q]--
		t := g.Hand[q][g.HandLen[q]]
		g.traceEv(TrReturn, q, t, NoHex, NoHex, 0, 0)
		g.Deck[q][g.DeckLen[q]] = t
		g.DeckLen[q]++
	}
	for i := int(g.DeckLen[q]) - 1; i > 0; i-- {
		j := g.intn(i + 1)
		g.Deck[q][i], g.Deck[q][j] = g.Deck[q][j], g.Deck[q][i]
	}
	for int(g.HandLen[q]) < g.drawTarget() && g.DeckLen[q] > 0 {
		g.DeckLen[q]--
		g.Hand[q][g.HandLen[q]] = g.Deck[q][g.DeckLen[q]]
		g.HandLen[q]++
		g.traceEv(TrDraw, q, g.Hand[q][g.HandLen[q]-1], NoHex, NoHex, 0, 0)
		if g.DeckLen[q] == 0 {
			g.lastDrawn()
		}
	}
	g.fresh = true // a new draw: the bad-draw rule applies to it
}
