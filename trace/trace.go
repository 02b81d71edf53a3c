// Package trace writes, reads, prints and replays game traces: one game as
// JSON lines, a header and then every event in the order it happened
// (docs/trace.md has the schema). A trace holds every decision the players
// made (actions and answers to rule questions), so a replay re-plays the
// game from the header's armies and seed and checks that each event and
// the final state come out the same.
package trace

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// Schema is the version of the trace format this package writes and reads.
// It changes whenever a field changes meaning or an event is added.
const Schema = 1

// MaxLine bounds one line of a trace; the longest real lines (a question
// with every hex and facing as options) are a few kilobytes.
const MaxLine = 1 << 20

// MaxEvents bounds the events of one trace, far above a capped game's, so a
// hostile file cannot make a replay hold unbounded memory.
const MaxEvents = 1 << 20

// Header is the first line of a trace: what the game was and how it was
// set up. Armies, Players and Decks are by seat (player 1 first).
type Header struct {
	E          string     `json:"e"` // "header"
	Schema     int        `json:"schema"`
	Version    string     `json:"version,omitempty"` // hexforge version that wrote it
	Armies     []Army     `json:"armies"`            // by seat: 2, or 3 or 4 with a mode
	Sets       []string   `json:"sets,omitempty"`    // --set overrides the armies were loaded with
	Seed       uint64     `json:"seed"`              // the match seed (sim --seed, play --seed)
	Pair       int        `json:"pair"`              // which seat-swapped pair of the match
	AFirst     bool       `json:"a_first"`           // army A of the match has the first seat
	GameSeed   uint64     `json:"game_seed"`         // the seed the game was set up with
	Players    []string   `json:"players"`
	Board      string     `json:"board"`
	MaxActions int        `json:"max_actions"`
	Start      string     `json:"start,omitempty"`          // the start rule, when not standard
	Reinforce  bool       `json:"reinforcements,omitempty"` // the Reinforcements variant
	Structures bool       `json:"structures,omitempty"`     // the Structures variant
	Leaders    []string   `json:"leaders,omitempty"`        // the Leaders variant: each seat's leader card ("" none), an embedded name or FILE:Name
	Decks      [][]string `json:"decks"`                    // token names, the first drawn first
	// From is the position file a game played on from (play --from
	// --trace), relative to the trace: it gives the armies, the board and
	// the piles; Seed is the game's seed.
	From string `json:"from,omitempty"`
	// A game of 3 or 4 players (sim --mode): its mode, its number in the
	// run, the run's number of seatings and, by seat, the army's index in
	// the run and its team (teams mode).
	Mode     string `json:"mode,omitempty"`
	Game     int    `json:"game,omitempty"`
	Seatings int    `json:"seatings,omitempty"`
	Seating  []int  `json:"seating,omitempty"`
	Teams    []int  `json:"teams,omitempty"`
}

// Army names an army and pins its rules.
type Army struct {
	Ref  string `json:"ref"`            // as given on the command line: a short name or a path
	Name string `json:"name"`           // the army's own name
	Hash string `json:"hash,omitempty"` // sim.ArmyHash of the compiled rules
}

