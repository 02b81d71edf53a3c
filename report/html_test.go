package report

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/htmlreport/htmltest"
	"github.com/hexforge/hexforge/internal/golden"
	"github.com/hexforge/hexforge/sim"
)

// goldenSkeleton pins a page's structure (htmltest.Skeleton: elements and
// classes, no figures) in testdata/name.
func goldenSkeleton(t *testing.T, name, page string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", name), []byte(htmltest.Skeleton(page)))
}

func htmlRoundRobin() *sim.RoundRobin {
	rr := rrOf(map[[2]int][3][3]int{
		{0, 0}: {sim.Win: {sim.Loss: 20}, sim.Loss: {sim.Win: 20}},
		{0, 1}: {sim.Win: {sim.Win: 60, sim.Loss: 20}, sim.Loss: {sim.Win: 15, sim.Loss: 5}},
		{0, 2}: {sim.Win: {sim.Win: 80, sim.Loss: 10}, sim.Loss: {sim.Win: 8, sim.Loss: 2}},
		{1, 2}: {sim.Win: {sim.Win: 22, sim.Loss: 20}, sim.Loss: {sim.Win: 20, sim.Loss: 21}},
	})
	rr.Players = "greedy"
	for _, s := range rr.Matches {
		s.Seed = 7
		for x := range 3 {
			for y := range 3 {
				n := s.Tally.Seats[x][y]
				for _, o := range []sim.Outcome{sim.Outcome(x), sim.Outcome(y)} {
					for range n {
						s.Tally.Add(o)
					}
				}
			}
		}
		s.Tokens = [2][]sim.TokenStat{
			{{Name: "HQ", Kind: "hq", Games: 10}, {Name: "Gauss <Cannon>", Kind: "warrior", Copies: 2, Games: 10, PlayedIn: 8, Played: 9, ScoreWhen: 5}},
			{{Name: "Battle", Kind: "instant", Copies: 4, Games: 10, PlayedIn: 2, Played: 2, ScoreWhen: 1}},
		}
	}
	return rr
}

// The round robin page: a heat map strongest first with the clear cells
// strong and the others muted, the ratings' dot plot, the tables, the
// command that made it, and no address a browser could fetch.
func TestRoundRobinHTML(t *testing.T) {
	rr := htmlRoundRobin()
	var b strings.Builder
	if err := Write(&b, Report{RoundRobin: rr}, HTML); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	goldenSkeleton(t, "roundrobin.skeleton", page)
	if u := htmltest.URLs(page); len(u) > 0 {
		t.Errorf("the page names URLs: %v", u)
	}
	// Strong beats both others clearly (4 significant cells of 9, both
	// orientations); Middle vs Weak and the mirrors are muted.
	if n := strings.Count(page, `<g class="cell">`); n != 4 {
		t.Errorf("%d strong cells, want 4", n)
	}
	if n := strings.Count(page, `<g class="cell muted">`); n != 3 {
		t.Errorf("%d muted cells, want 3 (Middle-Weak both ways, Strong's mirror)", n)
	}
	if n := strings.Count(page, `class="cell empty"`); n != 2 {
		t.Errorf("%d empty cells, want 2 (the mirrors not played)", n)
	}
	for _, want := range []string{"<dd>(not recorded)</dd>", "<dd>7</dd>", "<dd>greedy</dd>", "Gauss &lt;Cannon&gt;", `class="dot"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// The row labels run strongest first.
	if i, j := strings.Index(page, ">Strong</text>"), strings.Index(page, ">Weak</text>"); i < 0 || j < i {
		t.Errorf("heat map not sorted by rating (Strong at %d, Weak at %d)", i, j)
	}
	var again strings.Builder
	Write(&again, Report{RoundRobin: htmlRoundRobin()}, HTML)
	if again.String() != page {
		t.Error("the same round robin gave another page")
	}
}

func TestMatchHTML(t *testing.T) {
	s := htmlRoundRobin().Matches[[2]int{0, 1}]
	s.Players = [2]string{"greedy", "random"}
	var b strings.Builder
	if err := Write(&b, Report{Match: s, Command: "hexforge sim strong middle --format html"}, HTML); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	goldenSkeleton(t, "match.skeleton", page)
	if u := htmltest.URLs(page); len(u) > 0 {
		t.Errorf("the page names URLs: %v", u)
	}
	for _, want := range []string{"<dd>hexforge sim strong middle --format html</dd>", "greedy (Strong) vs random (Middle)", "<dd>dev</dd>"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

// TestMatchHTMLDrawsTokens: a match played here (its compiled armies at
// hand) puts the help card's drawing of each token beside its figures, and
// the page still names no address.
func TestMatchHTMLDrawsTokens(t *testing.T) {
	s := playedSummary(t, "moloch", "borgo", 4)
	var b strings.Builder
	if err := Write(&b, Report{Match: s, Command: "hexforge sim a b --format html"}, HTML); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := strings.Count(page, `<td class="token"><svg class="token"`); n < 5 {
		t.Errorf("%d token drawings beside the figures, want one per token played", n)
	}
	// Each drawing is written once and every use points at one of them.
	uses := regexp.MustCompile(`<use href="#(s[0-9]+)"/>`).FindAllStringSubmatch(page, -1)
	for _, u := range uses {
		if strings.Count(page, `<symbol id="`+u[1]+`"`) != 1 {
			t.Errorf("<use> of %s: want one <symbol> of that id", u[1])
		}
	}
	if n := strings.Count(page, "<symbol "); n == 0 || n > len(uses) {
		t.Errorf("%d symbols for %d uses", n, len(uses))
	}
	if u := htmltest.URLs(page); len(u) > 0 {
		t.Errorf("the page names URLs: %v", u)
	}
}
