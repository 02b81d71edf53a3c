package main

import (
	"fmt"

	"github.com/hexforge/hexforge/internal/buildinfo"
	"github.com/spf13/cobra"
)

// The version command and the root's --version flag print the same line
// (buildinfo.Line).
func newVersion() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the hexforge version, module version and VCS revision",
		Example: "  hexforge version",
		Args:    cobra.NoArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			fmt.Fprintln(cmd.OutOrStdout(), buildinfo.Line(version))
		},
	}
}
