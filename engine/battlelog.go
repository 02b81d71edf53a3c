package engine

import (
	"fmt"
	"io"
)

// EventKind is what a battle log event records.
type EventKind uint8

const (
	EvSegment   EventKind = iota + 1 // a segment starts (Seg)
	EvActs                           // the unit on Hex attacks (Agony: as it dies)
	EvHit                            // the unit on Hex hits the unit on Target for Wounds
	EvReflect                        // the unit on Hex reflects an attack of the unit on Target
	EvAbsorb                         // the medic on Hex absorbs Wounds meant for Target
	EvDestroyed                      // the unit on Hex is destroyed at the end of the segment
	EvAbility                        // the unit on Hex uses its battle ability instead of attacking
	EvBlast                          // the battle ability of the unit on Hex wounds the unit on Target
	EvConvert                        // the unit on Hex converts the attack of its edge towards Target (Ranged: into a shot)
)

// Event is one line of a battle log. Names are copied when the event is
// recorded because destroyed units leave the board.
type Event struct {
	Kind         EventKind
	Seg          int
	Hex, Target  Hex
	Player       uint8 // controller of the unit on Hex
	Token        string
	TargetPlayer uint8
	TargetToken  string
	Wounds       int
	Ranged       bool
	Agony        bool
	Why          HitWhy // a hit or blast of no wounds: what took them
}

// HitWhy says why a hit or a blast wounds nothing, so that a viewer can
// say it ("0 wounds: armor") instead of leaving the reader to guess.
type HitWhy uint8

const (
	WhyNone        HitWhy = iota
	WhyArmor              // armor on the edge hit (or all round, from a bonus) stopped the shot's last wound
	WhyFlying             // a flying unit takes no melee wounds and no reflected attack
	WhyHQ                 // an HQ does not wound another HQ
	WhyPoints             // a points game: a hit on an HQ scores points instead of wounding
	WhyStatus             // a status of the target took the wounds
	WhyArmorStatus        // armor and a status of the target took them together
)

var whyNames = [...]string{"", "armor", "flying", "hq", "points", "status", "armor+status"}

// String is the reason's name in a trace viewer ("" for none).
func (w HitWhy) String() string {
	if int(w) < len(whyNames) {
		return whyNames[w]
	}
	return ""
}

// BattleLog records what happened in a battle, segment by segment, for the
// battle calculator. A nil *BattleLog records nothing.
type BattleLog struct {
	Events []Event
	HQ     [MaxPlayers][2]int // HQ points of each player before and after the battle (scores in a points game)
	N      int                // players
	seg    int
}

func (l *BattleLog) add(e Event) {
	e.Seg = l.seg
	l.Events = append(l.Events, e)
}

func (l *BattleLog) start(s *State) {
	if l == nil {
		return
	}
	l.Events = l.Events[:0]
	l.N = s.Players()
	for p := range l.N {
		l.HQ[p][0] = s.HQPoints(uint8(p))
	}
}

func (l *BattleLog) end(s *State) {
	if l == nil {
		return
	}
	for p := range l.N {
		l.HQ[p][1] = s.HQPoints(uint8(p))
	}
}

func (l *BattleLog) segment(seg int) {
	if l == nil {
		return
	}
	l.seg = seg
	l.add(Event{Kind: EvSegment})
}

func (l *BattleLog) unit(s *State, h Hex) (uint8, string) {
	p := s.Cells[h].Unit
	if p.Empty() {
		return 0, ""
	}
	return p.Controller(), s.Tok(p).Name
}

func (l *BattleLog) acts(s *State, h Hex, agony bool) {
	if l == nil {
		return
	}
	pl, tok := l.unit(s, h)
	l.add(Event{Kind: EvActs, Hex: h, Target: NoHex, Player: pl, Token: tok, Agony: agony})
}

