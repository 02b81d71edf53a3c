package engine

import (
	"sort"

	"github.com/hexforge/hexforge/rules"
)

// ReferenceResolve resolves a battle like Resolver.Resolve, written the
// obvious way: maps and slices, everything recomputed from the board at every
// step, no bit tricks and no scratch reuse. It exists to check the fast
// resolver (see TestReferenceMatchesFast) and is far too slow for playouts.
//
// The orders in which players are asked are part of the rules as the engine
// states them (docs/rules.md): units act in board order, edges N..NW, an
// aimed shot's options run along the line, and medics with the fewest
// attacks to choose from choose first.
func ReferenceResolve(s *State, d Decider) {
	if d == nil {
		d = FirstOption{}
	}
	ref := &reference{s: s, d: d, used: map[Hex]map[int]bool{}, last: map[Hex]int{}, extraDone: map[Hex]bool{}, medicDone: map[Hex]bool{}}
	ref.run()
}

type refHit struct {
	target Hex
	src    Hex
	dir    rules.Dir
	wounds int
}

type reference struct {
	s         *State
	d         Decider
	used      map[Hex]map[int]bool // printed initiatives used or lost
	last      map[Hex]int          // segment of the last normal attack
	extraDone map[Hex]bool
	medicDone map[Hex]bool

	// per segment
	netted  map[Hex]bool
	hits    []refHit
	acted   map[Hex]bool
	killed  map[Hex]bool
	takeHas bool
}

func (ref *reference) units() []Hex {
	var out []Hex
	for h := 0; h < ref.s.Board.Size; h++ {
		if !ref.s.Cells[h].Unit.Empty() {
			out = append(out, Hex(h))
		}
	}
	return out
}

func (ref *reference) piece(h Hex) Piece { return ref.s.Cells[h].Unit }
func (ref *reference) tok(h Hex) *rules.Token {
	return ref.s.Tok(ref.s.Cells[h].Unit)
}

// netTargets lists the units the unit on h throws a net on.
func (ref *reference) netTargets(h Hex) []Hex {
	var out []Hex
	p := ref.piece(h)
	t := ref.tok(h)
	for e := rules.N; e <= rules.NW; e++ {
		if t.Edges[e].Flags&rules.Net == 0 {
			continue
		}
		nb := refNeighbour(ref.s.Board, h, p.EdgeDir(e))
		if nb == NoHex || ref.piece(nb).Empty() {
			continue
		}
		if ref.s.Friends(ref.piece(nb).Controller(), p.Controller()) && t.Edges[e].Flags&rules.NetHitsFriends == 0 {
			continue
		}
		out = append(out, nb)
		if m := ref.mate(nb); m != NoHex {
			out = append(out, m) // a net on either part of a Structure nets both
		}
	}
	return out
}

// mate is the hex of the other part of the Structure whose part stands on
// h, or NoHex: the unit next to it of the same owner whose token is its
// mate (a player has one Structure on the board at most).
func (ref *reference) mate(h Hex) Hex {
	p := ref.piece(h)
	if p.Empty() {
		return NoHex
	}
	m := ref.s.Armies[p.Owner].Mate(int(p.Token))
	if m < 0 {
		return NoHex
	}
	for _, x := range ref.units() {
		if q := ref.piece(x); q.Owner == p.Owner && int(q.Token) == m && ref.s.Board.Dist[h][x] == 1 {
			return x
		}
	}
	return NoHex
}

// pathExists reports whether nets lead from a to b.
func (ref *reference) pathExists(a, b Hex) bool {
	seen := map[Hex]bool{a: true}
	queue := []Hex{a}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, y := range ref.netTargets(x) {
			if y == b {
				return true
			}
			if !seen[y] {
				seen[y] = true
				queue = append(queue, y)
			}
		}
	}
	return false
}

