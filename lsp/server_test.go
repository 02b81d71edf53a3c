package lsp

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/armyfmt"
	"github.com/hexforge/hexforge/compiler"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// client is an editor in the same process, talking to Serve over a pipe.
type client struct {
	t     *testing.T
	conn  jsonrpc2.Conn
	diags chan protocol.PublishDiagnosticsParams
}

// start runs a server on one end of a pipe and initializes it from the
// other, as an editor does.
func start(t *testing.T) *client {
	t.Helper()
	return startServer(t, &Server{version: "test"})
}

// startServer is start with a server of the test's making.
func startServer(t *testing.T, s *Server) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	srvEnd, cliEnd := net.Pipe()
	served := make(chan error, 1)
	go func() { served <- s.serve(ctx, srvEnd) }()
	c := &client{t: t, conn: jsonrpc2.NewConn(jsonrpc2.NewStream(cliEnd)), diags: make(chan protocol.PublishDiagnosticsParams, 64)}
	c.conn.Go(ctx, func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == protocol.MethodTextDocumentPublishDiagnostics {
			var p protocol.PublishDiagnosticsParams
			if err := json.Unmarshal(req.Params(), &p); err != nil {
				t.Errorf("publishDiagnostics: %v", err)
			}
			c.diags <- p
		}
		return reply(ctx, nil, nil)
	})
	t.Cleanup(func() {
		defer cancel()
		if _, err := c.conn.Call(ctx, protocol.MethodShutdown, nil, nil); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := c.conn.Notify(ctx, protocol.MethodExit, nil); err != nil {
			t.Errorf("exit: %v", err)
		}
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
		c.conn.Close()
	})
	var res protocol.InitializeResult
	c.call(protocol.MethodInitialize, &protocol.InitializeParams{}, &res)
	if res.ServerInfo == nil || res.ServerInfo.Name != "hexforge" || res.Capabilities.HoverProvider != true || res.Capabilities.CompletionProvider == nil {
		t.Fatalf("initialize: capabilities %+v", res)
	}
	if err := c.conn.Notify(ctx, protocol.MethodInitialized, &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	return c
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// published waits for the diagnostics of a document.
func (c *client) published(u protocol.DocumentURI) []protocol.Diagnostic {
	c.t.Helper()
	for {
		select {
		case p := <-c.diags:
			if p.URI == u {
				return p.Diagnostics
			}
		case <-time.After(10 * time.Second):
			c.t.Fatalf("no diagnostics published for %s", u)
		}
	}
}

func (c *client) open(path, src string) protocol.DocumentURI {
	c.t.Helper()
	u := uri.File(path)
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: u, LanguageID: "army", Version: 1, Text: src,
	}})
	return u
}

// broken has two errors, one after characters that are one rune but two
// UTF-16 units (the tortoise), so a column counted in runes or bytes would
// put the range in the wrong place.
const broken = `army "Test" {
    hq "HQ" {
        initiative 0
        toughness 20
        edge all: melee 1
    }
    warrior "Żółw" { alias "🐢"; count 1; toughness 1; edge N: meele 1 }
    warrior "Runner" {
        count 33
        initiative 2
        toughness 1
        edge N: melee 1
        on play: push
    }
}
`

// at is the LSP position of the first occurrence of word on line n.
func at(t *testing.T, src string, n int, word string) protocol.Position {
	t.Helper()
	line := strings.Split(src, "\n")[n]
	i := strings.Index(line, word)
	if i < 0 {
		t.Fatalf("no %q on line %d", word, n)
	}
	return protocol.Position{Line: uint32(n), Character: uint32(len(utf16.Encode([]rune(line[:i]))))}
}

func TestDiagnostics(t *testing.T) {
	c := start(t)
	path := filepath.Join(t.TempDir(), "broken.army")
	u := c.open(path, broken)
	got := c.published(u)
	if len(got) != 2 {
		t.Fatalf("got %d diagnostics, want 2: %+v", len(got), got)
	}
	want := []struct {
		line      int
		word, msg string
	}{
		{6, "meele", `unknown edge feature "meele" (did you mean "melee"?)`},
		{12, "play", "`on play` is for instants"},
	}
	for i, w := range want {
		d := got[i]
		start := at(t, broken, w.line, w.word)
		end := start
		end.Character += uint32(len(w.word))
		if d.Range != (protocol.Range{Start: start, End: end}) {
			t.Errorf("diagnostic %d %q: range %+v, want %+v", i, d.Message, d.Range, protocol.Range{Start: start, End: end})
		}
		if !strings.HasPrefix(d.Message, w.msg) || d.Severity != protocol.DiagnosticSeverityError || d.Source != "hexforge" {
			t.Errorf("diagnostic %d: %+v, want an error from hexforge starting %q", i, d, w.msg)
		}
	}

	// Fixing the errors leaves a warning: the army is a token short.
	fixed := strings.Replace(strings.Replace(broken, "meele", "melee", 1), "on play: push", "on placed: push", 1)
	fixed = strings.Replace(fixed, "count 33", "count 32", 1)
	c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: fixed}},
	})
	got = c.published(u)
	if len(got) != 1 || got[0].Severity != protocol.DiagnosticSeverityWarning || !strings.Contains(got[0].Message, "has 34 tokens, not 35") ||
		got[0].Range != (protocol.Range{End: protocol.Position{Character: 4}}) {
		t.Errorf("after the fix: %+v, want the size warning on army", got)
	}

	// Closing the document clears its diagnostics in the editor.
	c.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if got := c.published(u); len(got) != 0 {
		t.Errorf("after close: %+v, want none", got)
	}
}

