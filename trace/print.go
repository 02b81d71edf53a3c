package trace

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Width is the most columns a printed line takes.
const Width = 100

// Printer writes a trace readably, one line per event, in the words of the
// rules, no line wider than Width (long token names are cut), an event at a time, as a replay
// reads it (ReplayReader): it holds back one segment line only, to drop a
// segment in which nothing happens.
type Printer struct {
	bw      *bufio.Writer
	segment *Event // a segment not yet printed
	// Why, when set, prints under each hit or blast of no wounds why it
	// wounded nothing (Event.Why, as the html page's log says it): off
	// by default, so the printed trace stays what it was.
	Why bool
}

// NewPrinter prints the header h's lines to w and returns the printer of
// its events; call Flush at the end.
func NewPrinter(w io.Writer, h *Header) *Printer {
	p := &Printer{bw: bufio.NewWriter(w)}
	for i, a := range h.Armies {
		p.line("player %d: %s (%s)", i+1, a.Name, h.Players[min(i, len(h.Players)-1)])
	}
	switch {
	case h.From != "" && h.Mode != "":
		p.line("from the position %s, mode %s, seed %d, %s board, trace schema %d", h.From, h.Mode, h.Seed, h.Board, h.Schema)
	case h.From != "":
		p.line("from the position %s, seed %d, %s board, trace schema %d", h.From, h.Seed, h.Board, h.Schema)
	case h.Mode != "":
		p.line("mode %s, seed %d, game %d, game seed %d, %s board, trace schema %d", h.Mode, h.Seed, h.Game, h.GameSeed, h.Board, h.Schema)
	default:
		p.line("seed %d, pair %d, game seed %d, %s board, trace schema %d", h.Seed, h.Pair, h.GameSeed, h.Board, h.Schema)
	}
	return p
}

func (p *Printer) line(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	if utf8.RuneCountInString(s) > Width {
		r := []rune(s)
		s = string(r[:Width-3]) + "..."
	}
	p.bw.WriteString(s)
	p.bw.WriteByte('\n')
}

// Event prints the next event of the trace.
func (p *Printer) Event(e *Event) {
	if p.segment != nil {
		// Nothing happens in a segment followed by no battle event.
		if inBattle[e.E] && e.E != "segment" {
			p.describe(p.segment)
		}
		p.segment = nil
	}
	if e.E == "segment" {
		seg := *e // e may be a reader's, overwritten by the next line
		p.segment = &seg
		return
	}
	p.describe(e)
}

// Flush writes what is buffered (a last segment has nothing after it).
func (p *Printer) Flush() error {
	return p.bw.Flush()
}

func (p *Printer) describe(e *Event) {
	s := describe(e)
	if s != "" {
		p.line("%s", s)
	}
	if w := whyWords[e.Why]; p.Why && w != "" && e.N == 0 {
		indent := len(s) - len(strings.TrimLeft(s, " "))
		p.line("%s  why no wounds: %s", s[:indent], w)
	}
	if e.E == "final" {
		for i, hand := range e.Hands {
			held := strings.Join(hand, ", ")
			if held == "" {
				held = "nothing"
			}
			p.line("  player %d holds: %s", i+1, held)
		}
		for _, c := range e.Cells {
			p.line("  %s", c)
		}
	}
}

// who names a player's token: "P1 Gauss Cannon".
func who(p int, tok string) string {
	if tok == "" {
		return fmt.Sprintf("P%d", p)
	}
	return fmt.Sprintf("P%d %s", p, tok)
}

func at(hex string) string {
	if hex == "" {
		return ""
	}
	return " on " + hex
}

func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %ss", n, one)
}

// inBattle are the events of a battle's log.
var inBattle = map[string]bool{"segment": true, "attacks": true, "hit": true, "reflect": true, "absorb": true,
	"destroyed": true, "ability": true, "blast": true, "convert": true}

var questionWords = map[string]string{
	"push-destination":  "where the pushed unit goes",
	"pull-destination":  "where the pulled unit goes",
	"medic-absorb":      "which attack the medic absorbs",
	"explode":           "whether to use the battle ability instead of attacking",
	"takeover-facing":   "how the taken-over unit faces",
	"after-battle-move": "where the scavenger goes",
	"aim-target":        "which enemy the shot hits",
	"convert":           "which attack to convert",
	"event-target":      "the target of a triggered step",
	"hand-discard":      "which token of the hand to discard",
	"look-order":        "which looked-at token goes on top of the deck next",
}

