// Checks a harness summary for what the scenario's own expectations cannot say: facts about
// the whole run (LSP traffic, the Output channel, notifications, the language of a document).
// usage: node check.mjs SCENARIO_NAME SUMMARY.json      exit 0: all hold; 1: a check failed
import * as fs from 'node:fs';
import * as path from 'node:path';

const [name, file] = process.argv.slice(2);
const s = JSON.parse(fs.readFileSync(file, 'utf8'));
const failures = [];
const check = (ok, what, detail) => {
  if (!ok) failures.push(detail === undefined ? what : `${what}: ${JSON.stringify(detail)}`);
};
const step = (stepName) => s.steps.find((x) => x.name === stepName);
const log = Object.values(s.output_channels ?? {}).map((c) => c.log).join('\n');
const counts = s.lsp_counts ?? {};

function serverRan() {
  check(s.ok === true && s.exit_code === 0, 'every step passed', (s.steps ?? []).filter((x) => !x.ok).map((x) => `${x.index} ${x.name ?? x.type}`));
  check(s.extension?.activation === 'ok', 'the extension activated', s.extension?.activation);
  // The server registered workspace-folder changes before its initialize answer; VS Code rejected it.
  check(Object.keys(s.unhandled_server_methods ?? {}).length === 0, 'VS Code handled every request of the server', s.unhandled_server_methods);
  // One diagnostic set per file: what the extension host holds equals what the Problems panel shows.
  // Where the counts differ the step lists what the host holds, and the server's own are compared:
  // VS Code's own check of a Copilot prompt file adds a hint without a source ("Attribute 'colour'
  // is not supported in prompt files", seen in the copilot scenario), which the panel never lists.
  const ours = (ds) => ds.filter((d) => d.source === 'agentls').length;
  for (const st of s.steps.filter((x) => x.type === 'wait_diagnostics' && x.scope !== 'all')) {
    const same = st.api_diagnostics ? ours(st.api_diagnostics) === ours(st.diagnostics) : st.api_diagnostics_count === st.diagnostics.length;
    check(same, `"${st.name}": the extension host holds each diagnostic once`, st.api_diagnostics ?? st.api_diagnostics_count);
  }
  // Every wait for a file's diagnostics saw the server's answer for it after the step before
  // (a publish, or the response to VS Code's pull): the Problems panel was read after the
  // server reported, not after a pause.
  // A step on a file not open in the editor says `"fresh": false` in its scenario: the harness
  // checks freshness for open files only (VS Code pulls for those; a closed file's are pushed).
  const scenario = JSON.parse(fs.readFileSync(new URL(`./scenarios/${name}.json`, import.meta.url), 'utf8'));
  const closedFileWaits = new Set(scenario.steps.flatMap((x, i) => (x.type === 'wait_diagnostics' && x.fresh === false ? [i] : [])));
  for (const st of s.steps.filter((x) => x.type === 'wait_diagnostics' && !closedFileWaits.has(x.index))) {
    check(st.fresh === true, `"${st.name}": the server's diagnostics for the file arrived before the Problems panel was read`, st.fresh);
  }
  // A refresh only when something outside the edited file changed (a scenario changes one thing
  // outside at most). Besides, one at start-up, before the first edit: a document pulled before
  // the file index answered lacks what the index decides (a dead glob), and gets it then.
  const refreshes = counts['<- request workspace/diagnostic/refresh'] ?? 0;
  const split = refreshesAroundFirstEdit();
  if (split) {
    check(split.beforeFirstEdit <= 1, 'at most one workspace/diagnostic/refresh before the first edit (the file index answering)', split);
    check(split.fromFirstEdit <= 1, 'at most one workspace/diagnostic/refresh from the first edit on', split);
  } else {
    check(refreshes <= 1, 'at most one workspace/diagnostic/refresh', refreshes);
  }
}

/**
 * The refreshes the server asked before and after the client's first didChange, in the order
 * of the language client's verbose trace (the agentls Output channel's log among the
 * artifacts beside the summary); undefined where no such trace is there.
 */
function refreshesAroundFirstEdit() {
  const logs = path.join(path.dirname(file), name, 'vscode-logs');
  if (!fs.existsSync(logs)) return undefined;
  const traces = fs.readdirSync(logs, { recursive: true }).filter((f) => String(f).endsWith('-agentls.log'));
  if (traces.length !== 1) return undefined;
  const lines = fs.readFileSync(path.join(logs, String(traces[0])), 'utf8').split('\n');
  const firstEdit = lines.findIndex((l) => l.includes("Sending notification 'textDocument/didChange'"));
  const refresh = (l) => l.includes("Received request 'workspace/diagnostic/refresh");
  const seen = lines.filter(refresh).length;
  if (seen !== (counts['<- request workspace/diagnostic/refresh'] ?? 0)) return undefined;
  const before = (firstEdit < 0 ? lines : lines.slice(0, firstEdit)).filter(refresh).length;
  return { beforeFirstEdit: before, fromFirstEdit: seen - before };
}

