package main

import (
	"io"
	"os"

	"golang.org/x/term"
)

// terminalWidth is the width in columns of the terminal w shows on, or 0
// when w is not a terminal (a pipe, a file, a test's buffer). A variable so
// that tests can give a width without a terminal.
var terminalWidth = func(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return 0
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return width
}
