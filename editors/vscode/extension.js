// agentls for VS Code: starts `agentls --stdio` for every file (the server decides what a
// file is from its path) and lets VS Code's own client do the rest. Build: npm install
// here, then package with vsce; the server itself comes from `npm install -g agentls`
// or the agentls.path setting.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('agentls').get('path') || 'agentls';
  const serverOptions = { command, args: ['--stdio'], transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [{ scheme: 'file' }],
    synchronize: { configurationSection: 'agentls' },
  };
  client = new LanguageClient('agentls', 'agentls', serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
