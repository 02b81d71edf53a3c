package armies

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
)

// The embedded leader cards (the Leaders variant): files of the army
// language holding leader statements.
//
//go:embed leaders/*.army
var leaderFiles embed.FS

// Leaders compiles the embedded leader cards, in file and declaration order.
func Leaders() []*rules.Leader {
	var out []*rules.Leader
	names, _ := fs.Glob(leaderFiles, "leaders/*.army")
	slices.Sort(names)
	for _, n := range names {
		src, err := leaderFiles.ReadFile(n)
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		res := compiler.CompileSource(path.Join("armies", n), src)
		if res.Diags.HasErrors() {
			panic(fmt.Sprintf("embedded leaders %s: %v", n, res.Diags)) // a test compiles them
		}
		out = append(out, res.Leaders...)
	}
	return out
}

// LeaderNames lists the names of the embedded leader cards.
func LeaderNames() []string {
	var out []string
	for _, l := range Leaders() {
		out = append(out, l.Name)
	}
	return out
}

// LoadLeader resolves ref, an embedded leader's name (or alias,
// case-insensitive) or a path to a file of the army language with leader
// statements: its first leader, or the one named with "file.army:Leader".
func (ld Loader) LoadLeader(ref string) (*rules.Leader, error) {
	if !IsPath(ref) && !strings.Contains(ref, ".army:") {
		for _, l := range Leaders() {
			if strings.EqualFold(l.Name, ref) || slices.ContainsFunc(l.Aliases, func(a string) bool { return strings.EqualFold(a, ref) }) {
				return l, nil
			}
		}
		return nil, fmt.Errorf("unknown leader %q: neither an embedded leader (%s) nor a file; give a name or a path to an .army file with leader statements", ref, strings.Join(LeaderNames(), ", "))
	}
	file, want := ref, ""
	if i := strings.LastIndex(ref, ".army:"); i >= 0 {
		file, want = ref[:i+5], ref[i+6:]
	}
	src, err := ReadFile(file)
	if err != nil {
		return nil, err
	}
	res := compiler.CompileWith(file, src, compiler.Options{Resolve: ld.Resolve})
	if res.Diags.HasErrors() {
		return nil, res.Diags
	}
	for _, l := range res.Leaders {
		if want == "" || strings.EqualFold(l.Name, want) {
			return l, nil
		}
	}
	if want != "" {
		return nil, fmt.Errorf("%s: no leader named %q in the file", file, want)
	}
	return nil, fmt.Errorf("%s: no leader in file (declare one with leader \"Name\" { on after_discard: ... })", file)
}

// LeaderPair reads the --leaders of a command that plays games: "" (no
// leaders), one leader for both armies, or A,B, "none" being no leader
// for that army; two says it named one for each. It loads them all, so a
// mistyped name fails before any game.
func (ld Loader) LeaderPair(s string) (l [2]*rules.Leader, two bool, err error) {
	if strings.TrimSpace(s) == "" {
		return l, false, nil
	}
	refs := strings.Split(s, ",")
	if len(refs) > 2 {
		return l, false, fmt.Errorf("--leaders %q: give one leader (every army has it) or two, A,B", s)
	}
	for i, ref := range refs {
		ref = strings.TrimSpace(ref)
		if strings.EqualFold(ref, "none") {
			continue
		}
		if l[i], err = ld.LoadLeader(ref); err != nil {
			return l, false, fmt.Errorf("--leaders: %w", err)
		}
	}
	if len(refs) == 1 {
		l[1] = l[0]
	}
	return l, len(refs) == 2, nil
}