// describe is one event in words ("" for nothing worth a line).
func describe(e *Event) string {
	switch e.E {
	case "turn":
		return fmt.Sprintf("-- turn %d: player %d", e.N, e.P)
	case "draw":
		return fmt.Sprintf("  %s draws %s", who(e.P, ""), e.Tok)
	case "discard":
		return fmt.Sprintf("    %s discards %s", who(e.P, ""), e.Tok)
	case "act":
		return describeAct(e)
	case "ask":
		q := questionWords[e.Q]
		if q == "" {
			q = e.Q
		}
		ans := ""
		if e.Pick >= 0 && e.Pick < len(e.Opts) {
			ans = answerWords(e.Q, e.Opts[e.Pick], e.Pick)
		}
		return fmt.Sprintf("    P%d chooses %s: %s (%d of %d)", e.P, q, ans, e.Pick+1, len(e.Opts))
	case "move":
		return fmt.Sprintf("    %s moves from %s to %s, facing %s", who(e.P, e.Tok), e.Hex, e.To, e.Dir)
	case "wound":
		what := who(e.P, e.Tok)
		if e.Ground {
			what += " (foundation)"
		}
		return fmt.Sprintf("    %s%s takes %s", what, at(e.Hex), plural(e.N, "wound"))
	case "heal":
		return fmt.Sprintf("    %s%s is healed of %s", who(e.P, e.Tok), at(e.Hex), plural(e.N, "wound"))
	case "remove":
		what := who(e.P, e.Tok)
		if e.Ground {
			what += " (foundation)"
		}
		return fmt.Sprintf("    %s%s is removed", what, at(e.Hex))
	case "battle":
		return fmt.Sprintf("  battle %d", e.N)
	case "segment":
		if e.Init == nil {
			return "    initiative ?"
		}
		return fmt.Sprintf("    initiative %d", *e.Init)
	case "attacks":
		how := "attacks"
		if e.Agony {
			how = "attacks in agony"
		}
		return fmt.Sprintf("      %s%s %s", who(e.P, e.Tok), at(e.Hex), how)
	case "hit":
		kind := "melee"
		if e.Ranged {
			kind = "ranged"
		}
		return fmt.Sprintf("        %s hits %s%s: %s", kind, who(e.TP, e.TTok), at(e.To), plural(e.N, "wound"))
	case "reflect":
		return fmt.Sprintf("        %s%s reflects the attack of %s%s", who(e.P, e.Tok), at(e.Hex), who(e.TP, e.TTok), at(e.To))
	case "absorb":
		return fmt.Sprintf("      medic %s%s absorbs %s meant for %s%s", who(e.P, e.Tok), at(e.Hex), plural(e.N, "wound"), who(e.TP, e.TTok), at(e.To))
	case "destroyed":
		return fmt.Sprintf("      %s%s is destroyed", who(e.P, e.Tok), at(e.Hex))
	case "ability":
		return fmt.Sprintf("      %s%s uses its ability instead of attacking", who(e.P, e.Tok), at(e.Hex))
	case "blast":
		return fmt.Sprintf("        blast hits %s%s: %s", who(e.TP, e.TTok), at(e.To), plural(e.N, "wound"))
	case "convert":
		into := "melee"
		if e.Ranged {
			into = "a shot"
		}
		return fmt.Sprintf("      %s%s converts its attack towards %s into %s", who(e.P, e.Tok), at(e.Hex), e.To, into)
	case "recover":
		if e.Pile == "deck" {
			return fmt.Sprintf("    %s takes %s back from the discard pile onto the deck", who(e.P, ""), e.Tok)
		}
		return fmt.Sprintf("    %s takes %s back from the discard pile into the hand", who(e.P, ""), e.Tok)
	case "return":
		return fmt.Sprintf("    %s shuffles %s back into the deck", who(e.P, ""), e.Tok)
	case "status":
		return fmt.Sprintf("    %s%s is given %s by %s", who(e.P, e.Tok), at(e.Hex), e.Status, who(e.TP, e.By))
	case "status_end":
		return fmt.Sprintf("    %s%s is no longer %s", who(e.P, e.Tok), at(e.Hex), e.Status)
	case "attack":
		s := fmt.Sprintf("    %s%s attacks toward %s with strength %d", who(e.P, e.Tok), at(e.Hex), e.Dir, e.N)
		if e.To != "" {
			s += " aimed at " + e.To
		}
		return s
	case "swap":
		return fmt.Sprintf("    %s%s and %s%s swap hexes", who(e.P, e.Tok), at(e.Hex), who(e.TP, e.TTok), at(e.To))
	case "net":
		return fmt.Sprintf("    %s%s is netted", who(e.P, e.Tok), at(e.Hex))
	case "observe":
		return fmt.Sprintf("    %s%s sees the unit%s %s and acts", who(e.P, e.Tok), at(e.Hex), at(e.To), e.When)
	case "value":
		return fmt.Sprintf("    %s%s computes %d for its step", who(e.P, e.Tok), at(e.Hex), e.N)
	case "result":
		return "game over: " + e.Result
	case "final":
		s := fmt.Sprintf("final: %s after %d turns and %s; HQ %d-%d", e.Result, e.Turn, plural(e.Battles, "battle"), hq(e, 0), hq(e, 1))
		for p := 2; p < len(e.HQ); p++ {
			s += fmt.Sprintf("-%d", e.HQ[p])
		}
		if e.Capped {
			s += " (capped: the action limit was reached)"
		}
		return s
	}
	return fmt.Sprintf("  (%s)", e.E)
}

func hq(e *Event, p int) int {
	if p < len(e.HQ) {
		return e.HQ[p]
	}
	return 0
}

