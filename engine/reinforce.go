package engine

// The Reinforcements variant (Neuroshima Hex 3.0 core rules, "Posiłki"):
// "W swoich standardowych turach gracz dobiera do 6 żetonów, 1 musi
// odrzucić, 2 zagrać, odrzucić lub pozostawić na później, a pozostałe 3
// zostawić na kolejne tury. (...) Pechowe Dobranie może być rozpatrzone
// tylko, gdy po dobraniu żetonów gracz ma 6 żetonów Natychmiastowych."
// From the third turn on a player draws up to six, discards one, may play
// or discard at will at most two more, and keeps three; the first two turns
// draw as in the standard game.

// handCap is how many tokens the player to move draws up to from the third
// turn on.
func (g *Game) handCap() int {
	if g.cfg.Reinforce {
		return MaxHand
	}
	return HandSize
}

// useLimited reports whether the player to move may play or discard no
// more tokens this turn: under Reinforcements two are used at most, and
// three stay in hand.
func (g *Game) useLimited() bool {
	return g.cfg.Reinforce && g.Turn > 2 && (g.usedNow >= 2 || int(g.HandLen[g.Player]) <= HandSize)
}