// TestDiagnosticsExtends checks that a variant finds its base next to the
// document's file on disk, and that saving the base checks the variant
// again.
func TestDiagnosticsExtends(t *testing.T) {
	c := start(t)
	dir := t.TempDir()
	base := filepath.Join(dir, "base.army")
	good := strings.Replace(strings.Replace(broken, "meele", "melee", 1), "on play: push", "on placed: push", 1)
	if err := os.WriteFile(base, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	variant := "army \"Variant\" extends \"base.army\" {\n    size 35\n}\n"
	u := c.open(filepath.Join(dir, "variant.army"), variant)
	if got := c.published(u); len(got) != 0 {
		t.Fatalf("variant of a good base: %+v, want no diagnostics", got)
	}

	if err := os.WriteFile(base, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	bu := c.open(base, broken)
	c.published(bu)
	c.notify(protocol.MethodTextDocumentDidSave, &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: bu}})
	var got []protocol.Diagnostic
	for range 2 { // both open documents are checked again, in any order
		p := <-c.diags
		if p.URI == u {
			got = p.Diagnostics
		}
	}
	if len(got) == 0 || !strings.Contains(got[0].Message, "base.army:7:") {
		t.Fatalf("variant of a broken base: %+v, want the base's error naming base.army:7", got)
	}
	if want := at(t, variant, 0, `"base.army"`); got[0].Range.Start != want {
		t.Errorf("base's error shown at %+v, want on the extends at %+v", got[0].Range.Start, want)
	}
}

func TestCompletion(t *testing.T) {
	c := start(t)
	u := c.open(filepath.Join(t.TempDir(), "a.army"), broken)
	c.published(u)
	var list protocol.CompletionList
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: at(t, broken, 11, "melee"),
	}}, &list)
	// After edge N: only the edge features (TestContextualCompletion
	// has the other places).
	var got []string
	for _, it := range list.Items {
		got = append(got, it.Label)
	}
	if want := compiler.Vocabulary()["edge feature"]; !slices.Equal(got, want) {
		t.Errorf("completion after edge N: %v, want the edge features %v", got, want)
	}

	// At the start of a statement, the statements of the block it is in.
	for _, tc := range []struct {
		pos  protocol.Position
		want []string
	}{
		{at(t, broken, 11, "edge"), []string{"alias", "count", "edge", "facing", "global", "initiative", "link", "notes", "on", "place", "toughness", "trait", "uncertain", "until", "when"}},
		{at(t, broken, 7, "warrior"), []string{"alias", "foundation", "group", "hq", "instant", "module", "notes", "size", "status", "structure", "warrior", "remove"}},
		{protocol.Position{Line: 15}, []string{"army", "leader"}},
	} {
		list = protocol.CompletionList{}
		c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: tc.pos,
		}}, &list)
		got = nil
		for _, it := range list.Items {
			got = append(got, it.Label)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("at %+v: %v, want %v", tc.pos, got, tc.want)
		}
	}

	// Inside a string only token names are offered, unquoted.
	pos := at(t, broken, 7, "Runner")
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos,
	}}, &list)
	var names []string
	for _, it := range list.Items {
		names = append(names, it.Label)
		if it.InsertText != "" {
			t.Errorf("in a string, %q inserts %q", it.Label, it.InsertText)
		}
	}
	if !slices.Equal(names, []string{"HQ", "Runner", "Żółw"}) {
		t.Errorf("in a string: %v, want the token names", names)
	}

	// The string after extends names an embedded army.
	v := c.open(filepath.Join(t.TempDir(), "v.army"), "army \"V\" extends \"mo\" {\n}\n")
	c.published(v)
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: v}, Position: protocol.Position{Line: 0, Character: 19}, // in "mo"
	}}, &list)
	names = nil
	for _, it := range list.Items {
		names = append(names, it.Label)
	}
	if !slices.Equal(names, armies.Names()) {
		t.Errorf("after extends: %v, want the embedded armies %v", names, armies.Names())
	}
}