// Event is one line after the header. E says which kind; the other fields
// are set as docs/trace.md lists for that kind. Players are 1 and 2 (0:
// none), hexes board names ("" none), directions N, NE, SE, S, SW, NW.
type Event struct {
	E      string   `json:"e"`
	P      int      `json:"p,omitempty"`
	Act    string   `json:"act,omitempty"`
	Slot   int      `json:"slot,omitempty"`
	Ab     string   `json:"ab,omitempty"`
	Take   string   `json:"take,omitempty"`
	Ref    string   `json:"ref,omitempty"` // the hex of a reference the player chose (a selector's of=own|enemy|any)
	Tok    string   `json:"tok,omitempty"`
	Hex    string   `json:"hex,omitempty"`
	To     string   `json:"to,omitempty"`
	Dir    string   `json:"dir,omitempty"`
	N      int      `json:"n,omitempty"`
	Init   *int     `json:"init,omitempty"`
	Ground bool     `json:"ground,omitempty"`
	Pile   string   `json:"pile,omitempty"`
	TP     int      `json:"tp,omitempty"`
	TTok   string   `json:"ttok,omitempty"`
	Ranged bool     `json:"ranged,omitempty"`
	Agony  bool     `json:"agony,omitempty"`
	Q      string   `json:"q,omitempty"`
	Opts   []string `json:"opts,omitempty"`
	Pick   int      `json:"pick,omitempty"`
	Proc   string   `json:"proc,omitempty"`   // a procedure's name (act procedure)
	Dir2   string   `json:"dir2,omitempty"`   // a swap procedure: the facing of the unit that comes to hex
	Status string   `json:"status,omitempty"` // a status given or ended (status, status_end)
	When   string   `json:"when,omitempty"`   // the event an observer fired on (observe)
	By     string   `json:"by,omitempty"`     // the token that gave a status (status), of the status's army (tp)
	// Why a hit or blast of no wounds wounded nothing (engine.HitWhy's
	// names: armor, flying, hq, points, status). It is not written to the
	// file, nor compared: the replay, which plays every battle again,
	// fills it in from the engine, so the traces stay as they were and
	// traces written before it get the reason too.
	Why string `json:"-"`
	// The final line.
	Result  string     `json:"result,omitempty"`
	Capped  bool       `json:"capped,omitempty"`
	Turn    int        `json:"turn,omitempty"`
	Battles int        `json:"battles,omitempty"`
	HQ      []int      `json:"hq,omitempty"`
	Cells   []string   `json:"cells,omitempty"`
	Hands   [][]string `json:"hands,omitempty"`
	Digest  string     `json:"digest,omitempty"`
}

// Trace is a parsed trace file.
type Trace struct {
	Header Header
	Events []Event
	Lines  []int // the line number of each event in the file
}

// Names of what a player can do (engine.ActionKind) and of the rule
// questions (engine.Question), as the trace spells them.
var (
	questionNames = [...]string{"", "push-destination", "pull-destination", "medic-absorb", "explode",
		"takeover-facing", "after-battle-move", "aim-target", "convert", "event-target", "hand-discard", "look-order"}
	abilityNames = [...]string{"move", "rotate", "push", "pull", "granted-move", "granted-rotate", "granted-push", "granted-pull"}
)

func questionName(q engine.Question) string {
	if int(q) < len(questionNames) {
		return questionNames[q]
	}
	return "q" + strconv.Itoa(int(q))
}

// AbilityName is a unit's own-turn ability (Action.Slot of a KAbility) as
// a trace names it: "move", "granted-move", ..., "trigger-0" for the
// unit's first own-turn trigger.
func AbilityName(slot uint8) string {
	if int(slot) < len(abilityNames) {
		return abilityNames[slot]
	}
	return "trigger-" + strconv.Itoa(int(slot-engine.AbTrigger))
}

func kindOf(name string) (engine.ActionKind, bool) {
	for k := engine.KPlaceHQ; k <= engine.LastKind; k++ {
		if k.String() == name {
			return k, true
		}
	}
	return 0, false
}

// names turns the engine's numbers into a trace's words for one game.
type names struct {
	b      *engine.Board
	armies []*rules.Army // by seat
	g      *engine.Game  // the game, for the hands a question's options name
}

func (n names) hex(h engine.Hex) string {
	if h < 0 || int(h) >= n.b.Size {
		return ""
	}
	return n.b.Names[h]
}

func (n names) tok(p, t uint8) string {
	if int(p) >= len(n.armies) || int(t) >= len(n.armies[p].Tokens) {
		return ""
	}
	return n.armies[p].Tokens[t].Name
}

