package main

import (
	"errors"
	"io"
	"os"
	"strings"

	"github.com/hexforge/hexforge/internal/buildinfo"
	"github.com/hexforge/hexforge/lsp"
	"github.com/spf13/cobra"
)

func newLSP() *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server for editors (over stdin and stdout)",
		Long: `lsp runs the hexforge language server: an editor starts it and talks the
Language Server Protocol over stdin and stdout. It shows check's errors and
warnings as you type with quick fixes for their did-you-means, formats with
fmt's layout, completes what may follow at the cursor, outlines the army's
tokens and abilities, goes from a token's name to its declaration and its
references, and shows a token's help card on hover.
docs/editors.md sets it up in VS Code, Neovim and Helix.`,
		Example: `  hexforge lsp   # started by the editor, not by hand`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			err := lsp.Serve(cmd.Context(), lspStdio(), serverVersion(), loader)
			if errors.Is(err, lsp.ErrExitWithoutShutdown) {
				return exitError{1} // the protocol's status for an exit without shutdown
			}
			return err
		},
	}
}

// lspStdio is the server's end of the editor's pipe: the raw stdin and
// stdout, not the command's, whose output escapes control characters, for
// the protocol's framing (\r\n) must reach the editor as it is. Tests
// replace it with a pipe.
var lspStdio = func() io.ReadWriteCloser { return stdio{os.Stdin, os.Stdout} }

// stdio joins stdin and stdout into one stream.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error {
	return os.Stdin.Close()
}

// serverVersion is the version the server reports to the editor: the
// words of `hexforge version` after the name (the module version, the
// VCS revision, the Go version), so that an editor's log names the build,
// not just "dev".
func serverVersion() string {
	return strings.TrimPrefix(buildinfo.Line(version), "hexforge ")
}
