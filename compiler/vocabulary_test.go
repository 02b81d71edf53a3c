package compiler

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestVocabularyTables: every word of every table the compiler reads a word
// from (wordValue, and the suggestions of unknown) is listed by
// Vocabulary, which the vocabulary test (armies/vocabulary_test.go) asks a
// scenario of for each word. The tables are those met compiling every
// golden case, the official armies and the gallery: a new word table the
// tests exercise but Vocabulary leaves out fails here.
func TestVocabularyTables(t *testing.T) {
	listed := map[string]bool{}
	for _, words := range Vocabulary() {
		for _, w := range words {
			listed[strings.ToLower(w)] = true
		}
	}
	read := map[string][]string{} // what -> words
	readTable = func(what string, words []string) {
		for _, w := range words {
			if !slices.Contains(read[what], w) {
				read[what] = append(read[what], w)
			}
		}
	}
	defer func() { readTable = nil }()
	var sources []string
	golden, _ := filepath.Glob("testdata/*.txtar")
	for _, f := range golden {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if in, ok := parseArchive(string(raw)).get("in.army"); ok {
			sources = append(sources, in)
		}
	}
	armies, _ := filepath.Glob("../armies/*.army")
	gallery, _ := filepath.Glob("../armies/testdata/gallery/*.army")
	for _, f := range append(armies, gallery...) {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, string(raw))
	}
	if len(golden) == 0 || len(armies) == 0 || len(gallery) == 0 {
		t.Fatalf("found %d golden cases, %d armies, %d gallery armies", len(golden), len(armies), len(gallery))
	}
	for _, src := range sources {
		compileOutput("in.army", []byte(src))
	}
	if len(read) < 20 {
		t.Fatalf("only %d word tables read: the hook is not called", len(read))
	}
	for what, words := range read {
		for _, w := range words {
			if !listed[strings.ToLower(w)] {
				t.Errorf("%s %q is read from a word table that Vocabulary does not list: add the table to Vocabulary (compiler/vocabulary.go) and a scenario of each word to armies/vocabulary_test.go", what, w)
			}
		}
	}
}
