package engine

import "github.com/hexforge/hexforge/rules"

// returnsToDeck reports whether a token has a destroyed trigger with a
// return_to_deck step: destroyed, it goes on top of its owner's deck.
func returnsToDeck(t *rules.Token) bool {
	for i := range t.Triggers {
		if t.Triggers[i].Event != rules.OnDestroyed {
			continue
		}
		for _, a := range t.Triggers[i].Actions {
			if a.Op == rules.ActReturnToDeck {
				return true
			}
		}
	}
	return false
}

// toPile puts a destroyed token of player p (its owner, whoever controlled
// it) where it goes: on top of p's deck, to be drawn first, when its
// destroyed trigger says return_to_deck; otherwise on p's discard.
func (g *Game) toPile(p, t uint8) {
	if g.cfg.Structures && g.S.Armies[p].Mate(int(t)) >= 0 {
		return // a Structure's part leaves the game: it was never drawn, and no recover step may take it
	}
	if returnsToDeck(&g.S.Armies[p].Tokens[t]) && int(g.DeckLen[p]) < MaxArmyTokens {
		g.Deck[p][g.DeckLen[p]] = t
		g.DeckLen[p]++
		return
	}
	g.Discarded[p][t]++
}
