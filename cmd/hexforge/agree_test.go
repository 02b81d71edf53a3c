package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// agree compares two round robins: a run agrees with itself; a match is
// not a round robin; bad flags are refused before any file is read.
func TestAgree(t *testing.T) {
	dir := t.TempDir()
	rr := filepath.Join(dir, "rr.json")
	if _, stderr, code := run(t, "sim", "--all", "--games", "4", "--players", "greedy", "--format", "json", "--out", rr); code != 0 {
		t.Fatalf("sim --all: exit %d: %s", code, stderr)
	}
	stdout, stderr, code := run(t, "agree", rr, rr)
	if code != 0 {
		t.Fatalf("agree: exit %d: %s", code, stderr)
	}
	// Four games a matchup show no difference, and no agreement either:
	// the verdict asks for more games (issue 25: "agree" only when shown).
	if flat := strings.Join(strings.Fields(stdout), " "); !strings.Contains(flat, "verdict: not enough games (need about ") ||
		!strings.Contains(flat, "0 of 28 matchups shown within 5 points (two one-sided tests at 95%), none differs significantly (Holm), the largest difference 0.0 points; 0 of 8 armies' win rates against the others shown within 5 points (every army: about ") ||
		!strings.Contains(flat, "games a matchup in each round robin); Kendall's τ of the rankings 1.00") ||
		strings.Count(flat, "+0.0 [") != 28+8 {
		t.Errorf("a run of 4 games a matchup against itself: want the verdict and 28 matchups' and 8 armies' changes of +0.0:\n%s", stdout)
	}
	// The page says the same verdict in the same words.
	page, stderr, code := run(t, "agree", rr, rr, "--format", "html")
	if code != 0 {
		t.Fatalf("agree --format html: exit %d: %s", code, stderr)
	}
	if !strings.Contains(page, "<strong>not enough games (need about ") || !strings.Contains(page, "0 of 28 matchups shown within 5 points") ||
		strings.Count(page, "<g class=\"bar muted\">") != 28 {
		t.Errorf("agree --format html: want the verdict \"not enough games (need about …\" and a bar for each of the 28 matchups, muted (none differs):\n%.2000s", page)
	}
	match := filepath.Join(dir, "match.json")
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "4", "--players", "greedy", "--format", "json", "--out", match); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, stderr)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"agree", rr, match}, "a match, not a round robin"},
		{[]string{"agree", rr, rr, "--within", "0"}, "--within 0"},
		{[]string{"agree", rr, rr, "--tau", "2"}, "--tau 2"},
		{[]string{"agree", rr, filepath.Join(dir, "missing.json")}, "missing.json"},
	} {
		_, stderr, code := run(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want an error with %q", c.args[1:], code, stderr, c.want)
		}
	}
}

// One army's matches against a field, merged with merge --round-robin
// under each of two players, compare as the matchups they are, with that
// army's win rate against the others and no ranking.
func TestAgreeField(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"random", "greedy"} {
		var files []string
		for _, b := range []string{"borgo", "vegas"} {
			f := filepath.Join(dir, p+"-"+b+".json")
			if _, stderr, code := run(t, "sim", "moloch", b, "--players", p, "--games", "4", "--seed", "3", "--format", "json", "--out", f); code != 0 {
				t.Fatalf("sim: %s", stderr)
			}
			files = append(files, f)
		}
		args := append([]string{"merge"}, files...)
		if _, stderr, code := run(t, append(args, "--round-robin", "--format", "json", "--out", filepath.Join(dir, p+".json"))...); code != 0 {
			t.Fatalf("merge: %s", stderr)
		}
	}
	out, stderr, code := run(t, "agree", filepath.Join(dir, "random.json"), filepath.Join(dir, "greedy.json"), "--format", "json")
	if code != 0 {
		t.Fatalf("agree: exit %d: %s", code, stderr)
	}
	for _, want := range []string{`"missing_matchups": 1`, `"kendall_tau": null`, `"army": "Moloch"`, `"col": "Vegas"`, "no rankings compared (1 matchup of the round robin in neither run)"} {
		if !strings.Contains(out, want) {
			t.Errorf("agree of two fields lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, `"army": "Borgo"`) {
		t.Errorf("Borgo, one matchup in the field, judged against the others:\n%s", out)
	}
	page, stderr, code := run(t, "agree", filepath.Join(dir, "random.json"), filepath.Join(dir, "greedy.json"), "--format", "html")
	if code != 0 || !strings.Contains(page, "field: no ranking compared") || strings.Contains(page, "Kendall&#39;s τ at least") {
		t.Errorf("the page of a field asks for a ranking (exit %d %s)", code, stderr)
	}
}
