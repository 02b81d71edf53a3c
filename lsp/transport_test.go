package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// rawClient writes bytes to a server and reads its answers with the
// package's own framing, for what a jsonrpc2 client cannot send.
type rawClient struct {
	t      *testing.T
	conn   net.Conn
	in     *bufio.Reader
	served chan error
}

func startRaw(t *testing.T) *rawClient {
	t.Helper()
	srvEnd, cliEnd := net.Pipe()
	c := &rawClient{t: t, conn: cliEnd, in: bufio.NewReaderSize(cliEnd, maxHeaderLine), served: make(chan error, 1)}
	go func() { c.served <- Serve(context.Background(), srvEnd, "test", armies.Loader{}) }()
	t.Cleanup(func() { cliEnd.Close() })
	return c
}

// send writes s, on a goroutine of its own since the pipe blocks until
// the server reads (and the server answers before it reads on).
func (c *rawClient) send(t *testing.T, s string) {
	go func() {
		c.conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if _, err := c.conn.Write([]byte(s)); err != nil {
			t.Errorf("writing %.60q: %v", s, err)
		}
	}()
}

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

// answer is a JSON-RPC response as the test reads it.
type answer struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *jsonrpc2.Error `json:"error"`
}

func (c *rawClient) read() answer {
	c.t.Helper()
	c.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	data, err := readFrame(c.in)
	if err != nil {
		c.t.Fatalf("reading an answer: %v", err)
	}
	var a answer
	if err := json.Unmarshal(data, &a); err != nil {
		c.t.Fatalf("answer %s: %v", data, err)
	}
	return a
}

// TestMalformedFrames: each malformed frame an editor (or a fault in one)
// may send is answered with the JSON-RPC error the spec gives it, id null
// when its id cannot be read, and the server goes on to answer the next
// message. One malformed frame used to end the server; a header line was
// read without a bound.
func TestMalformedFrames(t *testing.T) {
	c := startRaw(t)
	longLine := "X-Junk: " + strings.Repeat("a", 100<<10) + "\r\n"
	for _, tc := range []struct {
		name, in string
		code     jsonrpc2.Code
		id       string
	}{
		{"not JSON", frame("{{{{{"), jsonrpc2.ParseError, "null"},
		{"truncated JSON", frame(`{"jsonrpc":"2.0","id":1,"method":"initialize"`), jsonrpc2.ParseError, "null"},
		{"not an object", frame("[1, 2]"), jsonrpc2.InvalidRequest, "null"},
		{"no jsonrpc member", frame(`{"id":3,"method":"initialize"}`), jsonrpc2.InvalidRequest, "3"},
		{"neither request nor response", frame(`{"jsonrpc":"2.0"}`), jsonrpc2.InvalidRequest, "null"},
		{"a length that is no number", "Content-Length: x\r\n\r\n", jsonrpc2.ParseError, "null"},
		{"a header without a colon", "hello\r\n\r\n", jsonrpc2.ParseError, "null"},
		{"a header line of 100 KiB", longLine + frame("{}"), jsonrpc2.ParseError, "null"},
		{"content past the bound", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", maxMessage+1, strings.Repeat(" ", maxMessage+1)), jsonrpc2.ParseError, "null"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			c.send(t, tc.in)
			a := c.read()
			if a.Error == nil || a.Error.Code != tc.code || string(a.ID) != tc.id {
				t.Errorf("answer id %s, error %+v; want code %d, id %s", a.ID, a.Error, tc.code, tc.id)
			}
		})
	}
	c.t = t
	// The server still answers.
	c.send(t, frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`))
	if a := c.read(); a.Error != nil || string(a.ID) != "1" || !strings.Contains(string(a.Result), `"hexforge"`) {
		t.Fatalf("initialize after the malformed frames: %+v %s", a.Error, a.Result)
	}
	c.send(t, frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`))
	c.read()
	c.send(t, frame(`{"jsonrpc":"2.0","method":"exit"}`))
	select {
	case err := <-c.served:
		if err != nil {
			t.Errorf("Serve after shutdown and exit: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve still running after exit")
	}
}

