package main

import (
	"io"
	"os"
	"strconv"
	"strings"

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

// outputWidth is the width that what is written to w (a report, help, an
// error) fits: the terminal's when w is one, else the COLUMNS environment
// variable's when it holds a positive number (as ls and other tools read
// it: `COLUMNS=80 hexforge sim ... | less`, or a terminal the program
// cannot ask), else 0, full width. The progress bar asks terminalWidth
// alone: it is drawn only on a terminal.
func outputWidth(w io.Writer) int {
	if n := terminalWidth(w); n > 0 {
		return n
	}
	if n, err := strconv.Atoi(strings.TrimSpace(os.Getenv("COLUMNS"))); err == nil && n > 0 {
		return n
	}
	return 0
}