// action is the event of a decision: the player to move takes a in g.
func (n names) action(g *engine.Game, a engine.Action) Event {
	p := g.Player
	e := Event{E: "act", P: int(p) + 1, Act: a.Kind.String(), Slot: int(a.Slot), Hex: n.hex(a.Hex), To: n.hex(a.To), Dir: a.Facing.String()}
	switch a.Kind {
	case engine.KPlaceHQ:
		e.Tok = n.tok(p, uint8(g.S.Armies[p].HQ))
	case engine.KPlaceAside:
		if g.AsideLen[p] > 0 {
			e.Tok = n.tok(p, g.Aside[p][0])
		}
	case engine.KDiscard, engine.KPlace, engine.KInstant:
		if a.Slot < g.HandLen[p] {
			e.Tok = n.tok(p, g.Hand[p][a.Slot])
		}
	case engine.KEnergy:
		// Slot: the hand slots given up (a bit mask); N: the HQ points paid.
		e.N, e.Dir = int(a.Token), ""
		var toks []string
		for i := uint8(0); i < g.HandLen[p] && i < 8; i++ {
			if a.Slot&(1<<i) != 0 {
				toks = append(toks, n.tok(p, g.Hand[p][i]))
			}
		}
		e.Tok = strings.Join(toks, ", ")
		return e
	case engine.KProcedure:
		e.Proc = "#" + strconv.Itoa(int(a.Slot))
		if a.Slot < engine.NumProcedures {
			e.Proc = engine.ProcNames[a.Slot]
		}
		e.Slot = 0
		if a.Hex >= 0 && int(a.Hex) < g.S.Board.Size {
			if u := g.S.Cells[a.Hex].Unit; !u.Empty() {
				e.Tok = n.tok(u.Owner, u.Token)
			}
		}
		switch a.Slot {
		case engine.ProcSwap:
			e.Dir2 = rules.Dir(a.Token % 6).String()
		case engine.ProcRotate:
		default:
			e.Dir = ""
		}
		return e
	case engine.KLeader:
		if l := g.Leader(p); l != nil {
			e.Tok = l.Name
		}
	case engine.KStructure:
		// Tok: the Structure; the first part goes on Hex facing Dir, the
		// second on To facing Dir2 (Token holds that facing, no take).
		if army := g.S.Armies[p]; int(a.Slot) < len(army.Structures) {
			e.Tok = army.Structures[a.Slot].Name
		}
		e.Dir2 = rules.Dir(a.Token % 6).String()
		return e
	case engine.KSkip:
		if l := g.Leader(p); l != nil && g.Phase == engine.PhaseLeader {
			e.Tok = l.Name // the leader's moment in the opponent's turn passes, not a step
		}
	case engine.KAbility:
		e.Ab = AbilityName(a.Slot)
		if a.Hex >= 0 && int(a.Hex) < g.S.Board.Size {
			if u := g.S.Cells[a.Hex].Unit; !u.Empty() {
				e.Tok = n.tok(u.Owner, u.Token)
			}
		}
	}
	if a.Token > 0 && g.TakesRef(a) {
		e.Ref = n.hex(engine.Hex(int(a.Token) - 1))
		if e.Ref == "" {
			e.Ref = "#" + strconv.Itoa(int(a.Token)) // not a hex of the board: kept, so the replay refuses it
		}
	} else if a.Token > 0 {
		e.Take = n.tok(p, a.Token-1)
		if e.Take == "" {
			e.Take = "#" + strconv.Itoa(int(a.Token)) // not a token of the army: kept, so the replay refuses it
		}
	}
	if a.Facing == 0 && (a.Kind == engine.KDiscard || a.Kind == engine.KMulligan || a.Kind == engine.KSkip || a.Kind == engine.KEndTurn) {
		e.Dir = "" // facing means nothing here
	}
	return e
}

