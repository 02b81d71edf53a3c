package htmltest

import "testing"

func TestURLsFindsAddresses(t *testing.T) {
	if len(URLs(`<img src="https://example.com/x.png"> //cdn.example.org/a.js`)) != 2 {
		t.Error("URLs missed an address")
	}
	if len(URLs("ratio 1//2 and a // comment")) != 0 {
		t.Error("URLs found an address in plain text")
	}
}

func TestSkeleton(t *testing.T) {
	got := Skeleton(`<html><head><style>p{}</style></head><body class="a b"><p id="x">hi <b>1</b></p><br><svg><rect/></svg><script>if (a<b) {}</script></body></html>`)
	want := "html\n  head\n    style\n  body.a.b\n    p#x\n      b\n    br\n    svg\n      rect\n    script\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
