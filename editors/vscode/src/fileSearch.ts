import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { newQueryId } from './commands';
import { goToFileTitle, SearchAgainWhenIndexed, type IndexEnds } from './indexEnds';

interface Candidate {
  path: string;
  name: string;
  directory: string;
}

interface Candidates {
  query_id: string;
  candidates: Candidate[];
  total_count?: number;
  truncated: boolean;
  indexing?: true;
  indexed_count?: number;
}

interface Item extends vscode.QuickPickItem {
  uri: vscode.Uri;
}

/**
 * "Go to file" over the server's fuzzy index (`agentls/fileSearch`, RAWP
 * `control.file.search`). Each keystroke cancels the search still running, both ways the
 * protocol offers: the request's `$/cancelRequest` and `agentls/fileSearchCancel` with its
 * query id, so a superseded search costs the server next to nothing. During a folder's first
 * index the answer comes from the files listed so far: the title says so, and the current
 * value is searched again when the index ends (`indexEnds.ts`).
 */
export interface QuickPickShown {
  query: string;
  items: { label: string; description?: string }[];
}

/**
 * Opens the Quick Pick (with `query` typed in when given) and resolves once its first list is
 * shown, with that list; the Quick Pick stays open for the user.
 */
export async function fileSearchQuickPick(client: LanguageClient, ends: IndexEnds, query = ''): Promise<QuickPickShown | undefined> {
  const from = vscode.window.activeTextEditor?.document.uri;
  const folder = (from && vscode.workspace.getWorkspaceFolder(from)) ?? vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    void vscode.window.showInformationMessage('agentls: open a folder to search its files.');
    return undefined;
  }
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = goToFileTitle({});
  pick.placeholder = 'Fuzzy file name (empty: recently modified files)';
  pick.matchOnDescription = true;
  let running: { id: string; cancel: vscode.CancellationTokenSource } | undefined;
  /** The query of the last search started: setting `pick.value` below echoes back as a change, later. */
  let searched: string | undefined;

  // `pick.value`, not the query searched last: what the user sees typed is what the whole index is asked.
  const again = new SearchAgainWhenIndexed(ends, () => void search(pick.value));

  const search = async (query: string) => {
    searched = query;
    if (running) {
      running.cancel.cancel();
      void client.sendNotification('agentls/fileSearchCancel', { query_id: running.id });
    }
    const own = { id: newQueryId(), cancel: new vscode.CancellationTokenSource() };
    running = own;
    pick.busy = true;
    const answered = again.sent();
    try {
      const result = await client.sendRequest<Candidates>(
        'agentls/fileSearch',
        { query_id: own.id, query, max_results: 50, from_uri: from?.toString() },
        own.cancel.token,
      );
      if (running !== own) return;
      pick.title = goToFileTitle(result);
      pick.items = result.candidates.map((c) => ({
        label: c.name,
        description: c.directory,
        uri: vscode.Uri.joinPath(folder.uri, ...c.path.split('/')),
        // The server already ranked and filtered: keep its order and show every candidate.
        alwaysShow: true,
      }));
      answered(result);
    } catch {
      // cancelled or superseded: a newer search fills the list
    } finally {
      if (running === own) {
        pick.busy = false;
        running = undefined;
      }
      own.cancel.dispose();
    }
  };

  // The echo of the value set below must not cancel the search whose list this command returns.
  pick.onDidChangeValue((value) => {
    if (value !== searched) void search(value);
  });
  pick.onDidAccept(() => {
    const item = pick.selectedItems[0];
    pick.hide();
    if (item) void vscode.window.showTextDocument(item.uri);
  });
  pick.onDidHide(() => {
    running?.cancel.cancel();
    again.dispose();
    pick.dispose();
  });
  pick.value = query;
  pick.show();
  await search(query);
  return { query, items: pick.items.map((i) => ({ label: i.label, description: i.description })) };
}
