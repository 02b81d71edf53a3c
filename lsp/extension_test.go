package lsp

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// extensionHarness runs editors/vscode/extension.js under node with stand-ins
// for the vscode and vscode-languageclient modules: it activates the
// extension, changes an unrelated setting, then hexforge.path, and prints
// each server the extension started and stopped.
const extensionHarness = `
const Module = require('module');
const log = [];
let settings = { path: 'hexforge-one', args: ['--allow-extends-outside'] };
let changed;
const vscode = {
  workspace: {
    getConfiguration: (section) => ({ get: (k) => section === 'hexforge' ? settings[k] : undefined }),
    onDidChangeConfiguration: (f) => { changed = f; return { dispose() {} }; },
  },
  window: { showErrorMessage: (m) => log.push('error ' + m) },
};
class LanguageClient {
  constructor(id, name, server) { this.server = server; }
  start() { log.push('start ' + this.server.command + ' ' + this.server.args.join(' ')); return Promise.resolve(); }
  stop() { log.push('stop ' + this.server.command); return Promise.resolve(); }
}
const stubs = { vscode, 'vscode-languageclient/node': { LanguageClient, TransportKind: { stdio: 0 } } };
const load = Module._load;
Module._load = function (request) { return stubs[request] || load.apply(this, arguments); };
(async () => {
  const ext = require(process.argv[2]);
  const context = { subscriptions: [] };
  await ext.activate(context);
  if (context.subscriptions.length !== 1) log.push('subscriptions ' + context.subscriptions.length);
  await changed({ affectsConfiguration: (s) => s === 'editor' });
  settings = { path: 'hexforge-two', args: [] };
  await changed({ affectsConfiguration: (s) => s === 'hexforge' });
  await ext.deactivate();
  console.log(log.join('\n'));
})();
`

// TestExtensionRestarts: the VS Code extension starts the server the
// settings name, and a change of a hexforge setting (not another's) stops
// it and starts the newly named one, so that a new hexforge.path takes
// effect without reloading the window.
func TestExtensionRestarts(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	harness := filepath.Join(t.TempDir(), "harness.js")
	if err := os.WriteFile(harness, []byte(extensionHarness), 0o644); err != nil {
		t.Fatal(err)
	}
	ext, err := filepath.Abs(filepath.Join(vscodeDir, "extension.js"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, harness, ext).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	want := "start hexforge-one --allow-extends-outside lsp\nstop hexforge-one\nstart hexforge-two lsp\nstop hexforge-two"
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("the extension's servers:\n%s\nwant:\n%s", got, want)
	}
}
