// The hexforge army language in VS Code: the grammar and language
// configuration colour and indent .army files by themselves; this starts
// `hexforge lsp` for diagnostics, quick fixes, formatting, completion,
// the outline, go-to-definition, references and hover, and starts it again
// when a hexforge setting changes (a new hexforge.path or flags take effect
// at once, without reloading the window).
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

// start runs the server the settings name.
function start() {
  const config = vscode.workspace.getConfiguration('hexforge');
  const command = config.get('path') || 'hexforge';
  const args = [...(config.get('args') || []), 'lsp'];
  const serverOptions = { command, args, transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'army' },
      // Unsaved buffers are checked too; a base army given by path needs the file saved.
      { scheme: 'untitled', language: 'army' },
    ],
  };
  client = new LanguageClient('hexforge', 'hexforge', serverOptions, clientOptions);
  // Without the binary the highlighting still works: say what is missing
  // instead of failing silently.
  return client.start().catch((err) => {
    vscode.window.showErrorMessage(
      `hexforge: could not start "${command} lsp" (${err.message}). ` +
        'Install it with `go install ./cmd/hexforge` or set hexforge.path.');
  });
}

// restart stops the running server, if any, and starts the one the
// settings now name.
async function restart() {
  const old = client;
  client = undefined;
  if (old) {
    try {
      await old.stop();
    } catch (err) {
      // A server that never started has nothing to stop.
    }
  }
  return start();
}

function activate(context) {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('hexforge')) {
        return restart();
      }
      return undefined;
    }));
  return start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, restart };
