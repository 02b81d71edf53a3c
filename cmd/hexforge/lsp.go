package main

import (
	"io"
	"os"

	"github.com/hexforge/hexforge/lsp"
	"github.com/spf13/cobra"
)

func newLSP() *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server for editors (over stdin and stdout)",
		Long: `lsp runs the hexforge language server: an editor starts it and talks the
Language Server Protocol over stdin and stdout. It shows check's errors and
warnings as you type, formats with fmt's layout, completes the language's
words, directions and token names, and shows a token's help card on hover.
docs/editors.md sets it up in VS Code, Neovim and Helix.`,
		Example: `  hexforge lsp   # started by the editor, not by hand`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// The raw stdin and stdout, not the command's: the protocol's
			// framing (\r\n) must reach the editor unescaped.
			return lsp.Serve(cmd.Context(), stdio{os.Stdin, os.Stdout}, version)
		},
	}
}

// stdio is the server's end of the editor's pipe.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error {
	return os.Stdin.Close()
}
