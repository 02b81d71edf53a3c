// gamenets.go computes who is netted outside a battle and the traits linked
// tokens grant.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// ---------------------------------------------------------------- nets

// computeNets fills ws.nets: a unit is netted when a not-netted unit of the
// other side (or any side, for net-hits-friends) turns a net edge to it, or
// when it carries a net marker. Netters netting each other in a loop all
// stay free (two nets facing each other cancel: rulebook 000, on netters
// netting each other).
func (g *Game) computeNets() *[MaxHexes]bool {
	if g.cfg.Structures && g.StructPlaced != 0 && g.pairsOnBoard() {
		return g.pairedNets()
	}
	s := &g.S
	b := s.Board
	const unknown, free, netted = 0, 1, 2
	var st [MaxHexes]uint8
	var has [MaxHexes]bool // some netter faces the unit
	anyNet := false
	for h := 0; h < b.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() {
			st[h] = free
			continue
		}
		if g.fact(u).net == 0 {
			continue
		}
		for d := rules.N; d <= rules.NW; d++ {
			if g.netsDir(Hex(h), d) {
				has[b.Nb[h][d]] = true
				anyNet = true
			}
		}
	}
	nets := &g.ws.nets
	if !anyNet {
		for h := 0; h < b.Size; h++ {
			nets[h] = s.Cells[h].Unit.Marks&NetMarker != 0
		}
		return nets
	}
	for h := 0; h < b.Size; h++ {
		if st[h] == unknown && !has[h] {
			st[h] = free
		}
	}
	for changed := true; changed; {
		changed = false
		for h := 0; h < b.Size; h++ {
			if st[h] != unknown {
				continue
			}
			allNetted := true
			for d := rules.N; d <= rules.NW; d++ {
				n := b.Nb[h][d]
				if n == NoHex || !g.netsDir(n, d.Opposite()) {
					continue
				}
				switch st[n] {
				case free:
					st[h] = netted
					changed = true
				case unknown:
					allNetted = false
				}
				if st[h] == netted {
					break
				}
			}
			if st[h] == unknown && allNetted {
				st[h] = free
				changed = true
			}
		}
	}
	for h := 0; h < b.Size; h++ {
		nets[h] = st[h] == netted || s.Cells[h].Unit.Marks&NetMarker != 0
	}
	return nets
}

// netsDir reports whether the unit on h throws a net on the unit next to it
// in direction d.
func (g *Game) netsDir(h Hex, d rules.Dir) bool {
	s := &g.S
	u := s.Cells[h].Unit
	if u.Empty() {
		return false
	}
	f := g.fact(u)
	e := u.EdgeAt(d)
	if !f.net.Has(e) {
		return false
	}
	n := s.Board.Nb[h][d]
	if n == NoHex {
		return false
	}
	v := s.Cells[n].Unit
	if v.Empty() {
		return false
	}
	if g.anyImm != 0 && s.Tok(v).Traits.Has(rules.NetImmune) {
		return false // net_immune: no net edge catches it (immunity.go)
	}
	return !s.Friends(v.Controller(), u.Controller()) || f.netFriends.Has(e)
}

// Netted reports whether the unit on h is netted now.
func (g *Game) Netted(h Hex) bool { return g.computeNets()[h] }

// grantedAt are the traits granted to the unit on h by linked tokens and
// global grants of tokens that are not netted (not its own traits).
func (g *Game) grantedAt(h Hex, nets *[MaxHexes]bool) rules.Traits {
	var tr rules.Traits
	g.eachGrant(h, nets, func(_ Hex, grant rules.Traits, _ bool) { tr |= grant })
	return tr
}
