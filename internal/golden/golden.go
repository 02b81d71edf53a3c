// Package golden is the one -update flag of every golden-file test:
// `go test ./... -update` rewrites the expected outputs under testdata/
// instead of comparing with them, in whichever package it runs. Only tests
// import it.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ instead of comparing with them")

// Update reports whether the test run was asked to rewrite golden files
// (for tests that keep several outputs in one file and rewrite it themselves).
func Update() bool { return *update }

// Check compares got with the golden file at path, or, under -update,
// writes got there (creating its directory). A difference fails the test
// with the output got, so that the change can be read before -update
// accepts it.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (run the test with -update if the change is meant, and read the diff); got:\n%s", path, got)
	}
}