func (ref *reference) computeNetted() {
	ref.netted = map[Hex]bool{}
	memo := map[Hex]int{} // 0 unknown, 1 free, 2 netted
	var isNetted func(v Hex) bool
	isNetted = func(v Hex) bool {
		if memo[v] != 0 {
			return memo[v] == 2
		}
		res := ref.piece(v).Marks&NetMarker != 0
		if m := ref.mate(v); m != NoHex && ref.piece(m).Marks&NetMarker != 0 {
			res = true // a net marker on either part nets both
		}
		for _, u := range ref.units() {
			for _, t := range ref.netTargets(u) {
				if t != v {
					continue
				}
				if ref.pathExists(v, u) {
					continue // on a cycle: cancelled
				}
				if !isNetted(u) {
					res = true
				}
			}
		}
		if res {
			memo[v] = 2
		} else {
			memo[v] = 1
		}
		return res
	}
	for _, h := range ref.units() {
		ref.netted[h] = isNetted(h)
	}
}

// linkedEffects lists the effects that reach the unit on h from active
// neighbours, on the side they must be on.
// A Structure's part takes the effects that reach either part, each
// effect of each linked unit once.
func (ref *reference) linkedEffects(h Hex) []rules.Effect {
	var out []rules.Effect
	type source struct {
		from Hex
		i    int
	}
	seen := map[source]bool{}
	parts := []Hex{h}
	if m := ref.mate(h); m != NoHex {
		parts = append(parts, m)
	}
	for _, x := range parts {
		p := ref.piece(x)
		for d := rules.N; d <= rules.NW; d++ {
			nb := refNeighbour(ref.s.Board, x, d)
			if nb == NoHex || ref.piece(nb).Empty() || ref.netted[nb] {
				continue
			}
			l := ref.piece(nb)
			edge := l.EdgeAt(d.Opposite())
			for i, e := range ref.tok(nb).Effects {
				if !e.Dirs.Has(edge) || seen[source{nb, i}] {
					continue
				}
				friend := ref.s.Allies(l.Controller(), p.Controller()) // bonuses reach allies
				if friend && e.Side&rules.Friends == 0 || !friend && e.Side&rules.Enemies == 0 {
					continue
				}
				seen[source{nb, i}] = true
				out = append(out, e)
			}
		}
	}
	return out
}

func (ref *reference) bonus(h Hex, op rules.EffectOp) int {
	n := 0
	for _, e := range ref.linkedEffects(h) {
		if e.Op == op {
			n += int(e.Value)
		}
	}
	return n
}

func (ref *reference) has(h Hex, op rules.EffectOp) bool {
	for _, e := range ref.linkedEffects(h) {
		if e.Op == op {
			return true
		}
	}
	return false
}

// takeoverTargets lists the units the takeover links of the unit on h reach.
func (ref *reference) takeoverTargets(h Hex) []Hex {
	var out []Hex
	l := ref.piece(h)
	for _, e := range ref.tok(h).Effects {
		if e.Op != rules.EffTakeover && e.Op != rules.EffUseModules {
			continue
		}
		for d := rules.N; d <= rules.NW; d++ {
			if !e.Dirs.Has(d) {
				continue
			}
			nb := refNeighbour(ref.s.Board, h, l.EdgeDir(d))
			if nb == NoHex || ref.piece(nb).Empty() || ref.s.Friends(ref.piece(nb).Owner, l.Controller()) {
				continue
			}
			if t := ref.tok(nb); t.Kind == rules.HQ || t.Traits.Has(rules.TakeoverImmune) {
				continue
			}
			if e.Op == rules.EffUseModules && !usesModule(ref.s, h, nb, func(x Hex) bool { return ref.netted[x] }) {
				continue
			}
			out = append(out, nb)
		}
	}
	return out
}

// netWorks reports whether the net of u on v holds: not cancelled on a cycle
// and thrown by a free netter.
func (ref *reference) netWorks(u, v Hex) bool {
	for _, t := range ref.netTargets(u) {
		if t == v && !ref.pathExists(v, u) && !ref.netted[u] {
			return true
		}
	}
	return false
}

