// The runs of `agentls check --format sarif` that validate.ts hands to the SARIF Multitool:
// findings of every kind and level, a clean workspace, one with nothing agentls lints, and one
// that cannot be checked whole. Each case says what its log must hold, so that a log that lost
// what it is there to show cannot pass as valid.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { git } from '../helpers/git';
import { fixturePath, tempDir, writeTree } from '../helpers/repo';

type Level = 'error' | 'warning' | 'note';
interface Run {
  results?: { ruleId: string; level?: Level; fixes?: unknown[]; relatedLocations?: unknown[] }[];
  invocations?: { executionSuccessful?: boolean; toolExecutionNotifications?: { level?: string }[] }[];
}

export interface SarifCase {
  name: string;
  cwd: string;
  /** After `check`; `--format sarif` and an empty `--home` are added. */
  args: string[];
  exit: number;
  /** What is wrong with the log's first run for this case: `[]` when it holds what it must. */
  expect(run: Run): string[];
}

interface Expected {
  levels?: Level[];
  /** Code prefixes (`astedit/`) of which a result must be there. */
  codes?: string[];
  fixes?: boolean;
  related?: boolean;
  exactly?: number;
  successful?: boolean;
  notification?: 'error' | 'warning';
}

function expectations({ levels = [], codes = [], fixes = false, related = false, exactly, successful = true, notification }: Expected): SarifCase['expect'] {
  return (run) => {
    const out: string[] = [];
    const results = run.results ?? [];
    if (exactly !== undefined && results.length !== exactly) out.push(`expected ${exactly} results, got ${results.length}`);
    for (const level of levels) if (!results.some((r) => r.level === level)) out.push(`expected a result of level ${level}`);
    for (const prefix of codes) if (!results.some((r) => r.ruleId.startsWith(prefix))) out.push(`expected a result ${prefix}…`);
    if (fixes && !results.some((r) => r.fixes?.length)) out.push('expected a result with fixes');
    if (related && !results.some((r) => r.relatedLocations?.length)) out.push('expected a result with relatedLocations');
    const [inv] = run.invocations ?? [];
    if (inv?.executionSuccessful !== successful) out.push(`expected executionSuccessful: ${successful}, got ${inv?.executionSuccessful}`);
    const got = JSON.stringify((inv?.toolExecutionNotifications ?? []).map((n) => n.level));
    const want = JSON.stringify(notification ? [notification] : []);
    if (got !== want) out.push(`expected tool execution notifications of levels ${want}, got ${got}`);
    return out;
  };
}

/**
 * A git repository (so locations are relative to its top) with what the fixtures lack: an
 * ast-edit recipe with problems, file names that need percent-encoding in a URI, a file that
 * starts with a BOM, text outside the BMP before a finding (columns count UTF-16 units), and
 * an empty folder.
 */
function composed(): string {
  const dir = writeTree(tempDir('agentls-sarif-mixed-'), {
    '.cursor/rules/naïve style.mdc': '---\ndescription: 😀 Style for TypeScript\nglobs: *.ts\nalwaysApply: "true"\n---\nUse tabs.\n',
    '.windsurf/rules/bom.md': '\ufeff---\ntrigger: alwayson\n---\nKeep answers short.\n',
    'CLAUDE.md': '# Project\n\nSee @docs/missing.md for the 🚀 release steps.\n',
    'prompts/fix #1.prompt.md': '---\nfile_references:\n  - ref_id: ref_0\n    path: src/gone.ts\n---\nFix 😀 <@file:ref_0|src/gone.ts> and <@file:ref_9|src/a.ts>.\n',
    'recipes/rename.astedit.yaml': 'ops:\n  - pat: console.log($$$ARGS)\n    out: logger.info($ARGS)\n  - pat: console.log($$$ARGS)\n    out: logger.debug($$$ARGS)\npaths:\n  - src/missing\nextra: 1\n',
    'patches/broken.hashline': '§src/a.ts\n≔1zz\nexport const a = 2;\n',
    'src/a.ts': 'export const a = 1;\nconsole.log("😀", a);\n',
  });
  fs.mkdirSync(path.join(dir, 'vendor'));
  git(dir, 'init', '-q');
  return dir;
}

export function sarifCases(): SarifCase[] {
  const inFixture = (name: string) => ({ cwd: fixturePath(name), args: ['--root', fixturePath(name)] });
  const empty = tempDir('agentls-sarif-empty-');
  const mixed = composed();
  return [
    // Rule files of Cursor, Windsurf, Cline and xcsh and a legacy .cursorrules, a prompt, stale hashline anchors; safe fixes.
    { name: 'demo', ...inFixture('demo'), exit: 1, expect: expectations({ levels: ['error', 'warning', 'note'], codes: ['rule/', 'frontmatter/', 'context/', 'hashline/', 'ref/'], fixes: true, related: true }) },
    // Frontmatter of every kind, rule:// links in Markdown, nested rule folders.
    { name: 'rules-lint', ...inFixture('rules-lint'), exit: 1, expect: expectations({ levels: ['error', 'warning', 'note'], codes: ['rule-url/', 'frontmatter/', 'rule/'], fixes: true }) },
    // Prompt documents with bad references (missing, duplicate, outside, unmapped; hints as notes).
    { name: 'refs-basic', ...inFixture('refs-basic'), exit: 1, expect: expectations({ levels: ['error', 'warning', 'note'], codes: ['ref/'] }) },
    // Windsurf and Cline rule files in nested projects.
    { name: 'agents', ...inFixture('agents'), exit: 1, expect: expectations({ levels: ['error', 'warning', 'note'], codes: ['rule/', 'frontmatter/'] }) },
    { name: 'composed', cwd: mixed, args: [], exit: 1, expect: expectations({ levels: ['error', 'warning'], codes: ['astedit/', 'hashline/', 'ref/', 'claude/', 'frontmatter/'] }) },
    // Correct rule files of every tool: no result, a successful run without notifications.
    { name: 'clean', ...inFixture('vscode-tools'), exit: 0, expect: expectations({ exactly: 0 }) },
    // Nothing agentls lints: no result, and a warning notification saying so.
    { name: 'no-agent-files', cwd: empty, args: ['--root', empty], exit: 0, expect: expectations({ exactly: 0, notification: 'warning' }) },
    // A folder named of which no file could be checked (an empty one) beside one with findings:
    // exit 2, executionSuccessful false, an error notification, and the findings.
    { name: 'incomplete', cwd: mixed, args: ['.cursor', 'vendor'], exit: 2, expect: expectations({ levels: ['warning'], successful: false, notification: 'error' }) },
    // A path that does not exist is refused before the run (exit 2), and the log still says why.
    { name: 'unchecked', cwd: mixed, args: ['no-such-folder'], exit: 2, expect: expectations({ exactly: 0, successful: false, notification: 'error' }) },
  ];
}