// toAction reads an "act" event back into the action; the event's token
// names are checked against the game by comparing events, not here.
func (n names) toAction(e *Event) (engine.Action, error) {
	k, ok := kindOf(e.Act)
	if !ok {
		return engine.Action{}, fmt.Errorf("unknown action %q", e.Act)
	}
	if e.Slot < 0 || e.Slot > 255 {
		return engine.Action{}, fmt.Errorf("slot %d out of range", e.Slot)
	}
	a := engine.Action{Kind: k, Slot: uint8(e.Slot), Hex: engine.NoHex, To: engine.NoHex}
	switch k {
	case engine.KEnergy:
		if e.N < 0 || e.N > 255 {
			return a, fmt.Errorf("energy: %d HQ points out of range", e.N)
		}
		a.Token = uint8(e.N)
	case engine.KStructure:
		// Slot: the Structure (a pair of faces); Dir2: the second part's
		// facing, as a swap procedure's.
		if e.Dir2 != "" {
			d, ok := rules.ParseDir(e.Dir2)
			if !ok {
				return a, fmt.Errorf("unknown direction %q", e.Dir2)
			}
			a.Token = uint8(d)
		}
	case engine.KProcedure:
		i := slices.Index(engine.ProcNames[:], e.Proc)
		if i < 0 {
			return a, fmt.Errorf("unknown procedure %q", e.Proc)
		}
		a.Slot = uint8(i)
		if e.Dir2 != "" {
			d, ok := rules.ParseDir(e.Dir2)
			if !ok {
				return a, fmt.Errorf("unknown direction %q", e.Dir2)
			}
			a.Token = uint8(d)
		}
	}
	var err error
	if a.Hex, err = n.parseHex(e.Hex); err != nil {
		return a, err
	}
	if a.To, err = n.parseHex(e.To); err != nil {
		return a, err
	}
	if e.Ref != "" {
		if e.Take != "" {
			return a, fmt.Errorf("an action takes a token back (take) or names a reference (ref), not both")
		}
		r, err := n.parseHex(e.Ref)
		if err != nil || r == engine.NoHex {
			return a, fmt.Errorf("ref: no hex %q on the %s board", e.Ref, n.b.Name)
		}
		a.Token = uint8(r) + 1
	}
	if e.Take != "" {
		if e.P != 1 && e.P != 2 {
			return a, fmt.Errorf("player %d: want 1 or 2", e.P)
		}
		t := slices.IndexFunc(n.armies[e.P-1].Tokens, func(t rules.Token) bool { return t.Name == e.Take })
		if t < 0 || t > 254 {
			return a, fmt.Errorf("army %q has no token %q to take back", n.armies[e.P-1].Name, e.Take)
		}
		a.Token = uint8(t) + 1
	}
	if e.Dir != "" {
		d, ok := rules.ParseDir(e.Dir)
		if !ok {
			return a, fmt.Errorf("unknown direction %q", e.Dir)
		}
		a.Facing = d
	}
	return a, nil
}

func (n names) parseHex(s string) (engine.Hex, error) {
	if s == "" {
		return engine.NoHex, nil
	}
	h, ok := n.b.Hex(s)
	if !ok {
		return engine.NoHex, fmt.Errorf("no hex %q on the %s board", s, n.b.Name)
	}
	return h, nil
}

// ask is the event of a rule question and its answer.
func (n names) ask(player uint8, q engine.Question, opts []engine.Option, pick int) Event {
	e := Event{E: "ask", P: int(player) + 1, Q: questionName(q), Pick: pick, Opts: make([]string, len(opts))}
	for i, o := range opts {
		e.Opts[i] = n.option(o)
		// The tokens these questions are about, by name: the option's Index
		// is a hand slot or a token type.
		switch {
		case q == engine.QHandDiscard && n.g != nil && player < 2 && o.Index >= 0 && o.Index < int(n.g.HandLen[player]):
			e.Opts[i] += " " + n.tok(player, n.g.Hand[player][o.Index])
		case q == engine.QLookOrder && o.Index >= 0 && o.Index < 255:
			e.Opts[i] += " " + n.tok(player, uint8(o.Index))
		}
	}
	return e
}

// option spells an answer "hex to dir index", "-" for no hex.
func (n names) option(o engine.Option) string {
	h, to := n.hex(o.Hex), n.hex(o.To)
	if h == "" {
		h = "-"
	}
	if to == "" {
		to = "-"
	}
	return h + " " + to + " " + o.Dir.String() + " " + strconv.Itoa(o.Index)
}

var battleKinds = [...]string{"", "segment", "attacks", "hit", "reflect", "absorb", "destroyed", "ability", "blast", "convert"}