// takeoverWorks reports whether the takeover links of the unit on h work:
// not netted, or netted only by units it takes over.
func (ref *reference) takeoverWorks(h Hex, targets []Hex) bool {
	if !ref.netted[h] {
		return true
	}
	if ref.piece(h).Marks&NetMarker != 0 {
		return false
	}
	for _, u := range ref.units() {
		if !ref.netWorks(u, h) {
			continue
		}
		isTarget := false
		for _, x := range targets {
			if x == u {
				isTarget = true
			}
		}
		if !isTarget {
			return false
		}
	}
	return true
}

func (ref *reference) takeover() bool {
	should := map[Hex]uint8{} // the taker's player, by hex taken
	contested := map[Hex]bool{}
	for _, h := range ref.units() {
		targets := ref.takeoverTargets(h)
		if len(targets) > 0 && ref.takeoverWorks(h, targets) {
			for _, x := range targets {
				by := ref.piece(h).Controller()
				if was, ok := should[x]; ok && was != by {
					contested[x] = true // two players' takeovers cancel
				}
				should[x] = by
			}
		}
	}
	for x := range contested {
		delete(should, x)
	}
	// A Structure is taken over whole, by whoever takes either part (the
	// first in board order when each part is taken by another player).
	for _, h := range ref.units() {
		if by, ok := should[h]; ok {
			if m := ref.mate(h); m != NoHex {
				if _, taken := should[m]; !taken {
					should[m] = by
				}
			}
		}
	}
	type change struct {
		h     Hex
		marks Marks
	}
	var changes []change
	for _, h := range ref.units() {
		p := ref.piece(h)
		if by, ok := should[h]; ok {
			p.TakeBy(by)
		} else {
			p.release()
		}
		if p.Marks != ref.piece(h).Marks {
			changes = append(changes, change{h, p.Marks})
		}
	}
	// All units change hands at once, judged by who controlled what before.
	for _, c := range changes {
		ref.s.Cells[c.h].Unit.Marks = c.marks
	}
	return len(changes) > 0
}

func (ref *reference) prepare() {
	ref.computeNetted()
	if !ref.takeHas {
		return
	}
	for i := 0; i <= ref.s.Board.Size; i++ {
		if !ref.takeover() {
			break
		}
		ref.computeNetted()
	}
}

func (ref *reference) initiatives(h Hex) []int {
	var out []int
	b := ref.bonus(h, rules.EffInitiative)
	for _, v := range ref.tok(h).Initiative {
		out = append(out, max(0, int(v)+b))
	}
	return out
}

func (ref *reference) run() {
	s := ref.s
	ref.takeHas = takesOver(s)
	ref.prepare()
	top := 0
	for _, h := range ref.units() {
		for _, v := range ref.initiatives(h) {
			if v > top {
				top = v
			}
		}
	}
	for seg := top; seg >= 0; seg-- {
		if seg != top {
			ref.prepare()
		}
		ref.segment(seg)
	}
}

func (ref *reference) segment(seg int) {
	ref.hits = nil
	ref.acted = map[Hex]bool{}
	ref.killed = map[Hex]bool{}
	for _, h := range ref.units() {
		if ref.used[h] == nil {
			ref.used[h] = map[int]bool{}
		}
		normal, later := false, false
		for k, v := range ref.initiatives(h) {
			if ref.used[h][k] {
				continue
			}
			if v == seg {
				ref.used[h][k] = true
				normal = true
			}
			if v < seg {
				later = true
			}
		}
		if ref.netted[h] {
			continue
		}
		last, ok := ref.last[h]
		if normal {
			ref.last[h] = seg
			ref.act(h)
		} else if ok && last == seg+1 && !later && !ref.extraDone[h] && ref.has(h, rules.EffExtraAction) {
			ref.extraDone[h] = true
			ref.act(h)
		}
	}
	from := 0
	for {
		ref.medics(from)
		from = len(ref.hits)
		again := false
		for _, h := range ref.units() {
			if ref.tok(h).Agony && !ref.acted[h] && !ref.netted[h] && ref.unitDies(h) {
				ref.attack(h)
				again = true
			}
		}
		if !again {
			break
		}
	}
	var dead []Hex
	die := map[Hex]bool{}
	for _, h := range ref.units() {
		if ref.dies(h) {
			die[h] = true
			if m := ref.mate(h); m != NoHex {
				die[m] = true // both parts of a Structure leave together
			}
		}
	}
	for _, h := range ref.units() {
		w := int(ref.piece(h).Wounds) + ref.woundsOn(h)
		if w > 255 {
			w = 255
		}
		ref.s.Cells[h].Unit.Wounds = uint8(w)
		if die[h] {
			dead = append(dead, h)
		}
	}
	for _, h := range dead {
		ref.s.Remove(h)
	}
}

