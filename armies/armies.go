// Package armies holds the official armies, written in the army language and
// embedded in the binary so hexforge works with no files at hand, and the
// loader that resolves a short army name or a path to a compiled army.
package armies

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/textfile"
)

//go:embed *.army
var files embed.FS

// Names lists the short names of the embedded armies, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".army") {
			out = append(out, strings.TrimSuffix(e.Name(), ".army"))
		}
	}
	sort.Strings(out)
	return out
}

// Source returns the text of an embedded army by short name.
func Source(name string) ([]byte, bool) {
	b, err := files.ReadFile(strings.ToLower(name) + ".army")
	return b, err == nil
}

// Loaded is a compiled army with where it came from.
type Loaded struct {
	Army    *rules.Army
	File    string // the file name used in diagnostics
	Source  []byte
	Sources map[string][]byte // every file read (bases of variants too), for rendering Diags
	Diags   diag.List         // warnings (and errors when Army is nil)
}

// ErrNotFound is returned when a name is neither an embedded army nor a file.
var ErrNotFound = errors.New("no such army")

// NotFound is the one error for a name that is neither an embedded army
// nor a file, whichever command or extends met it: it suggests the
// embedded army the name is a slip for and lists them all.
func NotFound(ref string) error {
	hint := ""
	if s := diag.Suggest(ref, Names()); s != "" {
		hint = " (" + s + ")"
	}
	return fmt.Errorf("%w %q%s: neither an embedded army (%s) nor a file; give a short name or a path to an .army file", ErrNotFound, ref, hint, strings.Join(Names(), ", "))
}

// IsPath reports whether ref looks like a path rather than a short name.
func IsPath(ref string) bool {
	return strings.ContainsAny(ref, `/\`) || strings.HasSuffix(ref, ".army")
}

// Load resolves ref, an embedded army's short name or a path to an .army
// file, and compiles it. A file with several armies yields the first; name
// one with "file.army:Army Name".
func (ld Loader) Load(ref string) (*Loaded, error) {
	file, want := ref, ""
	if i := strings.LastIndex(ref, ".army:"); i >= 0 {
		file, want = ref[:i+5], ref[i+6:]
	}
	var src []byte
	if b, ok := Source(file); ok && !IsPath(file) {
		src, file = b, path.Join("armies", strings.ToLower(file)+".army")
	} else if IsPath(file) {
		b, err := ReadFile(file)
		if err != nil {
			return nil, err
		}
		src = b
	} else {
		return nil, NotFound(ref)
	}
	res := compiler.CompileWith(file, src, compiler.Options{Resolve: ld.Resolve})
	res.Sources[file] = src
	l := &Loaded{File: file, Source: src, Sources: res.Sources, Diags: res.Diags}
	if res.Diags.HasErrors() {
		return l, res.Diags
	}
	if len(res.Armies) == 0 {
		return l, fmt.Errorf("%s: no army in file", file)
	}
	l.Army = res.Armies[0]
	if want != "" {
		l.Army = nil
		for _, a := range res.Armies {
			if strings.EqualFold(a.Name, want) {
				l.Army = a
			}
		}
		if l.Army == nil {
			return l, fmt.Errorf("%s: no army named %q in the file", file, want)
		}
	}
	return l, nil
}

// missingFileHint adds to "moloch.army: no such file" that moloch is an
// embedded army, named without the .army: a new user's likeliest slip.
func missingFileHint(file string, err error) error {
	if strings.ContainsAny(file, `/\`) {
		return err
	}
	if _, statErr := os.Stat(file); !errors.Is(statErr, fs.ErrNotExist) {
		return err
	}
	name := strings.TrimSuffix(file, filepath.Ext(file))
	if _, ok := Source(name); ok {
		return fmt.Errorf("%w (did you mean the embedded army %q?)", err, strings.ToLower(name))
	}
	return err
}

// ArmyFile is the policy for every file read as army-language source: an
// army, a base of `extends`, a leader file (docs/security.md).
var ArmyFile = textfile.Kind{What: "an .army file (or a directory to commands that take one)", Ext: ".army", Limit: dsl.MaxFileSize}

// ReadFile reads an army file with errors a designer can act on.
func ReadFile(name string) ([]byte, error) {
	b, err := textfile.Read(name, ArmyFile)
	if err != nil {
		return nil, missingFileHint(name, err)
	}
	return b, nil
}

// Loader loads armies and leader cards. Its zero value keeps every rule of
// docs/security.md; the command line sets its fields from its flags.
type Loader struct {
	// AllowExtendsOutside lets `extends` name a base outside the directory
	// tree of the file that extends it (the --allow-extends-outside flag).
	AllowExtendsOutside bool
}

// Resolve finds the base army of an `extends`: an embedded army's short
// name, or a path relative to the file that names it.
func (ld Loader) Resolve(ref, fromFile string) (string, []byte, error) {
	if !IsPath(ref) {
		if b, ok := Source(ref); ok {
			return path.Join("armies", strings.ToLower(ref)+".army"), b, nil
		}
		return "", nil, NotFound(ref)
	}
	// A stranger's army file must not make hexforge read other files: a
	// base is an .army file in the directory tree of the file that names it,
	// judged after links (docs/security.md); --allow-extends-outside lifts
	// the second rule.
	dir := ""
	if fromFile != "" {
		dir = filepath.Dir(fromFile)
	}
	p, err := textfile.Named(ref, dir, "the directory of the army file that extends it", ArmyFile, ld.AllowExtendsOutside)
	if err != nil {
		return "", nil, fmt.Errorf("extends %q: %w", ref, err)
	}
	b, err := ReadFile(p)
	if err != nil {
		return "", nil, err
	}
	return p, b, nil
}
