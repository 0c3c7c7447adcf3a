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
  return [...a.slice(top, a.length - end).map((l) => `- ${l}`), ...b.slice(top, b.length - end).map((l) => `+ ${l}`)].slice(0, 8);
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
  for (const d of left.diagnostics) {
    const key = `${d.path} ${d.code}`;
    if (d.path.startsWith('/') || seen.has(key)) continue;
    seen.add(key);
    const ext = d.path.slice(d.path.lastIndexOf('.'));
    const uri = await demo.client.open(demo.path(d.path), undefined, LANGUAGE[ext] ?? 'markdown');
    const diagnostics = await demo.client.waitForDiagnostics(uri, (ds) => ds.some((x) => x.code === d.code));
    const shown = diagnostics.find((x) => x.code === d.code && x.range.start.line === d.range.start.line) ?? diagnostics.find((x) => x.code === d.code)!;
    demo.say(`${d.path}:${shown.range.start.line + 1}  ${d.severity}  ${shown.message}`);
    await showFix(demo, uri, shown);
  }

  demo.section('What is left');
  await shell(demo, ['check']);
  demo.say('What is left needs a person: fixes that rename or move a file (offered by editors that');
  demo.say('apply file operations: VS Code, Helix), and notes at information level.');
}

async function showFix(demo: Demo, uri: string, diagnostic: Diagnostic): Promise<void> {
  const actions = await demo.client.codeActions(uri, diagnostic.range);
  const mine = actions.filter((a) => !a.diagnostics || a.diagnostics.some((x) => x.code === diagnostic.code));
  const pick = mine.find((a) => a.isPreferred && !a.disabled) ?? mine.find((a) => !a.disabled && !renames(a)) ?? mine[0];
  if (!pick) {
    demo.block('(no quick fix: the message says what to change)\n', '    ');
    return;
  }
  if (pick.disabled || renames(pick)) {
    demo.block(`fix: ${pick.title}${pick.disabled ? ` (not here: ${pick.disabled.reason})` : ' (a file operation; not applied in the demo)'}\n`, '    ');
    return;
  }
  const before = demo.client.text(uri);
  await demo.client.applyCodeAction(pick);
  demo.block(`fix: ${pick.title}`, '    ');
  demo.block(changedLines(before, demo.client.text(uri)).join('\n'), '      ');
  await demo.client.save(uri);
  demo.say('');
}

function renames(action: CodeAction): boolean {
  return (action.edit?.documentChanges ?? []).some((c) => 'kind' in c);
}
