// Package lsp is hexforge's language server: it speaks the Language Server
// Protocol to an editor and gives it what `hexforge check`, `hexforge fmt`
// and `hexforge card` give on the command line, as you type: diagnostics,
// formatting, completion of what may follow at the cursor, quick fixes for
// its did-you-mean hints, an outline of the army's tokens and abilities,
// going from a string naming a token to its declaration and back, semantic
// colours for token names, events and steps, and the help-card words of a
// token on hover.
//
// The wire protocol is go.lsp.dev/jsonrpc2 and the message types are
// go.lsp.dev/protocol; this package only decides what to answer.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/armyfmt"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// Source names hexforge as the origin of its diagnostics in the editor.
const Source = "hexforge"

// ErrExitWithoutShutdown is Serve's error when the editor sent exit
// without shutdown first: the protocol asks the server to exit with status
// 1 then, 0 only after a shutdown.
var ErrExitWithoutShutdown = errors.New("lsp: exit without a shutdown request before it")

// Server is the state of one editor connection: the open documents.
type Server struct {
	conn    jsonrpc2.Conn
	version string
	loader  armies.Loader // resolves extends (the --allow-extends-outside flag)
	// cache is where the source of an embedded base army is written for
	// go-to-definition to show (embeddedFile); "" shows none.
	cache string
	// check compiles a document's text (compile; a test slows it down).
	check  func(d *document, src string) compiler.Result
	checks sync.WaitGroup // the documents' check goroutines

	mu      sync.Mutex
	docs    map[protocol.DocumentURI]*document
	exited  bool
	stopped bool // shutdown was requested: only exit is answered
}

// document is one open file.
type document struct {
	uri     protocol.DocumentURI
	path    string // the file on disk, "" for an unsaved buffer
	version int32
	text    *text
	res     compiler.Result
	good    compiler.Result // the last compile with no error, for hover and completion while typing
	// checking: a goroutine is checking the document; again: its text
	// changed since that check began, so it checks again before it ends.
	checking, again bool
}

// name is the file name the compiler reports: the path on disk, so that
// `extends "base.army"` is found next to the file, as `check` finds it.
func (d *document) name() string {
	if d.path != "" {
		return d.path
	}
	return string(d.uri)
}

// Serve answers one editor on rwc until the editor sends exit or closes the
// stream. version is reported to the editor as the server's version.
// It returns ErrExitWithoutShutdown when the editor sent exit without
// shutdown before it.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, version string, loader armies.Loader) error {
	s := &Server{version: version, loader: loader}
	if dir, err := os.UserCacheDir(); err == nil {
		s.cache = filepath.Join(dir, "hexforge", "embedded")
	}
	return s.serve(ctx, rwc)
}

func (s *Server) serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	s.docs = map[protocol.DocumentURI]*document{}
	if s.check == nil {
		s.check = func(d *document, src string) compiler.Result { return compile(d, src, s.loader) }
	}
	s.conn = jsonrpc2.NewConn(newStream(rwc))
	s.conn.Go(ctx, s.handle)
	select {
	case <-s.conn.Done():
	case <-ctx.Done():
		s.conn.Close()
		<-s.conn.Done()
	}
	s.mu.Lock()
	exited, stopped := s.exited, s.stopped
	s.docs = nil // the checks under way publish nothing more
	s.mu.Unlock()
	s.checks.Wait()
	err := s.conn.Err()
	switch {
	case exited && !stopped:
		return ErrExitWithoutShutdown
	case exited || err == nil || errors.Is(err, io.EOF) || errors.Is(err, io.ErrClosedPipe) || ctx.Err() != nil:
		return nil
	}
	return fmt.Errorf("lsp: connection: %w", err)
}

