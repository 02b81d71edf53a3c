package engine

import "github.com/hexforge/hexforge/rules"

// afterBattle lets the controller of each unit with the trait scavenger
// (printed or granted) move it, once, to any hex without a unit, with any
// facing, or leave it where it is (QAfterBattleMove; the first option is
// to stay). The player whose turn it is answers first, units in board
// order. Netted and heavy units stay. Nothing is asked once an HQ is gone:
// the game is over.
func (g *Game) afterBattle(d Decider) {
	s := &g.S
	if g.Phase == PhaseOver {
		return
	}
	if g.anyFx&factScavenger == 0 { // no token is or makes a scavenger
		return
	}
	var done [MaxHexes]bool
	order, n := g.inOrder() // from the player to move: Player, Player^1 in a two-player game
	for _, p := range order[:n] {
		for h := Hex(0); int(h) < s.Board.Size; h++ {
			u := s.Cells[h].Unit
			if u.Empty() || done[h] || u.Controller() != p || g.heavy(h) {
				continue
			}
			nets := g.computeNets()
			if nets[h] {
				continue
			}
			// A printed scavenger whose allowance is used up may still
			// move by a granted one, which spends none (limits.go).
			own := s.Tok(u).Traits.Has(rules.Scavenger) && g.traitOK(u.Owner, u.Token, rules.Scavenger)
			if !own && !g.grantedAt(h, nets).Has(rules.Scavenger) {
				continue
			}
			opts := g.scavengerDests(g.ws.opts[:0], h)
			g.ws.opts = opts[:0]
			if len(opts) < 2 {
				continue
			}
			i := clampChoice(d.Choose(s, p, QAfterBattleMove, opts), len(opts))
			opts = g.scavengerDests(g.ws.opts[:0], h) // the Decider may have reused the scratch space
			o := opts[i]
			if o.To == h {
				done[h] = true
				continue
			}
			if own {
				g.spendTrait(u.Owner, u.Token, rules.Scavenger)
			}
			g.moveUnit(h, o.To, o.Dir, d)
			done[o.To] = true
		}
	}
}

// scavengerDests appends the answers for the unit on h: stay (first), then
// every hex without a unit with each distinct facing.
func (g *Game) scavengerDests(opts []Option, h Hex) []Option {
	s := &g.S
	u := s.Cells[h].Unit
	opts = append(opts, Option{Hex: h, To: h, Dir: u.Facing})
	per := rules.Dir(g.symOf(u))
	for to := Hex(0); int(to) < s.Board.Size; to++ {
		if to == h || !s.open(to) || (g.cfg.Structures && !keepsWhole(s, h, to)) {
			continue
		}
		for f := rules.Dir(0); f < per; f++ {
			opts = append(opts, Option{Hex: h, To: to, Dir: f})
		}
	}
	return opts
}
