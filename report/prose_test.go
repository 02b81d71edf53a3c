package report

import "testing"

func TestWrapProse(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"short line", "short line"},
		{"aaa bbb ccc ddd", "aaa bbb\nccc ddd"},
		{"  aaa bbb ccc", "  aaa bbb\n  ccc"},
		{"│ a table line wider than the width │", "│ a table line wider than the width │"},
		{"  hexforge sim a b --games 2000   # a comment here", "  # a\n  # comment\n  # here\n  hexforge sim a b --games 2000"},
		{"  hexforge sim --all --games 2000 --out x", "  hexforge sim --all --games 2000 --out x"},
		{"averyveryverylongword b", "averyveryverylongword\nb"},
		{"Token # One wins", "Token #\nOne wins"}, // a " # " in prose is no comment
	} {
		if got := WrapProse(c.in, 10); got != c.want {
			t.Errorf("WrapProse(%q, 10) =\n%q\nwant\n%q", c.in, got, c.want)
		}
	}
}