// handle answers one request or notification. It runs on the connection's
// reading goroutine, so requests are answered in order and a document's
// changes are seen in the order the editor sent them; a document is
// checked on a goroutine of its own (schedule), so that hover, completion
// and formatting are answered while a slow check runs.
func (s *Server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) (err error) {
	// A fault in answering one request must not take the editor's server
	// down with it: it becomes an error reply.
	defer func() {
		if r := recover(); r != nil {
			buf := make([]byte, 4096)
			buf = buf[:runtime.Stack(buf, false)]
			err = reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "hexforge lsp: internal error in %s: %v\n%s", req.Method(), r, buf))
		}
	}()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped && req.Method() != protocol.MethodExit {
		return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "server is shut down"))
	}
	switch req.Method() {
	case protocol.MethodInitialize:
		return reply(ctx, s.initialize(), nil)
	case protocol.MethodInitialized:
		return nil
	case protocol.MethodShutdown:
		s.stopped = true
		return reply(ctx, nil, nil)
	case protocol.MethodExit:
		s.exited = true
		return s.conn.Close()
	case protocol.MethodTextDocumentDidOpen:
		var p protocol.DidOpenTextDocumentParams
		if err := decode(req, &p); err != nil {
			return nil // a notification has no reply to carry the error
		}
		d := &document{uri: p.TextDocument.URI, path: filePath(p.TextDocument.URI), version: p.TextDocument.Version}
		s.docs[d.uri] = d
		return s.update(ctx, d, p.TextDocument.Text)
	case protocol.MethodTextDocumentDidChange:
		var p protocol.DidChangeTextDocumentParams
		if err := decode(req, &p); err != nil || len(p.ContentChanges) == 0 {
			return nil
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return nil
		}
		d.version = p.TextDocument.Version
		// The server asks for full-text sync: the last change is the text.
		return s.update(ctx, d, p.ContentChanges[len(p.ContentChanges)-1].Text)
	case protocol.MethodTextDocumentDidSave:
		var p protocol.DidSaveTextDocumentParams
		if err := decode(req, &p); err != nil {
			return nil
		}
		if d, ok := s.docs[p.TextDocument.URI]; ok && p.Text != "" {
			d.text = newText(p.Text)
		}
		// A saved file may be the base another open variant extends:
		// every open document is checked again.
		for _, d := range s.docs {
			s.schedule(ctx, d)
		}
		return nil
	case protocol.MethodTextDocumentDidClose:
		var p protocol.DidCloseTextDocumentParams
		if err := decode(req, &p); err != nil {
			return nil
		}
		delete(s.docs, p.TextDocument.URI)
		// The editor keeps diagnostics until told otherwise.
		return s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics,
			&protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	case protocol.MethodTextDocumentCompletion:
		var p protocol.CompletionParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return reply(ctx, &protocol.CompletionList{Items: []protocol.CompletionItem{}}, nil)
		}
		return reply(ctx, &protocol.CompletionList{Items: complete(d, p.Position, s.loader)}, nil)
	case protocol.MethodTextDocumentHover:
		var p protocol.HoverParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return reply(ctx, nil, nil)
		}
		if h := hover(d, p.Position, s.loader); h != nil {
			return reply(ctx, h, nil)
		}
		return reply(ctx, nil, nil)
	case protocol.MethodTextDocumentCodeAction:
		var p protocol.CodeActionParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return reply(ctx, []protocol.CodeAction{}, nil)
		}
		return reply(ctx, codeActions(d, p.Range), nil)
	case protocol.MethodTextDocumentDocumentSymbol:
		var p protocol.DocumentSymbolParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return reply(ctx, []protocol.DocumentSymbol{}, nil)
		}
		return reply(ctx, symbols(d), nil)
	case protocol.MethodTextDocumentDefinition:
		var p protocol.DefinitionParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return reply(ctx, []protocol.Location{}, nil)
		}
		return reply(ctx, definition(d, p.Position, s.loader, s.cache), nil)
	case protocol.MethodTextDocumentReferences:
		var p protocol.ReferenceParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return reply(ctx, []protocol.Location{}, nil)
		}
		return reply(ctx, references(d, p.Position, p.Context.IncludeDeclaration), nil)
	case protocol.MethodSemanticTokensFull:
		var p protocol.SemanticTokensParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return reply(ctx, &protocol.SemanticTokens{Data: []uint32{}}, nil)
		}
		return reply(ctx, semanticTokens(d), nil)
	case protocol.MethodTextDocumentFormatting:
		var p protocol.DocumentFormattingParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is not open", p.TextDocument.URI))
		}
		return reply(ctx, format(d), nil)
	}
	if _, isCall := req.(*jsonrpc2.Call); isCall {
		return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "hexforge lsp does not answer %q", req.Method()))
	}
	return nil // notifications the server has no use for ($/cancelRequest, ...)
}

// decode reads a request's parameters, as an invalid-params error.
func decode(req jsonrpc2.Request, v any) error {
	if err := json.Unmarshal(req.Params(), v); err != nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: %v", req.Method(), err)
	}
	return nil
}

func (s *Server) initialize() *protocol.InitializeResult {
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				// Army files are a few kilobytes: the whole text on every
				// change costs nothing and cannot drift from the editor's.
				Change: protocol.TextDocumentSyncKindFull,
				Save:   &protocol.SaveOptions{IncludeText: true},
			},
			// Every provider here has its method in handle, and every method
			// its provider (TestCapabilities).
			CompletionProvider:         &protocol.CompletionOptions{TriggerCharacters: []string{"\"", ":", "="}},
			HoverProvider:              true,
			DocumentFormattingProvider: true,
			CodeActionProvider:         &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix}},
			DocumentSymbolProvider:     true,
			DefinitionProvider:         true,
			ReferencesProvider:         true,
			SemanticTokensProvider:     &semanticOptions{Legend: semanticLegend, Full: true},
		},
		ServerInfo: &protocol.ServerInfo{Name: "hexforge", Version: s.version},
	}
}

