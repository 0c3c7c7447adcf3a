import * as vscode from 'vscode';
import { ServerController } from './client';
import { fileSearchQuickPick } from './fileSearch';
import { registerPromptFiles } from './promptFiles';
import { StatusBar } from './statusBar';

let controller: ServerController | undefined;

/**
 * agentls for VS Code: starts the server this extension carries (or the user's own, see
 * `serverLaunch.ts`) for every file — the server decides what a file is from its path —
 * and adds what a custom request cannot show by itself: a status bar item, a file search
 * Quick Pick, restart and output commands, and the palette forms of the server's commands.
 * Activation resolves once the server answered `initialize` (or the user was told why it
 * could not start); it never fails.
 */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('agentls');
  const ctl = (controller = new ServerController(context, output));
  const status = new StatusBar(ctl);
  context.subscriptions.push(output, ctl, status);
  registerPromptFiles(context);
  context.subscriptions.push(
    vscode.commands.registerCommand('agentls.server.restart', () => ctl.restart()),
    vscode.commands.registerCommand('agentls.server.showOutput', () => output.show(true)),
    // Resolves with the list first shown, for keybindings and other extensions (`{ query }` fills it in).
    vscode.commands.registerCommand('agentls.fileSearch.quickPick', async (arg?: { query?: unknown }) => {
      if (!ctl.current) await ctl.start();
      const query = typeof arg?.query === 'string' ? arg.query : '';
      return ctl.current ? fileSearchQuickPick(ctl.current, ctl.indexEnds, query) : undefined;
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      // How the server is started changed: start it again the new way.
      if (e.affectsConfiguration('agentls.path') || e.affectsConfiguration('agentls.server.node') || e.affectsConfiguration('agentls.cacheDir')) void ctl.restart();
    }),
  );
  await ctl.start();
}

export async function deactivate(): Promise<void> {
  await controller?.stop();
}