// event turns what the engine traced into a trace line.
func (n names) event(e engine.TraceEvent) Event {
	out := Event{P: int(e.Player) + 1, Tok: n.tok(e.Player, e.Token), Hex: n.hex(e.Hex), To: n.hex(e.To), N: e.N, Ground: e.Ground}
	switch e.Kind {
	case engine.TrTurn:
		out.E = "turn"
	case engine.TrDraw:
		out.E = "draw"
	case engine.TrDiscard:
		out.E = "discard"
	case engine.TrMove:
		out.E, out.Dir = "move", e.Facing.String()
	case engine.TrWound:
		out.E = "wound"
	case engine.TrHeal:
		out.E = "heal"
	case engine.TrRemove:
		out.E = "remove"
	case engine.TrBattle:
		out = Event{E: "battle", N: e.N}
	case engine.TrResult:
		out = Event{E: "result", Result: engine.Result(e.N).String()}
	case engine.TrRecover:
		out = Event{E: "recover", P: out.P, Tok: out.Tok, Pile: "hand"}
		if e.N == 1 {
			out.Pile = "deck"
		}
	case engine.TrReturn:
		out = Event{E: "return", P: out.P, Tok: out.Tok}
	case engine.TrStatus:
		out.E, out.Status, out.TP, out.By = "status", e.Status, int(e.TPlayer)+1, n.tok(e.TPlayer, e.TToken)
	case engine.TrStatusEnd:
		out.E, out.Status = "status_end", e.Status
	case engine.TrAttack:
		out.E, out.Dir = "attack", e.Facing.String()
	case engine.TrSwap:
		out.E, out.TP, out.TTok = "swap", int(e.TPlayer)+1, n.tok(e.TPlayer, e.TToken)
	case engine.TrNet:
		out.E = "net"
	case engine.TrObserve:
		out.E, out.When = "observe", rules.Watch(e.N).String()
		out.N = 0
	case engine.TrValue:
		out.E = "value"
		if e.Hex == engine.NoHex {
			out.Hex = ""
		}
	case engine.TrBattleEvent:
		b := e.Battle
		out = Event{E: "?", P: int(b.Player) + 1, Tok: b.Token, Hex: n.hex(b.Hex), To: n.hex(b.Target), N: b.Wounds, Ranged: b.Ranged, Agony: b.Agony, Why: b.Why.String()}
		if int(b.Kind) < len(battleKinds) {
			out.E = battleKinds[b.Kind]
		}
		if b.TargetToken != "" {
			out.TP, out.TTok = int(b.TargetPlayer)+1, b.TargetToken
		}
		if b.Kind == engine.EvSegment {
			seg := b.Seg
			out = Event{E: "segment", Init: &seg}
		}
	default:
		out.E = "?"
	}
	return out
}

// final is the last line: the result and the whole state, with a digest of
// everything the engine keeps (board, HQs, decks, hands, discards, turn).
func (n names) final(g *engine.Game, capped bool) Event {
	e := Event{E: "final", Result: g.Result.String(), Capped: capped, Turn: g.Turn, Battles: g.Battles,
		Hands: make([][]string, g.S.Players()), Digest: Digest(g)}
	for p := range g.S.Players() {
		e.HQ = append(e.HQ, g.S.HQPoints(uint8(p)))
	}
	for h := 0; h < g.S.Board.Size; h++ {
		c := g.S.Cells[h]
		for _, pc := range []struct {
			p      engine.Piece
			ground bool
		}{{c.Ground, true}, {c.Unit, false}} {
			if pc.p.Empty() {
				continue
			}
			s := fmt.Sprintf("%s P%d %s %s", n.b.Names[h], pc.p.Owner+1, n.tok(pc.p.Owner, pc.p.Token), pc.p.Facing)
			if pc.p.Wounds > 0 {
				s += " w" + strconv.Itoa(int(pc.p.Wounds))
			}
			if pc.ground {
				s += " ground"
			}
			if pc.p.Marks&engine.Controlled != 0 {
				s += " taken"
			}
			if pc.p.Marks&engine.NetMarker != 0 {
				s += " netted"
			}
			if !pc.ground {
				for _, st := range g.S.StatusesOn(engine.Hex(h)) {
					s += " [" + st + "]"
				}
			}
			e.Cells = append(e.Cells, s)
		}
	}
	for p := range g.S.Players() {
		e.Hands[p] = []string{}
		for i := range g.HandLen[p] {
			e.Hands[p] = append(e.Hands[p], n.tok(uint8(p), g.Hand[p][i]))
		}
	}
	return e
}