func TestHover(t *testing.T) {
	c := start(t)
	src := strings.Replace(strings.Replace(broken, "meele", "melee", 1), "on play: push", "on placed: push", 1)
	u := c.open(filepath.Join(t.TempDir(), "a.army"), src)
	c.published(u)
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: at(t, src, 10, "toughness"),
	}}, &h)
	for _, w := range []string{"**Runner**", "warrior × 33", "initiative 2", "toughness 1", "N: melee 1", "When placed: it pushes"} {
		if !strings.Contains(h.Contents.Value, w) {
			t.Errorf("hover in Runner's block lacks %q:\n%s", w, h.Contents.Value)
		}
	}
	if h.Contents.Kind != protocol.Markdown {
		t.Errorf("hover kind %q, want markdown", h.Contents.Kind)
	}

	// A string naming a token shows that token, even in another's block.
	src = strings.Replace(src, "        toughness 20\n", "        toughness 20\n        on own_turn cost=1 free_if=\"Runner\": net markers=1\n", 1)
	c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: src}},
	})
	if got := c.published(u); len(got) != 0 {
		t.Fatalf("free_if source: %+v", got)
	}
	pos := at(t, src, 4, "Runner")
	h = protocol.Hover{}
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos,
	}}, &h)
	if !strings.HasPrefix(h.Contents.Value, "**Runner**") || h.Range == nil || h.Range.Start.Character != pos.Character-1 {
		t.Errorf("hover on free_if=\"Runner\": %+v, want Runner's card over the string", h)
	}
	// The HQ's own block shows the HQ.
	h = protocol.Hover{}
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: at(t, src, 4, "own_turn"),
	}}, &h)
	if !strings.HasPrefix(h.Contents.Value, "**HQ**") {
		t.Errorf("hover in the HQ's block: %q, want the HQ's card", h.Contents.Value)
	}

	// A variant's remove "…" shows the base's card of the token it removes.
	variant := "army \"V\" extends \"moloch\" {\n    size 34\n    remove \"Clown\"\n}\n"
	vu := c.open(filepath.Join(t.TempDir(), "v.army"), variant)
	if got := c.published(vu); len(got) != 0 {
		t.Fatalf("variant: %+v", got)
	}
	h = protocol.Hover{}
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: vu}, Position: at(t, variant, 2, "Clown"),
	}}, &h)
	if !strings.HasPrefix(h.Contents.Value, "**Clown** (Klaun)") || !strings.Contains(h.Contents.Value, "N, NW: melee 1") {
		t.Errorf("hover on remove \"Clown\": %q, want the Moloch Clown's card", h.Contents.Value)
	}

	// Outside any token there is nothing to say.
	var none *protocol.Hover
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: 1},
	}}, &none)
	if none != nil {
		t.Errorf("hover on army: %+v, want none", none)
	}
}

func TestFormatting(t *testing.T) {
	c := start(t)
	src := "army \"T\" {\nhq \"HQ\" {  initiative 0 ; toughness 20\n   edge all:melee 1 # front\n}\n}\n"
	u := c.open(filepath.Join(t.TempDir(), "a.army"), src)
	c.published(u)
	want, err := armyfmt.Source("a.army", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var edits []protocol.TextEdit
	c.call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &edits)
	if len(edits) != 1 {
		t.Fatalf("got %d edits, want 1: %+v", len(edits), edits)
	}
	if got := applyEdit(t, src, edits[0]); got != string(want) {
		t.Errorf("formatted text:\n%s\nwant:\n%s", got, want)
	}

	// Formatted text needs no edit; text that does not parse gets none.
	for _, text := range []string{string(want), "army \"T\" {\n"} {
		c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 2},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: text}},
		})
		c.published(u)
		edits = nil
		c.call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &edits)
		if len(edits) != 0 {
			t.Errorf("%q: edits %+v, want none", text, edits)
		}
	}
}

// applyEdit applies an edit as an editor does, by UTF-16 positions.
func applyEdit(t *testing.T, src string, e protocol.TextEdit) string {
	t.Helper()
	tx := newText(src)
	return src[:tx.offset(e.Range.Start)] + e.NewText + src[tx.offset(e.Range.End):]
}

// TestBadInput checks that requests an editor should never send, about
// documents never opened or with nonsense positions, get answers, not a
// dead server.
func TestBadInput(t *testing.T) {
	c := start(t)
	ghost := protocol.DocumentURI("file:///nowhere/ghost.army")
	var list protocol.CompletionList
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: ghost}}}, &list)
	u := c.open(filepath.Join(t.TempDir(), "a.army"), "\uFEFFarmy \"é\" {\n")
	if got := c.published(u); len(got) != 1 {
		t.Errorf("unclosed block: %+v, want one error", got)
	}
	far := protocol.Position{Line: 1000, Character: 1000}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: far}}, &list)
	var h *protocol.Hover
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: far}}, &h)
	if _, err := c.conn.Call(context.Background(), "hexforge/unknown", nil, nil); err == nil {
		t.Error("an unknown method got no error")
	}
	untitled := protocol.DocumentURI("untitled:Untitled-1")
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: untitled, Version: 1, Text: "army \"V\" extends \"../../etc/base.army\" {\n}\n",
	}})
	if got := c.published(untitled); len(got) == 0 || !strings.Contains(got[0].Message, "save the file first") {
		t.Errorf("unsaved variant of a path: %+v, want save the file first", got)
	}
}
