package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// providers are the server capabilities and the request each one
// promises, with parameters for a document the test opens.
var providers = map[string]struct {
	method string
	params func(u protocol.DocumentURI) any
}{
	"completionProvider": {protocol.MethodTextDocumentCompletion, func(u protocol.DocumentURI) any {
		return &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}}
	}},
	"hoverProvider": {protocol.MethodTextDocumentHover, func(u protocol.DocumentURI) any {
		return &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}}
	}},
	"documentFormattingProvider": {protocol.MethodTextDocumentFormatting, func(u protocol.DocumentURI) any {
		return &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}
	}},
	"codeActionProvider": {protocol.MethodTextDocumentCodeAction, func(u protocol.DocumentURI) any {
		return &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}
	}},
	"documentSymbolProvider": {protocol.MethodTextDocumentDocumentSymbol, func(u protocol.DocumentURI) any {
		return &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}
	}},
	"definitionProvider": {protocol.MethodTextDocumentDefinition, func(u protocol.DocumentURI) any {
		return &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}}
	}},
	"semanticTokensProvider": {protocol.MethodSemanticTokensFull, func(u protocol.DocumentURI) any {
		return &protocol.SemanticTokensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}
	}},
	"referencesProvider": {protocol.MethodTextDocumentReferences, func(u protocol.DocumentURI) any {
		return &protocol.ReferenceParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}}
	}},
}

// TestCapabilities: the server advertises exactly what it answers. Every
// provider in initialize's capabilities is one this test knows and its
// request is answered (not "method not found"); every request this test
// knows is advertised; and a request of a kind not advertised is "method
// not found". The server advertised completion, hover and formatting
// alone while it answered them; now it must advertise each new one.
func TestCapabilities(t *testing.T) {
	c := start(t)
	var raw struct {
		Capabilities map[string]json.RawMessage `json:"capabilities"`
		ServerInfo   protocol.ServerInfo        `json:"serverInfo"`
	}
	c.call(protocol.MethodInitialize, &protocol.InitializeParams{}, &raw)
	if raw.ServerInfo.Name != "hexforge" || raw.ServerInfo.Version != "test" {
		t.Errorf("server info %+v, want hexforge and the version it was given", raw.ServerInfo)
	}
	u := c.open(filepath.Join(t.TempDir(), "nav.army"), navArmy)
	c.published(u)
	advertised := slices.Sorted(maps.Keys(raw.Capabilities))
	for _, k := range advertised {
		if k == "textDocumentSync" {
			continue
		}
		p, ok := providers[k]
		if !ok {
			t.Errorf("capability %s is advertised, but no test asks for it", k)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		var res json.RawMessage
		if _, err := c.conn.Call(ctx, p.method, p.params(u), &res); err != nil {
			t.Errorf("%s (advertised by %s): %v", p.method, k, err)
		}
		cancel()
	}
	for k := range providers {
		if !slices.Contains(advertised, k) {
			t.Errorf("%s is not advertised", k)
		}
	}
	// A kind of request not advertised is not answered.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := c.conn.Call(ctx, protocol.MethodTextDocumentRename, &protocol.RenameParams{}, nil)
	var rpcErr *jsonrpc2.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.MethodNotFound {
		t.Errorf("rename (not advertised): %v, want method not found", err)
	}
}