// Digest is a SHA-256 of everything a game's outcome and future depend on
// (the board, the HQs, the decks, hands, discards and set-aside tokens, the
// turn flow, the wounds dealt in battles and what each token's steps did),
// hex-encoded. Two games with the same
// digest are the same bit for bit.
func Digest(g *engine.Game) string {
	st := struct {
		Cells      [engine.MaxHexes]engine.Cell
		HQ         [2]engine.Hex
		Deck       [2][engine.MaxArmyTokens]uint8
		DeckLen    [2]uint8
		Hand       [2][engine.MaxHand]uint8
		HandLen    [2]uint8
		Discarded  [2][engine.MaxArmyTokens]uint8
		Aside      [2][engine.MaxAside]uint8
		AsideLen   [2]uint8
		Player     uint8
		Phase      engine.Phase
		Turn       int64
		LastDrawn  bool
		FinalAfter int64
		TieBreak   bool
		Forbid     [2]bool
		Result     engine.Result
		Battles    int64
		Dealt      [2][engine.MaxArmyTokens]uint16
		Deeds      [2][engine.MaxArmyTokens]engine.Deeds
	}{g.S.Cells, two(g.S.HQ), two(g.Deck), two(g.DeckLen), two(g.Hand), two(g.HandLen), two(g.Discarded), two(g.Aside), two(g.AsideLen), g.Player, g.Phase,
		int64(g.Turn), g.LastDrawn, int64(g.FinalAfter), g.TieBreak, two(g.Forbid), g.Result, int64(g.Battles), g.Dealt, g.Deeds}
	h := sha256.New()
	if err := binary.Write(h, binary.LittleEndian, &st); err != nil {
		panic(err) // every field has a fixed size: cannot happen
	}
	if g.S.N > 2 {
		// Only with more players: the two-player digests stay as they were.
		more := struct {
			HQ        [engine.MaxPlayers]engine.Hex
			Deck      [engine.MaxPlayers][engine.MaxArmyTokens]uint8
			DeckLen   [engine.MaxPlayers]uint8
			Hand      [engine.MaxPlayers][engine.MaxHand]uint8
			HandLen   [engine.MaxPlayers]uint8
			Discarded [engine.MaxPlayers][engine.MaxArmyTokens]uint8
			Aside     [engine.MaxPlayers][engine.MaxAside]uint8
			AsideLen  [engine.MaxPlayers]uint8
			Forbid    [engine.MaxPlayers]bool
			Winners   uint8
			Out       uint8
			Score     [engine.MaxPlayers]uint8
			Used      [engine.MaxPlayers]uint8
		}{g.S.HQ, g.Deck, g.DeckLen, g.Hand, g.HandLen, g.Discarded, g.Aside, g.AsideLen, g.Forbid, g.Winners, g.Out, g.S.Score, g.LeaderUsed}
		if err := binary.Write(h, binary.LittleEndian, &more); err != nil {
			panic(err)
		}
	}
	if g.S.Board.Duel {
		h.Write(g.Energy[:]) // only on a board with energy: the other digests stay as they were
	}
	if g.S.St.N != 0 {
		// Only with statuses on the board: the other digests stay as they were.
		if err := binary.Write(h, binary.LittleEndian, &g.S.St); err != nil {
			panic(err)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Reader reads a trace a line at a time: its header at once, then each
// event when asked for it, so a replay checks every line as it is read and
// holds one line, never the file (a hostile trace fails at its first wrong
// line, whatever its size).
type Reader struct {
	Header Header
	sc     *bufio.Scanner
	line   int // the last line read
	events int
}

// NewReader reads the header of the trace r holds.
func NewReader(r io.Reader) (*Reader, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), MaxLine)
	rd := &Reader{sc: sc}
	if !sc.Scan() {
		if err := rd.scanErr(); err != nil {
			return nil, err
		}
		return nil, errors.New("empty file: a trace starts with a header line")
	}
	rd.line = 1
	raw := bytes.TrimPrefix(sc.Bytes(), []byte("\xef\xbb\xbf"))
	if err := decodeHeader(raw, &rd.Header); err != nil {
		return nil, fmt.Errorf("line 1: %w", err)
	}
	return rd, nil
}

// Next reads the next event and its line number; io.EOF after the last.
func (rd *Reader) Next() (Event, int, error) {
	if !rd.sc.Scan() {
		if err := rd.scanErr(); err != nil {
			return Event{}, 0, err
		}
		return Event{}, 0, io.EOF
	}
	rd.line++
	line, raw := rd.line, rd.sc.Bytes()
	if rd.events >= MaxEvents {
		return Event{}, 0, fmt.Errorf("line %d: more than %d events: not a trace of one game", line, MaxEvents)
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return Event{}, 0, fmt.Errorf("line %d: empty line: a trace has one event on every line", line)
	}
	var e Event
	if err := strictDecode(raw, &e); err != nil {
		return Event{}, 0, fmt.Errorf("line %d: %w", line, err)
	}
	if e.E == "" || e.E == "header" {
		return Event{}, 0, fmt.Errorf("line %d: want an event (field \"e\"), got %s", line, short(raw))
	}
	rd.events++
	return e, line, nil
}

func (rd *Reader) scanErr() error {
	err := rd.sc.Err()
	if err == nil {
		return nil
	}
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("line %d: longer than %d bytes: not a trace", rd.line+1, MaxLine)
	}
	return fmt.Errorf("reading line %d: %w", rd.line+1, err)
}