func (ref *reference) woundsOn(h Hex) int {
	n := 0
	for _, x := range ref.hits {
		if x.target == h {
			n += x.wounds
		}
	}
	return n
}

func (ref *reference) dies(h Hex) bool {
	return ref.killed[h] || int(ref.piece(h).Wounds)+ref.woundsOn(h) >= ref.tough(h)
}

// unitDies reports whether the unit the piece on h belongs to is destroyed
// at the end of the segment: the piece, or for a Structure's part either
// part (its agony then fires: docs/rules.md, "Structures").
func (ref *reference) unitDies(h Hex) bool {
	if ref.dies(h) {
		return true
	}
	m := ref.mate(h)
	return m != NoHex && ref.dies(m)
}

// tough is the toughness of the unit on h, with its links' toughness bonus.
func (ref *reference) tough(h Hex) int { return effTough(ref.tok(h), ref.bonus(h, rules.EffToughness)) }

func (ref *reference) isEnemy(a, b Hex) bool {
	return !ref.s.Friends(ref.piece(a).Controller(), ref.piece(b).Controller())
}

// line lists the units in direction d from h, nearest first.
func (ref *reference) line(h Hex, d rules.Dir) []Hex {
	var out []Hex
	for x := refNeighbour(ref.s.Board, h, d); x != NoHex; x = refNeighbour(ref.s.Board, x, d) {
		if !ref.piece(x).Empty() {
			out = append(out, x)
		}
	}
	return out
}

func (ref *reference) attack(h Hex) {
	ref.acted[h] = true
	p := ref.piece(h)
	t := ref.tok(h)
	for e := rules.N; e <= rules.NW; e++ {
		edge := t.Edges[e]
		d := p.EdgeDir(e)
		if edge.Melee > 0 {
			str := int(edge.Melee) + ref.bonus(h, rules.EffMelee)
			nb := refNeighbour(ref.s.Board, h, d)
			if str > 0 && nb != NoHex && !ref.piece(nb).Empty() && (ref.isEnemy(h, nb) || edge.Flags&rules.MeleeHitsFriends != 0) {
				ref.deliver(h, nb, d, str, false)
			}
		}
		if edge.Ranged == 0 {
			continue
		}
		var enemies []Hex
		for _, x := range ref.line(h, d) {
			if ref.isEnemy(h, x) {
				enemies = append(enemies, x)
			}
		}
		if edge.Flags&rules.RangedPiercing != 0 {
			for _, x := range enemies {
				ref.deliver(h, x, d, int(edge.Ranged), true)
			}
			continue
		}
		str := int(edge.Ranged) + ref.bonus(h, rules.EffRanged)
		if str <= 0 || len(enemies) == 0 {
			continue
		}
		target := enemies[0]
		if edge.Flags&rules.RangedAimed != 0 && len(enemies) > 1 {
			var opts []Option
			for _, x := range enemies {
				kills := 0
				if int(ref.piece(x).Wounds)+str >= ref.tough(x) {
					kills = 1
				}
				opts = append(opts, Option{Hex: x, To: h, Dir: d, Index: kills})
			}
			i := ref.d.Choose(ref.s, p.Controller(), QAimTarget, opts)
			if i >= 0 && i < len(opts) {
				target = opts[i].Hex
			}
		}
		ref.deliver(h, target, d, str, true)
	}
}

