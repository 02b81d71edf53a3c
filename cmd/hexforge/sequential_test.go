package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSequentialFlags: bad --sprt / --fair-band values are refused before
// any game, with the reason.
func TestSequentialFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--sprt", "0.6,0.5"}, "0 < P0 < P1 < 1"},
		{[]string{"--sprt", "half"}, "want P0,P1"},
		{[]string{"--fair-band", "55-45"}, "0 < LO < HI < 100"},
		{[]string{"--fair-band", "45-55", "--sprt", "0.4,0.6"}, "give one"},
		{[]string{"--fair-band", "45-55", "--until-ci", "0.02"}, "give one"},
		{[]string{"--fair-band", "45-55", "--alpha", "0.7"}, "--alpha"},
	} {
		_, stderr, code := run(t, append([]string{"sim", "moloch", "borgo", "--players", "random"}, tc.args...)...)
		if code == 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, want an error with %q:\n%s", tc.args, code, tc.want, stderr)
		}
	}
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "vegas", "--fair-band", "45-55"); code == 0 || !strings.Contains(stderr, "give two armies") {
		t.Errorf("a band test of a round robin: exit %d\n%s", code, stderr)
	}
}

type seqReport struct {
	Games int `json:"games"`
	Seq   struct {
		Verdict     string    `json:"verdict"`
		LLR         []float64 `json:"llr"`
		Bounds      []float64 `json:"bounds"`
		FixedLength bool      `json:"fixed_length"`
	} `json:"sequential"`
}

// TestSequentialStops: a band test stops as soon as it decides (here a
// random mirror is inside the 40-60 band long before the 20,000-game
// bound), with the LLRs past their bounds, the same whatever --workers;
// shards play every game and their merge is a fixed-length test.
func TestSequentialStops(t *testing.T) {
	args := []string{"sim", "moloch", "moloch", "--players", "random", "--fair-band", "40-60", "--games", "20000", "--format", "json"}
	var reps [2]seqReport
	for i, w := range []string{"1", "2"} {
		out, stderr, code := run(t, append(args, "--workers", w)...)
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		if err := json.Unmarshal([]byte(out), &reps[i]); err != nil {
			t.Fatal(err)
		}
	}
	r := reps[0]
	if r.Seq.Verdict != "inside the band" || r.Games >= 20000 || r.Games%100 != 0 || r.Seq.LLR[0] < r.Seq.Bounds[1] || r.Seq.LLR[1] < r.Seq.Bounds[1] {
		t.Errorf("mirror, band 40-60: %+v; want inside the band, stopped early on a batch boundary, both LLRs past the upper bound", r)
	}
	if reps[1].Games != r.Games || reps[1].Seq.Verdict != r.Seq.Verdict {
		t.Errorf("--workers 2 gave %+v, --workers 1 %+v", reps[1], r)
	}
	dir := t.TempDir()
	var shards []string
	for i := range 2 {
		f := filepath.Join(dir, []string{"s0.json", "s1.json"}[i])
		shards = append(shards, f)
		sargs := []string{"sim", "moloch", "moloch", "--players", "random", "--fair-band", "40-60", "--games", "200", "--format", "json", "--shard", []string{"0/2", "1/2"}[i], "--out", f}
		if _, stderr, code := run(t, sargs...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", sargs, code, stderr)
		}
	}
	out, stderr, code := run(t, "merge", shards[0], shards[1], "--format", "json")
	var m seqReport
	if code != 0 || json.Unmarshal([]byte(out), &m) != nil || m.Games != 200 || !m.Seq.FixedLength {
		t.Errorf("merged band-test shards: exit %d, %+v; want 200 games, a fixed-length test\n%s", code, m, stderr)
	}
}