switch (name) {
  case 'rules': {
    serverRan();
    check(/status: .*agentls: 1 rule, 1 error/.test(log), 'the status bar item says "1 rule, 1 error" after the fix', log.split('\n').filter((l) => l.includes('status:')));
    check((step('palette: Show rule buckets')?.tabs_opened ?? []).includes('rule-buckets.md'), 'the buckets report opened');
    break;
  }
  case 'prompt': {
    serverRan();
    check(step('an agentls prompt is Markdown now')?.language_id === 'markdown', 'an agentls prompt is shown as Markdown', step('an agentls prompt is Markdown now')?.language_id);
    check(step("a Copilot prompt file stays Copilot's")?.language_id === 'prompt', "VS Code's own prompt files keep their language", step("a Copilot prompt file stays Copilot's")?.language_id);
    break;
  }
  case 'tools': {
    serverRan();
    // Cursor 2, Windsurf 2, Cline 1, Claude Code 2 (CLAUDE.md and the file it imports), Copilot 2.
    const said = log.split('\n').filter((l) => l.includes('status:'));
    check(said.length > 0 && said.every((l) => /agentls: 9 rules$/.test(l)), 'the status bar item counts the 9 rule files of the tools the project uses', said);
    // A restart the user asked for is no failure: the old server's exit must not read as one.
    const errors = log.split('\n').filter((l) => /^\[Error/.test(l));
    check(errors.length === 0, 'the Output channel has no [Error] line, the restart included', errors);
    break;
  }
  case 'rename': {
    serverRan();
    // The Problems panel lists each file with problems: after a rename, the new name, never the old one.
    const listed = (stepName) => Object.keys(step(stepName)?.all_files ?? {});
    const afterExplorer = listed('after the Explorer rename: the four problems of the workspace, none under testing.mdc');
    check(afterExplorer.includes('.cursor/rules/checks.mdc') && !afterExplorer.includes('.cursor/rules/testing.mdc'), 'after the Explorer rename the problem is listed under checks.mdc, nothing under testing.mdc', afterExplorer);
    const afterFix = listed("after the quick fix: only checks.mdc's problem, nothing under style.mdc");
    check(afterFix.length === 1 && afterFix[0] === '.cursor/rules/checks.mdc', 'after the quick fix only checks.mdc is listed: nothing under style.mdc', afterFix);
    // The driver sees the rename on disk (the old path gone) and in the editor VS Code moved to the new one.
    const renamed = step('quick fix: rename the shadowed rule')?.renamed;
    check(renamed?.from === '.cursor/rules/style.mdc' && renamed?.to === '.cursor/rules/style-cursor.mdc', 'the quick fix renamed style.mdc to style-cursor.mdc, and its editor with it', renamed);
    break;
  }
  case 'renames': {
    serverRan();
    // VS Code asked the server once, before the move, and the server's answer edited both files.
    check(counts['-> request workspace/willRenameFiles'] === 1 && counts['<- response workspace/willRenameFiles'] === 1, 'VS Code sent workspace/willRenameFiles once and the server answered', counts);
    const updated = log.split('\n').find((l) => /renaming .*src\/db\/schema\.ts → .*src\/db\/tables\.ts: references updated in/.test(l));
    check(/\/CLAUDE\.md\b/.test(updated ?? '') && /\.cursor\/rules\/database\.mdc/.test(updated ?? ''), 'the server says it updated CLAUDE.md and the Cursor rule', updated);
    // The question is VS Code's own, asked before any extension's edit of a file operation (mainThreadFileSystemEventService).
    const dialog = step("Explorer: rename src/db/schema.ts to tables.ts, answering VS Code's question with OK")?.dialog;
    check(/Extension 'agentls' wants to make refactoring changes with this file move/.test(dialog?.message ?? ''), "the dialog names agentls's edit", dialog);
    break;
  }
  case 'copilot': {
    serverRan();
    break;
  }
  case 'no-server': {
    check(s.extension?.activation === 'ok', 'the extension activated without a server', s.extension?.activation);
    const toast = (s.notifications ?? []).find((n) => /agentls: no server could start/.test(n.message));
    check(toast !== undefined, 'an error says no server could start', s.notifications);
    check(toast?.severity === 'error', 'it is an error', toast?.severity);
    check(['Open Settings', 'Show Output', 'Retry'].every((b) => toast?.buttons?.includes(b)), 'it offers Open Settings, Show Output and Retry', toast?.buttons);
    check(/carries is missing/.test(toast?.message ?? ''), 'it says why', toast?.message);
    check((log.match(/carries is missing/g) ?? []).length >= 2, 'Restart tried again (the Output channel says why twice)', log);
    break;
  }
  default:
    failures.push(`unknown scenario ${name}`);
}

if (failures.length) {
  console.error(`FAIL ${name}:\n  - ${failures.join('\n  - ')}`);
  process.exit(1);
}
console.log(`ok   ${name}: ${s.steps.length} steps in ${Math.round((s.elapsed_ms ?? 0) / 1000)} s, and the run-wide checks`);