func (ref *reference) deliver(src, target Hex, d rules.Dir, str int, ranged bool) {
	q := ref.piece(target)
	if ref.tok(target).Edges[q.EdgeAt(d.Opposite())].Flags&rules.Reflect != 0 && !ref.netted[target] {
		back := refNeighbour(ref.s.Board, target, d.Opposite())
		if back != NoHex && !ref.piece(back).Empty() && ref.isEnemy(back, target) && !ref.tok(back).Traits.Has(rules.Flying) {
			ref.land(src, back, d.Opposite(), str, ranged)
		}
		return
	}
	ref.land(src, target, d, str, ranged)
}

func (ref *reference) land(src, target Hex, d rules.Dir, str int, ranged bool) {
	if ref.tok(src).Kind == rules.HQ && ref.tok(target).Kind == rules.HQ {
		return
	}
	if !ranged && ref.tok(target).Traits.Has(rules.Flying) {
		return
	}
	if ranged {
		q := ref.piece(target)
		if ref.tok(target).Edges[q.EdgeAt(d.Opposite())].Flags&rules.Armor != 0 || ref.has(target, rules.EffArmor) {
			str--
		}
	}
	if ref.s.Mode == ModePoints && ref.tok(target).Kind == rules.HQ {
		// The points game: a hit on an enemy HQ scores instead of wounding.
		if ref.isEnemy(src, target) && str > 0 {
			ref.s.score(ref.piece(src).Controller(), str)
		}
		return
	}
	if str > 0 {
		ref.hits = append(ref.hits, refHit{target: target, src: src, dir: d, wounds: str})
	}
}

func (ref *reference) isMedicUnit(h Hex) bool {
	for _, e := range ref.tok(h).Effects {
		if e.Op == rules.EffMedic {
			return true
		}
	}
	return false
}

func (ref *reference) medicReady(m Hex) bool {
	return !ref.piece(m).Empty() && ref.isMedicUnit(m) && !ref.netted[m] && !ref.medicDone[m] && !ref.killed[m] && ref.woundsOn(m) == 0
}

// medicReaches reports whether the medic on m is linked to the friendly unit
// on u.
func (ref *reference) medicReaches(m, u Hex) bool {
	if x := ref.mate(u); x != NoHex && x != m && ref.medicReachesOne(m, x) {
		return true // a medic linked to either part of a Structure serves both
	}
	return ref.medicReachesOne(m, u)
}

// medicReachesOne is medicReaches without Structures: the medic's own link
// to the unit on u.
func (ref *reference) medicReachesOne(m, u Hex) bool {
	d, ok := ref.s.Board.DirTo(m, u)
	if !ok || ref.isEnemy(m, u) {
		return false
	}
	for _, e := range ref.tok(m).Effects {
		if e.Op == rules.EffMedic && e.Side&rules.Friends != 0 && e.Dirs.Has(ref.piece(m).EdgeAt(d)) {
			return true
		}
	}
	return false
}

func (ref *reference) medicCandidates(m Hex, from int) []int {
	var out []int
	for i := from; i < len(ref.hits); i++ {
		x := ref.hits[i]
		if x.wounds == 0 || x.target == m || ref.isMedicUnit(x.target) || !ref.medicReaches(m, x.target) {
			continue
		}
		out = append(out, i)
	}
	return out
}