// TestImportanceIsPaired: importance's JSON report carries, for every
// variant, the change paired over the same seeds with its interval, and
// Holm's verdict consistent with the corrected p-value.
func TestImportanceIsPaired(t *testing.T) {
	out, stderr, code := run(t, "importance", "moloch", "--vs", "borgo", "--games", "40", "--players", "random", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var rep struct {
		Variants []struct {
			Without     string     `json:"without"`
			Change      float64    `json:"change"`
			ChangeCI    [2]float64 `json:"change_ci"`
			PHolm       float64    `json:"p_holm"`
			Significant bool       `json:"significant"`
		} `json:"variants"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Variants) < 10 {
		t.Fatalf("%d variants", len(rep.Variants))
	}
	for _, v := range rep.Variants {
		if v.ChangeCI[0] > v.Change || v.Change > v.ChangeCI[1] || v.PHolm < 0 || v.PHolm > 1 || (v.Significant != (v.PHolm <= 0.05)) {
			t.Errorf("%s: %+v", v.Without, v)
		}
	}
}

// TestDiffSim: diff --sim compares B with A pair by pair on the same seeds:
// an army against itself changes by exactly nothing; the flags are checked
// before any work.
func TestDiffSim(t *testing.T) {
	out, stderr, code := run(t, "diff", "moloch", "moloch", "--sim", "--vs", "borgo", "--games", "20", "--players", "random")
	if code != 0 || !strings.Contains(out, "change B - A: +0.0 points, paired 95% interval [-27.8, +27.8]: no significant change") {
		t.Errorf("diff of an army with itself: exit %d\n%s%s", code, out, stderr)
	}
	for _, args := range [][]string{
		{"diff", "moloch", "borgo", "--vs", "vegas"},
		{"diff", "moloch", "borgo", "--sim"},
		{"diff", "moloch", "borgo", "--sim", "--vs", "vegas", "--games", "1"},
		{"diff", "moloch", "borgo", "--sim", "--vs", "vegas", "--players", "perfect"},
	} {
		if _, stderr, code := run(t, args...); code == 0 || stderr == "" {
			t.Errorf("%v: exit %d, want a clear error", args, code)
		}
	}
}

// TestSprtAcrossEvenIsTheBand: --sprt with P0 < 50% < P1 asks whether A
// is fair: the fair-band test of [P0, P1].
func TestSprtAcrossEvenIsTheBand(t *testing.T) {
	out, stderr, code := run(t, "sim", "moloch", "moloch", "--players", "random", "--sprt", "0.40,0.60", "--games", "4000", "--format", "json")
	var r struct {
		Seq struct {
			Kind    string  `json:"kind"`
			Lo      float64 `json:"lo"`
			Hi      float64 `json:"hi"`
			Verdict string  `json:"verdict"`
		} `json:"sequential"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Seq.Kind != "fair-band" || r.Seq.Lo != 0.4 || r.Seq.Hi != 0.6 || r.Seq.Verdict != "inside the band" {
		t.Errorf("exit %d, %+v\n%s", code, r, stderr)
	}
}

// TestPlayFrom: play --from plays on from a position file with its hands,
// deck tops and discard piles, the same way for the same seed; a mistake in
// the file is a positioned error; army arguments with --from are refused.
func TestPlayFrom(t *testing.T) {
	out1, stderr, code := run(t, "play", "--from", "testdata/endgame.pos", "--seed", "4", "--players", "random")
	out2, _, _ := run(t, "play", "--from", "testdata/endgame.pos", "--seed", "4", "--players", "random")
	if code != 0 || out1 != out2 || !strings.Contains(out1, "player 2's turn 3 started it") || !strings.Contains(out1, "wins") && !strings.Contains(out1, "draw") {
		t.Errorf("exit %d\n%s%s\nagain:\n%s", code, out1, stderr, out2)
	}
	bad := filepath.Join(t.TempDir(), "bad.pos")
	os.WriteFile(bad, []byte("armies moloch borgo\n1 HQ c3 N\n2 HQ a1 N\nhand 1 Sniperr\n"), 0o644)
	if _, stderr, code := run(t, "play", "--from", bad); code != 1 || !strings.Contains(stderr, "bad.pos:4:8") {
		t.Errorf("a bad hand: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := run(t, "play", "moloch", "--from", "testdata/endgame.pos"); code == 0 || !strings.Contains(stderr, "give no army arguments") {
		t.Errorf("armies with --from: exit %d\n%s", code, stderr)
	}
}

// TestVariantTraceReplays: a game of the alternative start with
// Reinforcements is traced with its rules in the header and replays bit for
// bit; the same trace read as a standard game does not.
func TestVariantTraceReplays(t *testing.T) {
	file := filepath.Join(t.TempDir(), "v.jsonl")
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--seed", "5", "--players", "random", "--start", "alternative", "--reinforcements", "--trace", file); code != 0 {
		t.Fatalf("play: exit %d\n%s", code, stderr)
	}
	if out, stderr, code := run(t, "replay", file); code != 0 || !strings.Contains(out, "replay ok") {
		t.Fatalf("replay: exit %d\n%s%s", code, out, stderr)
	}
	src, _ := os.ReadFile(file)
	plain := strings.Replace(strings.Replace(string(src), `"start":"alternative",`, "", 1), `"reinforcements":true,`, "", 1)
	if plain == string(src) {
		t.Fatal("test set-up: the header names no variant")
	}
	os.WriteFile(file, []byte(plain), 0o644)
	if _, _, code := run(t, "replay", file); code != 1 {
		t.Errorf("the trace replayed as a standard game: exit %d, want 1 (a difference)", code)
	}
}