func (l *BattleLog) hit(s *State, src, target Hex, wounds int, ranged bool, why HitWhy) {
	if l == nil {
		return
	}
	pl, tok := l.unit(s, src)
	tp, tt := l.unit(s, target)
	l.add(Event{Kind: EvHit, Hex: src, Target: target, Player: pl, Token: tok, TargetPlayer: tp, TargetToken: tt, Wounds: wounds, Ranged: ranged, Why: why})
}

func (l *BattleLog) reflected(s *State, reflector, src Hex) {
	if l == nil {
		return
	}
	pl, tok := l.unit(s, reflector)
	tp, tt := l.unit(s, src)
	l.add(Event{Kind: EvReflect, Hex: reflector, Target: src, Player: pl, Token: tok, TargetPlayer: tp, TargetToken: tt})
}

func (l *BattleLog) absorbed(s *State, medic, target, src Hex, wounds int) {
	if l == nil {
		return
	}
	pl, tok := l.unit(s, medic)
	tp, tt := l.unit(s, target)
	l.add(Event{Kind: EvAbsorb, Hex: medic, Target: target, Player: pl, Token: tok, TargetPlayer: tp, TargetToken: tt, Wounds: wounds})
}

func (l *BattleLog) destroyed(s *State, h Hex) {
	if l == nil {
		return
	}
	pl, tok := l.unit(s, h)
	l.add(Event{Kind: EvDestroyed, Hex: h, Target: NoHex, Player: pl, Token: tok})
}

// Write prints the log as text, one event a line; board names the hexes.
func (l *BattleLog) Write(w io.Writer, b *Board) {
	name := func(h Hex) string {
		if h < 0 || int(h) >= b.Size {
			return "-"
		}
		return b.Names[h]
	}
	for i, e := range l.Events {
		switch e.Kind {
		case EvSegment:
			if i+1 == len(l.Events) || l.Events[i+1].Kind == EvSegment {
				continue // nothing happens in an empty segment
			}
			fmt.Fprintf(w, "segment %d\n", e.Seg)
		case EvActs:
			how := "attacks"
			if e.Agony {
				how = "attacks in agony"
			}
			fmt.Fprintf(w, "  %d %q %s %s\n", e.Player+1, e.Token, name(e.Hex), how)
		case EvHit:
			kind := "melee"
			if e.Ranged {
				kind = "ranged"
			}
			fmt.Fprintf(w, "    %s hits %d %q %s: %d wound(s)\n", kind, e.TargetPlayer+1, e.TargetToken, name(e.Target), e.Wounds)
		case EvReflect:
			fmt.Fprintf(w, "    %d %q %s reflects the attack of %d %q %s\n", e.Player+1, e.Token, name(e.Hex), e.TargetPlayer+1, e.TargetToken, name(e.Target))
		case EvAbsorb:
			fmt.Fprintf(w, "  medic %d %q %s absorbs %d wound(s) meant for %q %s\n", e.Player+1, e.Token, name(e.Hex), e.Wounds, e.TargetToken, name(e.Target))
		case EvAbility:
			fmt.Fprintf(w, "  %d %q %s uses its ability instead of attacking\n", e.Player+1, e.Token, name(e.Hex))
		case EvBlast:
			fmt.Fprintf(w, "    blast hits %d %q %s: %d wound(s)\n", e.TargetPlayer+1, e.TargetToken, name(e.Target), e.Wounds)
		case EvDestroyed:
			fmt.Fprintf(w, "  destroyed: %d %q %s\n", e.Player+1, e.Token, name(e.Hex))
		case EvConvert:
			writeConverted(w, e, name(e.Hex), name(e.Target))
		}
	}
	hq := []byte("HQ:")
	for p := range l.N {
		if p > 0 {
			hq = append(hq, ',')
		}
		hq = fmt.Appendf(hq, " player %d %d -> %d", p+1, l.HQ[p][0], l.HQ[p][1])
	}
	fmt.Fprintf(w, "%s\n", hq)
}
