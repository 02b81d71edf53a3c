package armyfmt

import (
	"strings"
	"testing"
)

func TestFileName(t *testing.T) {
	if got := FileName("Iron  Wółves!"); got != "iron-wółves" {
		t.Errorf("FileName = %q", got)
	}
	if got := FileName("!!"); got != "army" {
		t.Errorf("FileName of no letters = %q, want army", got)
	}
}

// The starter army names the file it is saved in, and my-army.army when
// it goes to standard output.
func TestStarter(t *testing.T) {
	src, err := Starter("Iron Wolves", "-")
	if err != nil || !strings.Contains(string(src), `army "Iron Wolves" {`) || !strings.Contains(string(src), "hexforge check my-army.army") {
		t.Errorf("Starter: %v\n%s", err, src)
	}
}
