package armies

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/hexforge/hexforge/compiler"
)

// File is one army source to compile: a file on disk or an embedded
// army.
type File struct {
	Name string // the file, or armies/NAME.army for an embedded army
	Src  []byte
}

// Files are the sources that command-line arguments name: a short name
// an embedded army, a directory its .army files, anything else a file;
// no arguments name every embedded army.
func Files(args []string) ([]File, error) {
	if len(args) == 0 {
		args = append(args, Names()...)
	}
	var out []File
	for _, a := range args {
		if !IsPath(a) {
			if src, ok := Source(a); ok {
				out = append(out, File{filepath.Join("armies", a+".army"), src})
				continue
			}
		}
		st, err := os.Stat(a)
		if err == nil && st.IsDir() {
			matches, _ := filepath.Glob(filepath.Join(a, "*.army"))
			if len(matches) == 0 {
				return nil, fmt.Errorf("%s: directory has no .army files", a)
			}
			sort.Strings(matches)
			for _, m := range matches {
				b, err := ReadFile(m)
				if err != nil {
					return nil, err
				}
				out = append(out, File{m, b})
			}
			continue
		}
		if err != nil && !IsPath(a) {
			return nil, NotFound(a)
		}
		b, err := ReadFile(a)
		if err != nil {
			return nil, err
		}
		out = append(out, File{a, b})
	}
	return out, nil
}

// Compile compiles one source; `extends` finds embedded armies by short
// name and files relative to the source (Resolve).
func (ld Loader) Compile(u File) compiler.Result {
	res := compiler.CompileWith(u.Name, u.Src, compiler.Options{Resolve: ld.Resolve})
	if res.Sources == nil {
		res.Sources = map[string][]byte{}
	}
	res.Sources[u.Name] = u.Src
	return res
}