// TestEditorGoesAway: a stream closed between messages or in the middle of
// one ends Serve, without a panic or a hang.
func TestEditorGoesAway(t *testing.T) {
	for _, in := range []string{"", "Content-Length: 99\r\n\r\n{\"jsonrpc\":\"2.0\"", "Content-Len"} {
		srvEnd, cliEnd := net.Pipe()
		served := make(chan error, 1)
		go func() { served <- Serve(context.Background(), srvEnd, "test", armies.Loader{}) }()
		go func() {
			cliEnd.Write([]byte(in))
			cliEnd.Close()
		}()
		select {
		case <-served:
		case <-time.After(5 * time.Second):
			t.Errorf("%q: Serve still running", in)
		}
	}
}

// TestExitStatus: exit after shutdown ends Serve cleanly; exit without
// shutdown is ErrExitWithoutShutdown, which `hexforge lsp` turns into
// status 1, as the protocol says.
func TestExitStatus(t *testing.T) {
	for _, shutdown := range []bool{true, false} {
		srvEnd, cliEnd := net.Pipe()
		served := make(chan error, 1)
		go func() { served <- Serve(context.Background(), srvEnd, "test", armies.Loader{}) }()
		conn := jsonrpc2.NewConn(jsonrpc2.NewStream(cliEnd))
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		conn.Go(ctx, jsonrpc2.MethodNotFoundHandler)
		if _, err := conn.Call(ctx, protocol.MethodInitialize, &protocol.InitializeParams{}, nil); err != nil {
			t.Fatal(err)
		}
		if shutdown {
			if _, err := conn.Call(ctx, protocol.MethodShutdown, nil, nil); err != nil {
				t.Fatal(err)
			}
		}
		if err := conn.Notify(ctx, protocol.MethodExit, nil); err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-served:
			if shutdown && err != nil || !shutdown && !errors.Is(err, ErrExitWithoutShutdown) {
				t.Errorf("shutdown %v: Serve returned %v", shutdown, err)
			}
		case <-ctx.Done():
			t.Errorf("shutdown %v: Serve still running after exit", shutdown)
		}
		conn.Close()
		cancel()
	}
}

// TestSlowCheck: while a document's check is slow, hover, completion and
// formatting are answered at once, from the last check; the slow check's
// diagnostics come when it ends, and only the newest text's. The check
// ran on the request path, so every request waited for it.
func TestSlowCheck(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 4)
	s := &Server{version: "test"}
	s.check = func(d *document, src string) compiler.Result {
		if strings.Contains(src, "# slow") {
			started <- struct{}{}
			<-release
		}
		return compile(d, src, s.loader)
	}
	c := startServer(t, s)
	src := strings.Replace(strings.Replace(broken, "meele", "melee", 1), "on play: push", "on placed: push", 1)
	u := c.open(filepath.Join(t.TempDir(), "a.army"), src)
	if got := c.published(u); len(got) != 0 {
		t.Fatalf("the first check: %+v", got)
	}
	change := func(version int32, text string) {
		c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: version},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: text}},
		})
	}
	slow := src + "# slow\n"
	change(2, slow)
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the slow check never started")
	}
	// Typing on during the check: the newest text is checked after it.
	newest := strings.Replace(slow, "count 33", "count 3x", 1)
	change(3, newest)

	begin := time.Now()
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: at(t, src, 10, "toughness"),
	}}, &h)
	var list protocol.CompletionList
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 9, Character: 8},
	}}, &list)
	if took := time.Since(begin); took > 5*time.Second {
		t.Errorf("hover and completion took %v during a slow check", took)
	}
	if !strings.Contains(h.Contents.Value, "**Runner**") || len(list.Items) == 0 {
		t.Errorf("during the slow check: hover %q, %d completions; want Runner's card and the words", h.Contents.Value, len(list.Items))
	}
	select {
	case p := <-c.diags:
		t.Fatalf("diagnostics published during the slow check: %+v", p)
	default:
	}
	close(release)
	// One publication, of the newest text (version 3, its error).
	select {
	case p := <-c.diags:
		found := false
		for _, d := range p.Diagnostics {
			found = found || strings.Contains(d.Message, "unexpected word x")
		}
		if p.Version != 3 || !found {
			t.Errorf("after the slow check: version %d, %+v; want version 3's error", p.Version, p.Diagnostics)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no diagnostics after the slow check")
	}
}
