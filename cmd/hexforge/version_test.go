package main

import (
	"strings"
	"testing"
)

// TestVersionFlagAndCommand: --version and version print the same line,
// with the module version and the revision (or their stand-ins when the
// build recorded none, as with -buildvcs=false and in a test binary).
func TestVersionFlagAndCommand(t *testing.T) {
	cmdOut, _, code := run(t, "version")
	if code != 0 {
		t.Fatalf("version: exit %d", code)
	}
	flagOut, stderr, code := run(t, "--version")
	if code != 0 {
		t.Fatalf("--version: exit %d\n%s", code, stderr)
	}
	if cmdOut != flagOut {
		t.Errorf("version says %q, --version %q", cmdOut, flagOut)
	}
	if !strings.HasPrefix(cmdOut, "hexforge ") || !strings.Contains(cmdOut, "revision") {
		t.Errorf("version %q lacks the module version and revision", cmdOut)
	}
}
