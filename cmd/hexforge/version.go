package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// versionLine is what `hexforge version` and `hexforge --version` print: the
// module version and the VCS revision the binary was built from, as the Go
// toolchain recorded them, so a report can be traced to its source. The
// -ldflags version, when set, comes first: a release build names itself.
func versionLine() string {
	info, _ := debug.ReadBuildInfo()
	return formatVersion(version, info)
}

// formatVersion is versionLine on a given build info. A build with
// -buildvcs=false (or from a module cache, or `go run`) records no VCS
// settings and a test binary no module version: those say "(devel)" and
// "unknown revision" rather than printing empty fields.
func formatVersion(ldflags string, info *debug.BuildInfo) string {
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

// printVersion is shared by the version command and the --version flag, so
// both say exactly the same thing.
func printVersion(w io.Writer) {
	fmt.Fprintln(w, versionLine())
}

func newVersion() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the hexforge version, module version and VCS revision",
		Example: "  hexforge version",
		Args:    cobra.NoArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			printVersion(cmd.OutOrStdout())
		},
	}
}
