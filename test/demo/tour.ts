import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import type { CheckJson } from '../../server/cli/output';
import type { Demo } from './demo';

async function shell(demo: Demo, args: string[]): Promise<void> {
  demo.say(`$ agentls ${args.join(' ')}`);
  const r = await demo.cli(args);
  demo.block(r.stdout, '  ');
  demo.say(`(exit code ${r.code})\n`);
}

/** The lines an edit changed, as `-` / `+` rows. */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let top = 0;
  while (top < a.length && top < b.length && a[top] === b[top]) top++;
  let end = 0;
  while (end < a.length - top && end < b.length - top && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return [...a.slice(top, a.length - end).map((l) => `- ${l}`), ...b.slice(top, b.length - end).map((l) => `+ ${l}`)].slice(0, 12);
}

const LANGUAGE: Record<string, string> = { '.hashline': 'text', '.yaml': 'yaml', '.json': 'json' };

/**
 * The one-minute tour: what `agentls check` finds in the demo workspace, what `--fix`
 * repairs on its own, and how an editor shows each remaining finding with its fix.
 */
export async function tour(demo: Demo): Promise<void> {
  demo.say('fixtures/demo is a small TypeScript project whose agent files hold the mistakes people make:');
  demo.say('rules for four agents (.xcsh, Cursor, Windsurf, Cline), a prompt with file references, two');
  demo.say('hashline patches and an ast-edit recipe. Your home directory is replaced by fixtures/demo-home.\n');

  demo.section('In CI: agentls check');
  await shell(demo, ['check']);

  demo.section('The safe fixes, without a person: agentls check --fix');
  await shell(demo, ['check', '--fix']);

  demo.section('In the editor: every finding with its fix');
  demo.say('Opened in an editor (here a VS Code-like client over LSP), each file shows its findings;');
  demo.say('the quick fix (Ctrl+. / vim.lsp.buf.code_action() / space-a) changes the file as shown.\n');
  const left = JSON.parse((await demo.cli(['check', '--format', 'json'])).stdout) as CheckJson;
  const seen = new Set<string>();
  // Files a fix above wrote: their findings were listed before it and may be gone.
  const touched = new Set<string>();
  for (const d of left.diagnostics) {
    const key = `${d.path} ${d.code}`;
    if (d.path.startsWith('/') || seen.has(key)) continue;
    seen.add(key);
    if (touched.has(demo.path(d.path))) {
      demo.say(`${d.path}  (changed by a fix above: its ${d.code} finding was listed before it)\n`);
      continue;
    }
    const ext = d.path.slice(d.path.lastIndexOf('.'));
    const uri = await demo.client.open(demo.path(d.path), undefined, LANGUAGE[ext] ?? 'markdown');
    const diagnostics = await demo.client.waitForDiagnostics(uri, (ds) => ds.some((x) => x.code === d.code));
    const shown = diagnostics.find((x) => x.code === d.code && x.range.start.line === d.range.start.line) ?? diagnostics.find((x) => x.code === d.code)!;
    demo.say(`${d.path}:${shown.range.start.line + 1}  ${d.severity}  ${shown.message}`);
    for (const written of await showFix(demo, uri, shown)) touched.add(written);
  }

  demo.section('What is left');
  await shell(demo, ['check']);
  // Every editor gets the move: as a file operation where the client applies them (VS Code,
  // Helix), else as the agentls.rules.renameFile command (Neovim, Emacs; lsp/rules/actions.ts).
  demo.say('What is left needs a person: fixes that rename or move a file (a code action in your');
  demo.say('editor), and notes at information level.');
}

/** Shows and applies the fix of a finding; returns the other files it wrote. */
async function showFix(demo: Demo, uri: string, diagnostic: Diagnostic): Promise<string[]> {
  const actions = await demo.client.codeActions(uri, diagnostic.range);
  const mine = actions.filter((a) => !a.diagnostics || a.diagnostics.some((x) => x.code === diagnostic.code));
  let pick = mine.find((a) => a.isPreferred && !a.disabled) ?? mine.find((a) => !a.disabled && !renames(a)) ?? mine[0];
  if (!pick) {
    demo.block('(no quick fix: the message says what to change)\n', '    ');
    return [];
  }
  if (pick.disabled || renames(pick)) {
    demo.block(`fix: ${pick.title}${pick.disabled ? ` (not here: ${pick.disabled.reason})` : ' (a file operation; not applied in the demo)'}\n`, '    ');
    return [];
  }
  // An edit of a file that is not open is made when the fix is chosen, as an editor asks for it.
  if (!pick.edit && !pick.command && pick.data !== undefined) pick = await demo.client.request<CodeAction>('codeAction/resolve', pick);
  const others = editedUris(pick).filter((u) => u !== uri && !demo.client.isOpen(u));
  const before = new Map([[uri, demo.client.text(uri)], ...others.map((u): [string, string] => [u, fs.readFileSync(new URL(u), 'utf8')])]);
  await demo.client.applyCodeAction(pick);
  demo.block(`fix: ${pick.title}`, '    ');
  demo.block(changedLines(before.get(uri)!, demo.client.text(uri)).join('\n'), '      ');
  for (const other of others) {
    demo.block(`in ${path.relative(demo.workspace, new URL(other).pathname)}:`, '      ');
    demo.block(changedLines(before.get(other)!, fs.readFileSync(new URL(other), 'utf8')).join('\n'), '      ');
  }
  await demo.client.save(uri);
  // The editor's file watcher reports the files written behind the open buffers.
  if (others.length) await demo.client.notify('workspace/didChangeWatchedFiles', { changes: others.map((u) => ({ uri: u, type: 2 })) });
  demo.say('');
  return others.map((u) => new URL(u).pathname);
}

/** The documents an action's edit changes. */
function editedUris(action: CodeAction): string[] {
  const fromChanges = Object.keys(action.edit?.changes ?? {});
  const fromDocumentChanges = (action.edit?.documentChanges ?? []).flatMap((c) => ('textDocument' in c ? [c.textDocument.uri] : []));
  return [...new Set([...fromChanges, ...fromDocumentChanges])];
}

function renames(action: CodeAction): boolean {
  return (action.edit?.documentChanges ?? []).some((c) => 'kind' in c);
}
