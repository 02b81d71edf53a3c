package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hexforge/hexforge/internal/buildinfo"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestLSPCommand runs `hexforge lsp` as an editor would, over its stdio
// (a pipe here): initialize, open a file with a mistake, see the mistake
// as check reports it, shut down and exit with status 0. The server itself
// is tested in package lsp.
func TestLSPCommand(t *testing.T) {
	srvEnd, cliEnd := net.Pipe()
	old := lspStdio
	lspStdio = func() io.ReadWriteCloser { return srvEnd }
	defer func() { lspStdio = old }()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	type result struct {
		stderr string
		code   int
	}
	done := make(chan result, 1)
	go func() {
		_, stderr, code := runCtx(t, ctx, "lsp")
		done <- result{stderr, code}
	}()

	diags := make(chan protocol.PublishDiagnosticsParams, 8)
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(cliEnd))
	conn.Go(ctx, func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		var p protocol.PublishDiagnosticsParams
		if req.Method() == protocol.MethodTextDocumentPublishDiagnostics && json.Unmarshal(req.Params(), &p) == nil {
			diags <- p
		}
		return reply(ctx, nil, nil)
	})
	defer conn.Close()
	var init protocol.InitializeResult
	if _, err := conn.Call(ctx, protocol.MethodInitialize, &protocol.InitializeParams{}, &init); err != nil {
		t.Fatal(err)
	}
	// The version names the build as `hexforge version` does, not "dev".
	if want := strings.TrimPrefix(buildinfo.Line(version), "hexforge "); init.ServerInfo == nil || init.ServerInfo.Version != want ||
		!strings.Contains(want, runtime.Version()) {
		t.Errorf("server info %+v, want hexforge %s", init.ServerInfo, want)
	}
	path, err := filepath.Abs("testdata/three-mistakes.army")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.Notify(ctx, protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri.File(path), LanguageID: "army", Version: 1, Text: string(src),
	}}); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-diags:
		// check says three-mistakes.army:6:19: the LSP range starts at 5:18.
		if len(p.Diagnostics) != 3 || p.Diagnostics[0].Range.Start != (protocol.Position{Line: 5, Character: 18}) ||
			!strings.HasPrefix(p.Diagnostics[0].Message, `unknown edge feature "meele"`) {
			t.Errorf("diagnostics %+v, want check's three, the first at 5:18", p.Diagnostics)
		}
	case <-ctx.Done():
		t.Fatal("no diagnostics")
	}
	if _, err := conn.Call(ctx, protocol.MethodShutdown, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := conn.Notify(ctx, protocol.MethodExit, nil); err != nil {
		t.Fatal(err)
	}
	if r := <-done; r.code != 0 {
		t.Errorf("hexforge lsp exited %d: %s", r.code, r.stderr)
	}
}

// TestLSPExitWithoutShutdown: an exit with no shutdown before it ends
// `hexforge lsp` with status 1, as the protocol says (0 after a shutdown:
// TestLSPCommand).
func TestLSPExitWithoutShutdown(t *testing.T) {
	srvEnd, cliEnd := net.Pipe()
	old := lspStdio
	lspStdio = func() io.ReadWriteCloser { return srvEnd }
	defer func() { lspStdio = old }()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done := make(chan int, 1)
	go func() {
		_, _, code := runCtx(t, ctx, "lsp")
		done <- code
	}()
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(cliEnd))
	conn.Go(ctx, jsonrpc2.MethodNotFoundHandler)
	defer conn.Close()
	if _, err := conn.Call(ctx, protocol.MethodInitialize, &protocol.InitializeParams{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := conn.Notify(ctx, protocol.MethodExit, nil); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 1 {
			t.Errorf("exit without shutdown: status %d, want 1", code)
		}
	case <-ctx.Done():
		t.Fatal("hexforge lsp still running after exit")
	}
}
