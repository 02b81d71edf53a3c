package report

import (
	"strings"

	"github.com/spf13/pflag"
)

// CommandLine rebuilds the command that is running, for a report that
// names what produced it: the command path (e.g. "hexforge sim"), the
// arguments and every flag set, in name order (the same run gives the
// same line), each quoted for a POSIX shell where it needs it.
func CommandLine(path string, args []string, flags *pflag.FlagSet) string {
	parts := []string{path}
	for _, a := range args {
		parts = append(parts, shellQuote(a))
	}
	visit := func(f *pflag.Flag) {
		if f.Value.Type() == "bool" {
			if f.Value.String() == "true" {
				parts = append(parts, "--"+f.Name)
			} else {
				parts = append(parts, "--"+f.Name+"=false")
			}
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				parts = append(parts, "--"+f.Name, shellQuote(v))
			}
			return
		}
		parts = append(parts, "--"+f.Name, shellQuote(f.Value.String()))
	}
	flags.Visit(visit)
	return strings.Join(parts, " ")
}

// shellQuote quotes s for a POSIX shell unless it is made only of
// characters no shell treats specially.
func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:,=+@%", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