// filePath is the file on disk a URI names, or "" when it names none (an
// unsaved buffer, another scheme, a malformed URI).
func filePath(u protocol.DocumentURI) string {
	p, err := url.Parse(string(u))
	if err != nil || p.Scheme != "file" || p.Path == "" {
		return ""
	}
	path := p.Path
	// file:///C:/x is C:\x on Windows.
	if len(path) >= 3 && path[0] == '/' && path[2] == ':' {
		path = path[1:]
	}
	return filepath.FromSlash(path)
}

// update stores a document's new text and has it checked (s.mu held).
func (s *Server) update(ctx context.Context, d *document, src string) error {
	d.text = newText(src)
	s.schedule(ctx, d)
	return nil
}

// schedule has d checked on its goroutine, started unless one is under
// way, which then checks again: one check of a document at a time, the
// newest text last, so its diagnostics are published in order (s.mu held).
func (s *Server) schedule(ctx context.Context, d *document) {
	if d.checking {
		d.again = true
		return
	}
	d.checking = true
	s.checks.Add(1)
	go s.checkLoop(ctx, d)
}

// checkLoop checks d until its text is the one checked, then publishes
// the diagnostics of that text. A closed document publishes nothing more.
func (s *Server) checkLoop(ctx context.Context, d *document) {
	defer s.checks.Done()
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		if s.docs[d.uri] != d {
			d.checking = false
			return
		}
		src := d.text.src
		d.again = false
		s.mu.Unlock()
		res := s.check(d, src)
		s.mu.Lock()
		if s.docs[d.uri] != d {
			d.checking = false
			return
		}
		d.res = res
		if !res.Diags.HasErrors() && len(res.Armies) > 0 {
			d.good = res
		}
		if d.again {
			continue // a newer text: its diagnostics, not these, are published
		}
		d.checking = false
		// Published under s.mu, so that a close's empty list comes after.
		s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{
			URI:         d.uri,
			Version:     uint32(max(d.version, 0)),
			Diagnostics: diagnostics(d),
		})
		return
	}
}

// compile compiles a document's text as `hexforge check` compiles a file,
// with `extends` resolved relative to the document's file on disk.
func compile(d *document, src string, loader armies.Loader) compiler.Result {
	resolve := func(ref, from string) (string, []byte, error) {
		if d.path == "" && armies.IsPath(ref) {
			return "", nil, fmt.Errorf("extends %q: save the file first; a base given by path is found next to the file that extends it", ref)
		}
		return loader.Resolve(ref, from)
	}
	return compiler.CompileWith(d.name(), []byte(src), compiler.Options{Resolve: resolve})
}

// diagnostics converts the compiler's diagnostics into the editor's, at
// most diag.MaxRendered of them as `check` prints. A diagnostic in another
// file (the base of a variant) is shown on the document's extends, naming
// where it is.
func diagnostics(d *document) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	var extendsAt *diag.Pos
	for i, x := range d.res.Diags {
		if i == diag.MaxRendered {
			break
		}
		msg := x.Message
		if x.Hint != "" {
			msg += " (" + x.Hint + ")"
		}
		pos := x.Pos
		if pos.File != d.name() {
			if extendsAt == nil {
				p := findExtends(d)
				extendsAt = &p
			}
			msg = x.Pos.String() + ": " + msg
			pos = *extendsAt
		}
		var r protocol.Range
		if pos.Line > 0 {
			r = d.text.rangeAt(pos.Line, pos.Column)
		}
		sev := protocol.DiagnosticSeverityError
		if x.Severity == diag.Warning {
			sev = protocol.DiagnosticSeverityWarning
		}
		out = append(out, protocol.Diagnostic{Range: r, Severity: sev, Source: Source, Message: msg})
	}
	return out
}

// findExtends returns where the document names its base army (the quoted
// base after extends), or the start of the file.
func findExtends(d *document) diag.Pos {
	f, _ := dsl.Parse(d.name(), []byte(d.text.src))
	if f != nil {
		for _, s := range f.Stmts {
			if len(s.Args) == 0 || len(s.Args[0].Values) < 3 {
				continue
			}
			v := s.Args[0].Values
			if v[1].Ident != nil && strings.EqualFold(*v[1].Ident, "extends") {
				return dsl.Position(v[2].Pos)
			}
		}
	}
	return diag.Pos{Line: 1, Column: 1}
}

// format is the whole-document edit that gives the canonical layout, none
// when the text is already in it or does not parse (its diagnostics say why).
func format(d *document) []protocol.TextEdit {
	out, err := armyfmt.Source(d.name(), []byte(d.text.src))
	if err != nil || string(out) == d.text.src {
		return []protocol.TextEdit{}
	}
	return []protocol.TextEdit{{
		Range:   protocol.Range{End: d.text.end()},
		NewText: string(out),
	}}
}
