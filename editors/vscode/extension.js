// The hexforge army language in VS Code: the grammar and language
// configuration colour and indent .army files by themselves; this starts
// `hexforge lsp` for diagnostics, formatting, completion and hover.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
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

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
