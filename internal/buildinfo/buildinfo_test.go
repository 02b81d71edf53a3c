package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ldflags string
		info    *debug.BuildInfo
		want    string
	}{
		{"no build info", "dev", nil, "hexforge (devel), unknown revision"},
		{"-buildvcs=false", "dev", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/hexforge/hexforge", Version: "(devel)"}},
			"hexforge (devel), unknown revision, go1.26.8"},
		{"go install @version", "dev", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "hexforge v1.2.3, unknown revision"},
		{"from a checkout", "dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "f0b26a0abc"}, {Key: "vcs.modified", Value: "true"}}},
			"hexforge (devel), revision f0b26a0abc (modified)"},
		{"release ldflags", "1.0.0", &debug.BuildInfo{Main: debug.Module{Version: "v1.0.0"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}},
			"hexforge 1.0.0, module v1.0.0, revision abc"},
	} {
		if got := Format(tc.ldflags, tc.info); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
