package engine

import "github.com/hexforge/hexforge/rules"

// usesModule reports whether a use_modules link of the unit on h may take
// the enemy unit on nb: only modules are taken (a module works for whoever
// controls it), and not one whose own working takeover or use_modules link
// reaches back to h. A takeover facing a use_modules link takes the
// use_modules token instead; two use_modules links facing each other cancel,
// as two nets do. netted reports the units whose links do not work.
func usesModule(s *State, h, nb Hex, netted func(Hex) bool) bool {
	q := s.Cells[nb].Unit
	if s.Tok(q).Kind != rules.Module {
		return false
	}
	if netted(nb) {
		return true
	}
	p := s.Cells[h].Unit
	if s.Friends(p.Owner, q.Controller()) {
		return true // q's links could not take p back
	}
	pModule := s.Tok(p).Kind == rules.Module
	for _, e := range s.Tok(q).Effects {
		if e.Op != rules.EffTakeover && (e.Op != rules.EffUseModules || !pModule) {
			continue
		}
		for d := rules.N; d <= rules.NW; d++ {
			if e.Dirs.Has(d) && s.Board.Nb[nb][q.EdgeDir(d)] == h {
				return false
			}
		}
	}
	return true
}

// takesOver reports whether any token of either army takes units over
// (takeover or use_modules links), so that the battle recomputes control.
func takesOver(s *State) bool {
	return hasEffect(s, rules.EffTakeover) || hasEffect(s, rules.EffUseModules)
}

// takeoverReaches reports whether the taken-over unit on h is reached by a
// takeover link (not use_modules only) of a unit of its new controller that
// is not netted: only such a taker may turn the unit it takes.
func takeoverReaches(s *State, h Hex, netted *[MaxHexes]bool) bool {
	u := s.Cells[h].Unit
	for d := rules.N; d <= rules.NW; d++ {
		n := s.Board.Nb[h][d]
		if n == NoHex || netted[n] {
			continue
		}
		v := s.Cells[n].Unit
		if v.Empty() || v.Controller() != u.Controller() {
			continue
		}
		for _, e := range s.Tok(v).Effects {
			if e.Op == rules.EffTakeover && e.Dirs.Has(v.EdgeAt(d.Opposite())) {
				return true
			}
		}
	}
	return false
}