func (ref *reference) medics(from int) {
	for {
		type medic struct {
			h    Hex
			cand []int
		}
		var ms []medic
		for _, m := range ref.units() {
			if !ref.medicReady(m) {
				continue
			}
			if c := ref.medicCandidates(m, from); len(c) > 0 {
				ms = append(ms, medic{m, c})
			}
		}
		if len(ms) == 0 {
			return
		}
		sort.SliceStable(ms, func(i, j int) bool { return len(ms[i].cand) < len(ms[j].cand) })
		m := ms[0]
		owner := ref.piece(m.h).Controller()
		pick := m.cand[0]
		if len(m.cand) > 1 {
			var opts []Option
			for _, i := range m.cand {
				x := ref.hits[i]
				tough := ref.tough(x.target)
				before := int(ref.piece(x.target).Wounds) + ref.woundsOn(x.target)
				saves := 0
				if before >= tough && before-x.wounds < tough {
					saves = 1
				}
				opts = append(opts, Option{Hex: x.target, To: x.src, Dir: x.dir, Index: saves})
			}
			if i := ref.d.Choose(ref.s, owner, QMedicAbsorb, opts); i >= 0 && i < len(opts) {
				pick = m.cand[i]
			}
		}
		absorber := m.h
		visited := map[Hex]bool{m.h: true}
		for {
			var next []Option
			for _, x := range ref.units() {
				if !visited[x] && ref.medicReady(x) && ref.medicReaches(x, absorber) {
					next = append(next, Option{Hex: x, To: absorber})
				}
			}
			if len(next) == 0 {
				break
			}
			j := 0
			if len(next) > 1 {
				if c := ref.d.Choose(ref.s, owner, QMedicAbsorb, next); c >= 0 && c < len(next) {
					j = c
				}
			}
			absorber = next[j].Hex
			visited[absorber] = true
		}
		ref.hits[pick].wounds = 0
		ref.medicDone[absorber] = true
		ref.killed[absorber] = true
	}
}

// act is Resolver.act for the reference resolver.
func (ref *reference) act(h Hex) {
	s := ref.s
	tr := battleAbility(ref.tok(h))
	var toks [MaxHexes]*rules.Token // the printed tokens: the reference plays no conditions
	for _, x := range ref.units() {
		toks[x] = ref.tok(x)
	}
	if tr == nil || !chooseAbility(s, &toks, ref.d, h, tr, make([]Option, 2), ref.toughBonuses()) {
		ref.attack(h)
		return
	}
	ref.acted[h] = true
	for i := range tr.Actions {
		a := &tr.Actions[i]
		switch a.Op {
		case rules.ActDamage:
			for _, x := range ref.units() {
				if x == h || int(s.Board.Dist[h][x]) > int(a.Radius) {
					continue
				}
				enemy := ref.isEnemy(h, x)
				own := ref.piece(x).Controller() == ref.piece(h).Controller()
				if !enemy && !own {
					continue // "Sojusznicze jednostki nie ranią się wzajemnie": an ally's unit is never hit
				}
				if enemy && a.Side&rules.Enemies == 0 || own && a.Side&rules.Friends == 0 {
					continue
				}
				if ref.tok(x).Kind == rules.HQ && (!a.HitsHQ || ref.tok(h).Kind == rules.HQ) {
					continue
				}
				d, _ := s.Board.DirTo(h, x)
				ref.hits = append(ref.hits, refHit{target: x, src: h, dir: d, wounds: int(a.Value)})
			}
		case rules.ActDestroy:
			ref.killed[h] = true
		}
	}
}

// toughBonuses is the toughness bonus of every unit, as the fast resolver
// keeps it.
func (ref *reference) toughBonuses() *[MaxHexes]int8 {
	var tb [MaxHexes]int8
	for _, h := range ref.units() {
		tb[h] = int8(ref.bonus(h, rules.EffToughness))
	}
	return &tb
}

// refNeighbour is the hex next to h in direction d, found from the axial
// coordinates alone (not the board's neighbour table): NoHex when that
// place is off the board or a hole of a shaped board, so a line of fire
// ends there.
func refNeighbour(b *Board, h Hex, d rules.Dir) Hex {
	if x, ok := b.index[[2]int8{b.Q[h] + dq[d], b.R[h] + dr[d]}]; ok {
		return x
	}
	return NoHex
}