func decodeHeader(raw []byte, h *Header) error {
	// The schema first, on its own: a trace of another version gets that
	// said, not an error about a field this version does not know.
	var probe struct {
		E      string `json:"e"`
		Schema *int   `json:"schema"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		return fmt.Errorf("the header is not JSON: %w", err)
	}
	if probe.E != "header" {
		// Nothing of the line is quoted: the file may be anything the user
		// pointed at (docs/security.md).
		return errors.New("the first line is not a trace header (want \"e\":\"header\")")
	}
	if probe.Schema == nil {
		return errors.New("the header has no schema version")
	}
	if *probe.Schema != Schema {
		return fmt.Errorf("trace schema version %d: this hexforge reads version %d", *probe.Schema, Schema)
	}
	if err := strictDecode(raw, h); err != nil {
		return fmt.Errorf("header: %w", err)
	}
	return nil
}

func strictDecode(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("malformed JSON: %w", err)
	}
	if dec.More() {
		return errors.New("malformed JSON: more than one value on the line")
	}
	return nil
}

// short quotes the start of a line for an error message.
func short(raw []byte) string {
	s := string(raw)
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return strconv.Quote(s)
}

// Writer writes a trace as JSON lines.
type Writer struct {
	w   *bufio.Writer
	err error
	n   int // events written
}

// NewWriter writes a trace to w; call Flush at the end.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriter(w)} }

func (w *Writer) line(v any) {
	if w.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		w.err = err
		return
	}
	b = append(b, '\n')
	_, w.err = w.w.Write(b)
}

// Flush writes what is buffered and returns the first error.
func (w *Writer) Flush() error {
	if w.err == nil {
		w.err = w.w.Flush()
	}
	return w.err
}

// Events is how many events (lines after the header) were written.
func (w *Writer) Events() int { return w.n }

func (w *Writer) event(e Event) {
	w.n++
	w.line(e)
}

// sameEvent reports whether two events are the same, field for field.
func sameEvent(a, b *Event) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

func compact(e *Event) string {
	b, err := json.Marshal(e)
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(b))
}

// two is the first two players' entries of a per-player array: traces are
// of two-player games, and their digests stay what they were before the
// engine held more players.
func two[T any](a [engine.MaxPlayers]T) [2]T { return [2]T{a[0], a[1]} }
