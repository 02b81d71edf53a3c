package trace

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/textfile"
)

// MaxSize bounds a trace file: a capped game of 4000 actions writes a few
// megabytes.
const MaxSize = 256 << 20

// OpenFile opens the trace in file for reading a line at a time as a
// replay checks it (ReplayReader): memory is bounded by the game, not the
// file. The caller closes c.
func OpenFile(file string) (rd *Reader, c io.Closer, err error) {
	f, err := textfile.Open(file, textfile.Kind{What: "a game trace (JSON lines written by play --trace)", Limit: MaxSize})
	if err != nil {
		return nil, nil, err
	}
	if rd, err = NewReader(io.LimitReader(f, MaxSize)); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", file, err)
	}
	return rd, f, nil
}

// FileLoaders are the loaders of the trace with header h read from file: its armies (with
// the header's --set overrides) and board files relative to the trace's
// directory, in its tree unless l allows files outside it, and its leader
// files relative to the current directory, as play was given them. An
// army's diagnostics are written to diags.
func FileLoaders(h *Header, file string, l armies.Loader, diags io.Writer) (Loaders, error) {
	var sets []armies.Set
	for _, s := range h.Sets {
		st, err := armies.ParseSet(s)
		if err != nil {
			return Loaders{}, fmt.Errorf("%s: header: %w", file, err)
		}
		sets = append(sets, st)
	}
	load := Loaders{Leader: func(ref string) (*rules.Leader, error) {
		path, err := leaderPath(l, ref)
		if err != nil {
			return nil, err
		}
		return l.LoadLeader(path)
	}}
	load.Army = func(ref string) (*rules.Army, error) {
		path, err := armyPath(l, ref, file)
		if err != nil {
			return nil, err
		}
		a, err := l.LoadVariant(path, sets)
		if a != nil && len(a.Diags) > 0 && err != nil {
			a.Diags.Render(diags, a.Sources)
		}
		if err != nil {
			return nil, err
		}
		return a.Army, nil
	}
	load.Position = func(ref string) (*engine.State, *engine.Piles, error) {
		// As an army: relative to the trace, in its tree unless
		// --allow-extends-outside; the position's own files are relative
		// to it, under the same rule (position.ReadSetup).
		path, err := textfile.Named(ref, filepath.Dir(file), "the trace's directory", position.PositionFile, l.AllowExtendsOutside)
		if err != nil {
			return nil, nil, err
		}
		s, piles, src, err := position.ReadSetup(path, l)
		if dl, ok := err.(diag.List); ok {
			dl.Render(diags, map[string][]byte{path: src})
		}
		return s, piles, err
	}
	load.Board = func(ref string) (*engine.Board, error) {
		path, err := boardPath(l, ref, file)
		if err != nil {
			return nil, err
		}
		b, err := position.LoadBoard(path, "")
		if err != nil {
			return nil, err
		}
		b.Name = ref
		return b, nil
	}
	return load, nil
}

// Outcome is the line a replay that matched ends with: the events, the
// result (who won a game of more than two players) and every HQ.
func Outcome(g *engine.Game, events int) string {
	result := g.Result.String()
	if !g.Over() {
		result = "capped"
	}
	hqs := fmt.Sprintf("%d-%d", g.S.HQPoints(0), g.S.HQPoints(1))
	if g.S.Players() > 2 { // a multiplayer trace (sim --mode --record)
		var won []string
		for p := range g.S.Players() {
			if p > 1 {
				hqs += fmt.Sprintf("-%d", g.S.HQPoints(uint8(p)))
			}
			if g.Over() && g.Winners&(1<<p) != 0 {
				won = append(won, fmt.Sprint(p+1))
			}
		}
		if len(won) > 0 {
			result = "won by player " + strings.Join(won, ", ")
		}
	}
	return fmt.Sprintf("replay ok: %d events match, %s, HQ %s", events, result, hqs)
}

// armyPath finds the army a trace names: an embedded army's short name
// as it is, a path relative to the trace's directory. A trace may come from
// a stranger: like extends (docs/security.md), it names only .army files in
// its own directory tree, judged after links, unless
// --allow-extends-outside (textfile.Named).
func armyPath(l armies.Loader, ref, traceFile string) (string, error) {
	if !armies.IsPath(ref) {
		return ref, nil
	}
	return textfile.Named(ref, filepath.Dir(traceFile), "the trace's directory", armies.ArmyFile, l.AllowExtendsOutside)
}

// boardPath finds the board file a trace names, as armyPath finds
// an army: a path ending in .board, relative to the trace's directory, in
// its tree unless --allow-extends-outside.
func boardPath(l armies.Loader, ref, traceFile string) (string, error) {
	if !strings.EqualFold(filepath.Ext(ref), ".board") {
		return "", fmt.Errorf("unknown board %q: a trace names an embedded board or a path ending in .board", ref)
	}
	p, err := textfile.Named(ref, filepath.Dir(traceFile), "the trace's directory", position.BoardFile, l.AllowExtendsOutside)
	if err != nil {
		return "", fmt.Errorf("board %s: %w", ref, err)
	}
	return p, nil
}

// leaderPath finds the leader file a trace names (FILE:Name), as play was
// given it: relative to the current directory, an .army file in its tree,
// judged after links, unless --allow-extends-outside; a hostile trace must
// not make the replay read /etc/passwd or ../../anything.
func leaderPath(l armies.Loader, ref string) (string, error) {
	file, name := ref, ""
	if i := strings.LastIndex(ref, ".army:"); i >= 0 {
		file, name = ref[:i+5], ref[i+5:]
	}
	if !armies.IsPath(file) {
		return ref, nil
	}
	p, err := textfile.Named(file, ".", "the current directory", armies.ArmyFile, l.AllowExtendsOutside)
	if err != nil {
		return "", err
	}
	return p + name, nil
}
