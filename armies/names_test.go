package armies_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
)

// ruleTerms are official token names that are also words of the rules and of
// the army language itself (an instant's or a module's kind, a primitive's
// name, a direction of play): the engine and the compiler cannot avoid
// saying "battle", "move" or "medic". Every other official token or army
// name must stay out of them, so that no ability is a special case.
var ruleTerms = map[string]bool{
	"hq": true, "sztab": true, "battle": true, "bitwa": true, "move": true, "ruch": true,
	"push": true, "push back": true, "pull": true, "medic": true, "medyk": true,
	"sniper": true, "snajper": true, "rotate": true, "rotation": true, "swap": true,
	"net": true, "mine": true, "mina": true, "hunt": true, "terror": true, "grenade": true,
	"bomb": true, "bomba": true, "air strike": true, "granat": true, "castling": true,
	"takeover": true, "scout": true, "officer": true, "transport": true,
	"agony": true,
}

// TestNoOfficialNamesInEngineOrCompiler is the issue's `grep -ri` check: no
// official army or token name (English or Polish) appears, as a word, in
// any file under engine/ or compiler/ (code, tests and test data). Engine
// and compiler tests use invented test armies (the one-off script that once
// renamed borrowed names was retired when none was left).
func TestNoOfficialNamesInEngineOrCompiler(t *testing.T) {
	names := map[string]string{} // lower-case name -> army it comes from
	for _, ref := range armies.Names() {
		l, err := armies.Loader{}.Load(ref)
		if err != nil {
			t.Fatal(err)
		}
		names[strings.ToLower(l.Army.Name)] = ref
		for _, tok := range l.Army.Tokens {
			for _, n := range append([]string{tok.Name}, tok.Aliases...) {
				if !ruleTerms[strings.ToLower(n)] {
					names[strings.ToLower(n)] = ref
				}
			}
		}
	}
	var list []string
	for n := range names {
		list = append(list, regexp.QuoteMeta(n))
	}
	sort.Slice(list, func(i, j int) bool { return len(list[i]) > len(list[j]) })
	re := regexp.MustCompile(`(?i)(^|[^\pL\pN_])(` + strings.Join(list, "|") + `)($|[^\pL\pN_])`)
	for _, dir := range []string{"../engine", "../compiler"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(b), "\n") {
				if m := re.FindStringSubmatch(line); m != nil {
					t.Errorf("%s:%d: official name %q (%s): %s", path, i+1, m[2], names[strings.ToLower(m[2])], strings.TrimSpace(line))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
