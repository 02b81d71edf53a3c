package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// A position that places a Structure (testdata/boarding.pos: the fan
// Outpost Fortress's Bunker, just placed by its boarding part) resolves
// with the two parts as one unit: the Hatch's death takes the Gun with it,
// before the Gun shoots. The log is kept in a golden file (go test
// ./cmd/hexforge -run TestBattleStructureGolden -update rewrites it).
func TestBattleStructureGolden(t *testing.T) {
	var out, errw bytes.Buffer
	pos := filepath.Join("testdata", "boarding.pos")
	if err := runBattle(&out, &errw, pos, false); err != nil {
		t.Fatalf("%v\n%s", err, errw.String())
	}
	checkGolden(t, filepath.Join("testdata", "boarding.golden"), out.String())
	// The same position plays on (the variant implied, player 1's
	// Structure placed); --structures is refused where no army has one.
	if _, errs, code := run(t, "play", "--from", pos, "--players", "random", "--max-actions", "40"); code != 0 {
		t.Fatalf("play --from %s: exit %d\n%s", pos, code, errs)
	}
	_, errs, code := run(t, "play", "--from", filepath.Join("testdata", "teams.pos"), "--structures")
	if code == 0 || !strings.Contains(errs, "no army of this run has a structure block") {
		t.Errorf("play --from teams.pos --structures: exit %d, %q; want a refusal", code, errs)
	}
}
