package main

import (
	"os"
	"testing"
)

// checkGolden compares got with the golden file, or rewrites the file
// under -update (the flag of ladder_test.go), so every golden test of the
// package reads and updates its file the same way.
func checkGolden(t *testing.T, golden, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/hexforge -run %s -update writes it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test ./cmd/hexforge -run %s -update rewrites it if the change is meant):\n%s\nwant:\n%s", golden, t.Name(), got, want)
	}
}
