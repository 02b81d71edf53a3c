package position

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hexforge/hexforge/engine"
)

func hex(t *testing.T, b *engine.Board, name string) engine.Hex {
	t.Helper()
	h, ok := b.Hex(name)
	if !ok {
		t.Fatalf("no hex %s", name)
	}
	return h
}

// TestBoardFiles: a board file overrides the reading of the Terminals;
// the embedded Duel board formats as its file; a bad file is an error.
func TestBoardFiles(t *testing.T) {
	// A board file overrides the reading of the Terminals.
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.board")
	if err := os.WriteFile(path, []byte("name mine\nradius 2\nterminals a1 c3 e3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := LoadBoard(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if !b.Duel || b.EnergyMax != 5 || !b.Terminal[hex(t, b, "a1")] || b.Terminal[hex(t, b, "a2")] || b.Name != path {
		t.Fatalf("board file: duel %v energy %d name %q", b.Duel, b.EnergyMax, b.Name)
	}
	if b.TieDraw || Standard.TieDraw || Large.TieDraw || !Duel.TieDraw {
		t.Fatalf("tie draw: file %v standard %v large %v duel %v; want the Duel board's only", b.TieDraw, Standard.TieDraw, Large.TieDraw, Duel.TieDraw)
	}
	atlas, err := ParseBoard("atlas.board", []byte("name atlas\nradius 2\nstalemate draw\n"))
	if err != nil || !atlas.StalemateDraw || atlas.TieDraw || Duel.StalemateDraw || Standard.StalemateDraw {
		t.Fatalf("stalemate draw: %v; the Atlas file, tie, Duel, standard: %v %v %v %v", err, atlas != nil && atlas.StalemateDraw, atlas != nil && atlas.TieDraw, Duel.StalemateDraw, Standard.StalemateDraw)
	}
	if FormatBoard(atlas) != "name atlas\nradius 2\nstalemate draw\n" {
		t.Fatalf("FormatBoard: %q", FormatBoard(atlas))
	}
	if FormatBoard(Duel) != "name duel\nradius 2\nterminals a2 b1 b4 c3 d1 d4 e2\nenergy 5\ntie draw\n" {
		t.Fatalf("FormatBoard: %q", FormatBoard(Duel))
	}
	for _, bad := range []string{"radius 2\n", "name x\n", "name x\nradius 4\n", "name x\nradius 2\nterminals z9\n",
		"name x\nradius 2\nterminals a1 a1\n", "name x\nradius 2\nenergy 0\n", "name x\nradius 2\ntermnals a1\n",
		"name x\nradius 2\ntie\n", "name x\nradius 2\ntie lose\n", "name x\nradius 2\ntie draw extra-turn\n",
		"name x\nradius 2\nstalemate\n", "name x\nradius 2\nstalemate lose\n"} {
		if _, err := ParseBoard("bad.board", []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if _, err := LoadBoard("nowhere", ""); err == nil {
		t.Error("unknown board: no error")
	}
}

// FuzzParseBoard: the board file parser never panics, and a board it
// accepts formats into a file it reads back the same.
func FuzzParseBoard(f *testing.F) {
	for _, name := range BoardNames {
		src, _ := EmbeddedBoardSource(name)
		f.Add(src)
	}
	f.Add([]byte("name x\nradius 3\nterminals g4 a1\nenergy 9\n"))
	f.Add([]byte("name x\nradius 2\ntie extra-turn\ntie draw\n"))
	f.Add([]byte("name atlas\nradius 3\nstalemate draw\nstalemate play-on\n"))
	f.Add([]byte("name atlas\nradius 3\nholes a1 a4 d1 d7 g1 g4 d4 c4\nblocked b3 f3 d6\nterminals b2 c2 e5 f4\nenergy 4\nlabel d2 ridge\n"))
	f.Add([]byte("name pit\nradius 2\nholes a1 e3 c3\nblocked b2 d3\nlabel c1 north\nlabel c5 south\nfull inner\nstalemate draw\n"))
	f.Add([]byte("name x\nradius 3\nholes a2 b2 c3 d2 e2\nblocked nort\nlabel c1 c2\nfull all\nfull some\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		b, err := ParseBoard("fuzz.board", src)
		if err != nil {
			return
		}
		again, err := ParseBoard("again.board", []byte(FormatBoard(b)))
		if err != nil {
			t.Fatalf("formatted board does not parse: %v\n%s", err, FormatBoard(b))
		}
		if again.Terminal != b.Terminal || again.EnergyMax != b.EnergyMax || again.Size != b.Size || again.Duel != b.Duel || again.TieDraw != b.TieDraw || again.StalemateDraw != b.StalemateDraw ||
			again.Blocked != b.Blocked || again.Labels != b.Labels || again.Inner != b.Inner || again.Nb != b.Nb || again.Dist != b.Dist || again.Reach != b.Reach || !slices.Equal(again.Holes, b.Holes) {
			t.Fatalf("round trip changed the board:\n%s", FormatBoard(b))
		}
	})
}
