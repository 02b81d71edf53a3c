// Package buildinfo is the line that names the hexforge binary (`hexforge
// version`, `--version`): the module version and the VCS revision the Go
// toolchain recorded when it was built, so that a report can be traced to
// its source.
package buildinfo

import "runtime/debug"

// Line is the version line of the running binary; ldflags is the version
// set with -ldflags "-X main.version=...", when set ("dev" otherwise): a
// release build names itself first.
func Line(ldflags string) string {
	info, _ := debug.ReadBuildInfo()
	return Format(ldflags, info)
}

// Format is Line on a given build info. A build with -buildvcs=false (or
// from a module cache, or `go run`) records no VCS settings and a test
// binary no module version: those say "(devel)" and "unknown revision"
// rather than printing empty fields.
func Format(ldflags string, info *debug.BuildInfo) string {
	mod, rev, dirty := "(devel)", "unknown revision", false
	var goVersion string
	if info != nil {
		goVersion = info.GoVersion
		if v := info.Main.Version; v != "" {
			mod = v
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				if s.Value != "" {
					rev = "revision " + s.Value
				}
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if dirty && rev != "unknown revision" {
		rev += " (modified)"
	}
	line := "hexforge "
	if ldflags != "" && ldflags != "dev" {
		line += ldflags + ", module "
	}
	line += mod + ", " + rev
	if goVersion != "" {
		line += ", " + goVersion
	}
	return line
}
