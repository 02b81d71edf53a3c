package workbench

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hexforge/hexforge/armies"
)

// TestServeSymlinkedBase: serve checks an army whose `extends` names a
// symbolic link as every command does (docs/security.md): a link named
// .army to a file that is not an army is refused and no line of it is
// shown; a link leading out of the army's tree is refused unless
// --allow-extends-outside; a link in the tree to an army in the tree
// compiles, and saving the file it points at reruns the simulation.
func TestServeSymlinkedBase(t *testing.T) {
	const secret = "SECRET-root:x:0:0"
	dir := t.TempDir()
	fan, outside := filepath.Join(dir, "fan"), filepath.Join(dir, "outside")
	for _, d := range []string{filepath.Join(fan, "bases"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, text string) string {
		t.Helper()
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	link := func(target, p string) {
		t.Helper()
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	clean, err := os.ReadFile("testdata/clean.army")
	if err != nil {
		t.Fatal(err)
	}
	// The secret's lines look like an army's: a compiler that read it
	// would quote them.
	notes := write(filepath.Join(fan, "notes.txt"), "army \""+secret+"\" {\n    "+secret+"\n}\n")
	link(notes, filepath.Join(fan, "shadow.army"))
	link(write(filepath.Join(outside, "base.army"), string(clean)), filepath.Join(fan, "out.army"))
	real := write(filepath.Join(fan, "bases", "real.army"), string(clean))
	link(filepath.Join("bases", "real.army"), filepath.Join(fan, "in.army"))
	variant := func(name, base string) string {
		return write(filepath.Join(fan, name), "army \"V\" extends \""+base+"\" {\n    notes \"v\"\n}\n")
	}

	for _, tc := range []struct {
		name    string
		file    string
		outside bool
		want    string // in the diagnostics; "" compiles
	}{
		{"a link to a file that is not an army", variant("e.army", "shadow.army"), false, "does not end in .army"},
		{"the kind rule is not lifted", variant("e2.army", "shadow.army"), true, "does not end in .army"},
		{"a link out of the tree", variant("f.army", "out.army"), false, "a symbolic link leads out of it"},
		{"a link out of the tree, allowed", variant("f2.army", "out.army"), true, ""},
		{"a link in the tree", variant("g.army", "in.army"), false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBench(tc.file, &Quick{Vs: []string{"borgo"}, Games: 2, Players: greedyBoth, Loader: armies.Loader{AllowExtendsOutside: tc.outside}})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go b.Watch(ctx)
			srv := httptest.NewServer(b.Handler())
			defer srv.Close()
			defer b.Close()
			state := func() State {
				resp, err := http.Get(srv.URL + "/state")
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				var st State
				body, _ := io.ReadAll(resp.Body)
				if err := json.Unmarshal(body, &st); err != nil {
					t.Fatal(err)
				}
				return st
			}
			waitFor := func(what string, ok func(State) bool) State {
				t.Helper()
				deadline := time.Now().Add(30 * time.Second)
				for time.Now().Before(deadline) {
					if st := state(); ok(st) {
						return st
					}
					time.Sleep(20 * time.Millisecond)
				}
				t.Fatalf("timed out waiting for %s: %+v", what, state())
				return State{}
			}
			if tc.want != "" {
				st := waitFor("the refusal", func(st State) bool { return st.Version > 0 && !st.OK })
				if !strings.Contains(st.Diagnostics, tc.want) || st.Good {
					t.Errorf("diagnostics %q; want a refusal with %q and no good version", st.Diagnostics, tc.want)
				}
				if c := getBody(t, srv.URL+"/card"); strings.Contains(st.Diagnostics+c, secret) {
					t.Errorf("a line of the linked file was shown:\n%s\n%s", st.Diagnostics, c)
				}
				return
			}
			first := waitFor("the first result", func(st State) bool { return st.OK && st.Good && !st.Running && st.ResultsOf == 1 })
			if first.Diagnostics != "" {
				t.Errorf("diagnostics of a good variant: %s", first.Diagnostics)
			}
			if tc.file != filepath.Join(fan, "g.army") {
				return
			}
			// The link's target is saved: the variant reruns.
			write(real, strings.Replace(string(clean), "initiative 2", "initiative 3", 1))
			waitFor("a rerun after the linked base's save", func(st State) bool { return st.OK && !st.Running && st.ResultsOf == 2 })
		})
	}
}

func getBody(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}