func describeAct(e *Event) string {
	p := fmt.Sprintf("  P%d", e.P)
	switch e.Act {
	case "place-hq":
		if e.Tok == "HQ" {
			return fmt.Sprintf("%s places the HQ on %s facing %s", p, e.Hex, e.Dir)
		}
		return fmt.Sprintf("%s places the HQ (%s) on %s facing %s", p, e.Tok, e.Hex, e.Dir)
	case "place-aside":
		return fmt.Sprintf("%s places %s beside the HQ on %s facing %s", p, e.Tok, e.Hex, e.Dir)
	case "discard":
		return fmt.Sprintf("%s discards %s", p, e.Tok)
	case "bad-draw":
		return p + " discards a hand of instants only and draws again"
	case "place":
		return fmt.Sprintf("%s places %s on %s facing %s", p, e.Tok, e.Hex, e.Dir)
	case "instant":
		return fmt.Sprintf("%s plays %s%s", p, e.Tok, targets(e))
	case "ability":
		return fmt.Sprintf("%s: %s%s uses %s%s", p, e.Tok, at(e.Hex), e.Ab, targets(e))
	case "step":
		t := targets(e)
		if t == "" {
			t = " (no target)"
		}
		return p + " next step:" + strings.TrimPrefix(t, ":")
	case "skip":
		if e.Tok != "" {
			return fmt.Sprintf("%s lets the moment of the leader %s pass", p, e.Tok)
		}
		return p + " skips the optional step"
	case "end-turn":
		return p + " ends the turn"
	case "leader":
		return fmt.Sprintf("%s uses the leader %s%s", p, e.Tok, targets(e))
	case "energy":
		return p + energyWords(e)
	case "procedure":
		return p + procedureWords(e)
	case "structure":
		return fmt.Sprintf("%s discards three tokens and places the Structure %s: its first part on %s facing %s, its second on %s facing %s", p, e.Tok, e.Hex, e.Dir, e.To, e.Dir2)
	}
	return fmt.Sprintf("%s %s", p, e.Act)
}

// energyWords spells an energy purchase: " buys 3 energy (gives up Scout, Medic; 1 HQ point) and ends the turn".
func energyWords(e *Event) string {
	var paid []string
	if e.Tok != "" {
		paid = append(paid, "gives up "+e.Tok)
	}
	toks := 0
	if e.Tok != "" {
		toks = strings.Count(e.Tok, ", ") + 1
	}
	if e.N == 1 {
		paid = append(paid, "1 HQ point")
	} else if e.N > 1 {
		paid = append(paid, fmt.Sprintf("%d HQ points", e.N))
	}
	return fmt.Sprintf(" buys %d energy (%s) and ends the turn", toks+e.N, strings.Join(paid, "; "))
}

// procedureWords spells a procedure: " runs laser: c1 -> c5".
func procedureWords(e *Event) string {
	w := " runs " + e.Proc
	switch e.Proc {
	case "rotate":
		return fmt.Sprintf("%s: %s%s turns %s", w, e.Tok, at(e.Hex), e.Dir)
	case "swap":
		return fmt.Sprintf("%s: %s%s <-> %s, facing %s and %s", w, e.Tok, at(e.Hex), e.To, e.Dir, e.Dir2)
	case "push":
		return fmt.Sprintf("%s: %s%s pushes the unit on %s", w, e.Tok, at(e.Hex), e.To)
	case "laser":
		return fmt.Sprintf("%s: between %s and %s", w, e.Hex, e.To)
	case "deletion":
		return fmt.Sprintf("%s: %s%s", w, e.Tok, at(e.Hex))
	}
	return w
}

// targets spells an action's targets: ": c3 -> d4 facing NE", ": takes Scout".
func targets(e *Event) string {
	if e.Take != "" {
		return ": takes " + e.Take
	}
	var parts []string
	if e.Hex != "" {
		parts = append(parts, e.Hex)
	}
	if e.To != "" && e.To != e.Hex {
		parts = append(parts, "-> "+e.To)
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, " ") + " facing " + e.Dir
}

// facingQuestions are the questions whose answer includes a facing.
var facingQuestions = map[string]bool{"pull-destination": true, "takeover-facing": true, "after-battle-move": true, "event-target": true}

// answerWords spells the chosen option ("hex to dir index") of question q.
func answerWords(q, opt string, pick int) string {
	if q == "explode" {
		if pick == 1 {
			return "yes"
		}
		return "no"
	}
	if tok := tokenAnswer(opt); tok != "" {
		return tok
	}
	f := strings.Fields(opt)
	if len(f) != 4 {
		return opt
	}
	var parts []string
	if f[0] != "-" {
		parts = append(parts, f[0])
	}
	if f[1] != "-" && f[1] != f[0] {
		parts = append(parts, "-> "+f[1])
	}
	if len(parts) == 0 {
		return "none"
	}
	if facingQuestions[q] {
		parts = append(parts, "facing "+f[2])
	}
	return strings.Join(parts, " ")
}

// tokenAnswer is the token an option names after its four fields (the
// hand-discard and look-order questions), or "".
func tokenAnswer(opt string) string {
	f := strings.SplitN(opt, " ", 5)
	if len(f) < 5 {
		return ""
	}
	return f[4]
}
