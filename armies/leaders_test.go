package armies

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// TestLeadersLoad: the embedded leaders compile; --leaders finds one by
// name, alias or file, and reports an unknown one.
func TestLeadersLoad(t *testing.T) {
	if len(Leaders()) == 0 {
		t.Fatal("no embedded leader")
	}
	var ld Loader
	l, err := ld.LoadLeader("medic")
	if err != nil || l.Name != "Medyk" || l.Timing != rules.AfterDiscard {
		t.Fatalf("medic: %v %v", l, err)
	}
	if _, err := ld.LoadLeader("nobody"); err == nil {
		t.Fatal("an unknown leader loads")
	}
	file := filepath.Join(t.TempDir(), "mine.army")
	if err := os.WriteFile(file, []byte("leader \"A\" { on own_turn: draw 1 }\nleader \"B\" { on own_turn: look 2 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if l, err := ld.LoadLeader(file + ":b"); err != nil || l.Name != "B" {
		t.Fatalf("file:B: %v %v", l, err)
	}
	if l, err := ld.LoadLeader(file); err != nil || l.Name != "A" {
		t.Fatalf("file: %v %v", l, err)
	}
	if _, err := ld.LoadLeader(file + ":C"); err == nil {
		t.Fatal("a leader not in the file loads")
	}
}
