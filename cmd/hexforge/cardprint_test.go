package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCardPrintSVG: --format print --out FILE.svg writes every page, fronts
// and backs, as FILE-1.svg, FILE-2.svg, ... and says so.
func TestCardPrintSVG(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "sheets.svg")
	stdout, stderr, code := run(t, "card", "moloch", "--format", "print", "--paper", "letter", "--hex-size", "35", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "Moloch: 35 tokens of 35 mm on 4 letter pages") {
		t.Errorf("stdout: %q", stdout)
	}
	for i, side := range []string{"fronts", "backs", "fronts", "backs"} {
		b, err := os.ReadFile(filepath.Join(dir, "sheets-"+string(rune('1'+i))+".svg"))
		if err != nil {
			t.Fatal(err)
		}
		if page := string(b); !strings.Contains(page, `width="215.9mm" height="279.4mm"`) || !strings.Contains(page, "("+side+")") {
			t.Errorf("page %d is not a letter page of %s", i+1, side)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "sheets-5.svg")); err == nil {
		t.Error("a fifth page")
	}
}

// TestCardPrintStructures: an army with Structures prints their parts
// beside its tokens (one of each: never drawn) and says how many.
func TestCardPrintStructures(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fort.pdf")
	stdout, stderr, code := run(t, "card", "testdata/fortress.army", "--format", "print", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if want := "Outpost Fortress: 39 tokens (4 of them Structure parts) of 40 mm on 4 a4 pages"; !strings.Contains(stdout, want) {
		t.Errorf("stdout: %q, want %q", stdout, want)
	}
}

// TestCardPrintErrors: bad flags of --format print are refused before the
// army is read (a missing army is not what they report), with a non-zero
// exit and what to give instead.
func TestCardPrintErrors(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "s.svg")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"card", "nosucharmy", "--format", "print"}, "give --out FILE.pdf (one PDF) or --out FILE.svg"},
		{[]string{"card", "nosucharmy", "--format", "print", "--out", filepath.Join(dir, "s.png")}, "writes FILE.pdf (one PDF) or FILE.svg"},
		{[]string{"card", "nosucharmy", "--format", "print", "--out", svg, "--paper", "a5"}, `--paper: unknown paper "a5": use a4 or letter`},
		{[]string{"card", "nosucharmy", "--format", "print", "--out", svg, "--hex-size", "5"}, "--hex-size: hex size 5 mm is out of range: give 15 to 200 mm"},
		{[]string{"card", "nosucharmy", "--format", "print", "--out", svg, "--hex-size", "NaN"}, "out of range"},
		{[]string{"card", "moloch", "--format", "print", "--out", svg, "--hex-size", "180"}, "Moloch: a 180 mm token (207.8 mm corner to corner) does not fit on a4 paper"},
		{[]string{"card", "moloch", "--paper", "letter"}, "use them with --format print"},
		{[]string{"card", "moloch", "--hex-size", "30", "--format", "html"}, "use them with --format print"},
		{[]string{"card", "nosucharmy", "--format", "print", "--out", svg}, `no such army "nosucharmy"`},
	} {
		_, stderr, code := run(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q lacks %q", c.args, code, stderr, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "s-1.svg")); err == nil {
		t.Error("a page written by a refused run")
	}
}

// TestCardPrintPDF: --out FILE.pdf writes one PDF of every page, fronts and
// backs; the card package's tests rasterise it and measure the tokens.
func TestCardPrintPDF(t *testing.T) {
	out := filepath.Join(t.TempDir(), "moloch.pdf")
	stdout, stderr, code := run(t, "card", "moloch", "--format", "print", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "Moloch: 35 tokens of 40 mm on 4 a4 pages (fronts and backs): "+out) {
		t.Errorf("stdout: %q", stdout)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if pdf := string(b); !strings.HasPrefix(pdf, "%PDF-") || strings.Count(pdf, "/Type /Page ") != 4 || !strings.Contains(pdf, "/MediaBox [0 0 595.276 841.89]") {
		t.Errorf("not a PDF of 4 A4 pages: %.200q", pdf)
	}
}
