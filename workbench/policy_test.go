package workbench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/internal/linktest"
)

// TestServeSymlinkedBase: serve checks an army whose `extends` names a
// symbolic link as every command does (docs/security.md): a link named
// .army to a file that is not an army is refused and no line of it is
// shown; a link leading out of the army's tree is refused unless
// --allow-extends-outside; a link in the tree to an army in the tree
// compiles, and saving the file it points at reruns the simulation.
func TestServeSymlinkedBase(t *testing.T) {
	clean, err := os.ReadFile("testdata/clean.army")
	if err != nil {
		t.Fatal(err)
	}
	tree := linktest.New(t, string(clean))
	fan, real := tree.Fan, tree.Real
	variant := func(name, base string) string {
		return linktest.Write(t, filepath.Join(fan, name), "army \"V\" extends \""+base+"\" {\n    notes \"v\"\n}\n")
	}

	for i, tc := range linktest.Cases {
		file := variant(fmt.Sprintf("v%d.army", i), tc.Base) // a file each: the bench watches it
		t.Run(tc.Name, func(t *testing.T) {
			b := NewBench(file, &Quick{Vs: []string{"borgo"}, Games: 2, Players: greedyBoth, Loader: armies.Loader{AllowExtendsOutside: tc.Outside}})
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
			if tc.Want != "" {
				st := waitFor("the refusal", func(st State) bool { return st.Version > 0 && !st.OK })
				if !strings.Contains(st.Diagnostics, tc.Want) || st.Good {
					t.Errorf("diagnostics %q; want a refusal with %q and no good version", st.Diagnostics, tc.Want)
				}
				if c := getBody(t, srv.URL+"/card"); strings.Contains(st.Diagnostics+c, linktest.Secret) {
					t.Errorf("a line of the linked file was shown:\n%s\n%s", st.Diagnostics, c)
				}
				return
			}
			first := waitFor("the first result", func(st State) bool { return st.OK && st.Good && st.Running == 0 && st.ResultsOf == 1 })
			if first.Diagnostics != "" {
				t.Errorf("diagnostics of a good variant: %s", first.Diagnostics)
			}
			if tc.Base != "in.army" {
				return
			}
			// The link's target is saved: the variant reruns.
			linktest.Write(t, real, strings.Replace(string(clean), "initiative 2", "initiative 3", 1))
			waitFor("a rerun after the linked base's save", func(st State) bool { return st.OK && st.Running == 0 && st.ResultsOf == 2 })
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
