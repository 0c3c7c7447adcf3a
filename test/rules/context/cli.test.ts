import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { fixturePath, tempDir, writeTree } from '../../helpers/repo';
import { builtCliAsync } from '../../helpers/cliWithHome';

const ws = fixturePath('rules-context');

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const run = await builtCliAsync(args, { cwd: ws });
  return { stdout: run.stdout, stderr: run.stderr, code: run.status };
}

/** The drift findings `agentls check --format json` reports on a fresh tree of these files. */
async function driftIn(files: Record<string, string>): Promise<{ path: string; code: string; message: string }[]> {
  const dir = writeTree(tempDir(), { '.git/HEAD': '', ...files });
  const { stdout } = await builtCliAsync(['check', '--format', 'json'], { cwd: dir });
  return (JSON.parse(stdout) as { diagnostics: { path: string; code: string; message: string }[] }).diagnostics.filter((d) => d.code === 'context/drift');
}

describe('agentls rules --for and the always-sent totals', () => {
  it('prints the rules reaching a file, as text and as the request\'s JSON', async () => {
    const json = await cli('rules', '--for', 'src/a.ts', '--json');
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout) as RulesForFileResult;
    expect(result.file).toBe('src/a.ts');
    expect(result.agents[0].rules.filter((r) => r.applies).map((r) => r.name)).toEqual(['always', 'ts', 'shared']);
    expect(result.agents[0].rules.find((r) => r.name === 'ts')).toMatchObject({ path: '.xcsh/rules/ts.md', matchedGlob: 'src/**/*.ts' });

    const text = await cli('rules', '--for', path.join(ws, 'README.md'));
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('The xcsh agent: 2 apply');
    expect(text.stdout).toMatch(/- ts +≈\d+ tok +offered to the model for its domain `src\/\*\*\/\*\.ts`/);
  });

  it('says "1 applies" of one rule, and an unknown option in its own words', async () => {
    const one = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/rules/only.md': '---\ndescription: Only\nalwaysApply: true\n---\nThe one rule.\n', 'x.txt': 'x\n' });
    const { stdout } = await builtCliAsync(['rules', '--for', 'x.txt'], { cwd: one, mustSucceed: true });
    expect(stdout).toContain('The xcsh agent: 1 applies,');
    const bogus = await cli('rules', '--bogus');
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toContain('agentls rules: unknown option --bogus (a path that starts with "-" goes after "--")');
  });

  it('refuses a path outside the folder or one that does not exist', async () => {
    const outside = await cli('rules', '--for', '/etc/hostname');
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('not inside the workspace folder');
    const missing = await cli('rules', '--for', 'src/nope.ts');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
  });

  it('ends the buckets with what the agent sends in every request', async () => {
    const { stdout, code } = await cli('rules');
    expect(code).toBe(0);
    const section = stdout.slice(stdout.indexOf('Sent in every request'));
    expect(section).toMatch(/the xcsh agent: ≈\d+ tokens in every request/);
    expect(section).toMatch(/always: ≈\d+\n/);
    expect(section).toContain('rulebook listing');
  });

  it("puts a dead glob's finding on the glob as the file writes it, YAML escapes and all", async () => {
    const repo = writeTree(tempDir(), {
      '.git/HEAD': '',
      'app/page.tsx': 'x\n',
      // A Next.js route glob escaped in a double-quoted YAML string, and a single-quoted one with a doubled quote.
      '.github/instructions/route.instructions.md': '---\napplyTo: "app/\\\\[id\\\\]/**"\n---\nRoute rules.\n',
      '.github/instructions/quote.instructions.md': "---\napplyTo: 'it''s/**'\n---\nQuoted.\n",
    });
    const { stdout } = await builtCliAsync(['check', '--format', 'json'], { cwd: repo });
    const dead = (JSON.parse(stdout) as { diagnostics: { path: string; code: string; range: unknown }[] }).diagnostics.filter((d) => d.code === 'context/dead-glob');
    expect(dead.map((d) => [d.path, d.range]).sort()).toEqual([
      ['.github/instructions/quote.instructions.md', { start: { line: 1, character: 10 }, end: { line: 1, character: 18 } }],
      ['.github/instructions/route.instructions.md', { start: { line: 1, character: 10 }, end: { line: 1, character: 25 } }],
    ]);
  });

  it("judges the globs of Cursor's rules in folders inside .cursor/rules and of .devin/rules, and lists them in rules --for", async () => {
    const repo = writeTree(tempDir(), {
      '.git/HEAD': '',
      'src/a.ts': 'x\n',
      '.cursor/rules/backend/api.mdc': '---\ndescription: API handlers\nglobs: api/**/*.ts\n---\nValidate input.\n',
      '.cursor/rules/backend/deep/ts.mdc': '---\nglobs: src/**/*.ts\n---\nStrict types.\n',
      '.devin/rules/py.md': '---\ntrigger: glob\nglobs: scripts/**/*.py\n---\nType hints.\n',
    });
    const home = tempDir('agentls-home-');
    const { stdout } = await builtCliAsync(['check', '--format', 'json'], { cwd: repo, home });
    const dead = (JSON.parse(stdout) as { diagnostics: { path: string; code: string; message: string }[] }).diagnostics.filter((d) => d.code === 'context/dead-glob');
    expect(dead.map((d) => [d.path, d.message.slice(0, d.message.indexOf(' matches'))]).sort()).toEqual([
      ['.cursor/rules/backend/api.mdc', 'Cursor never attaches this rule by its globs: "api/**/*.ts"'],
      ['.devin/rules/py.md', 'Windsurf never attaches this rule by its globs: "scripts/**/*.py"'],
    ]);
    const forFile = await builtCliAsync(['rules', '--for', 'src/a.ts', '--json'], { cwd: repo, home, mustSucceed: true });
    const result = JSON.parse(forFile.stdout) as RulesForFileResult;
    expect(result.agents.filter((a) => a.agent === 'cursor').map((a) => a.rules.map((r) => [r.name, r.applies]).sort())).toEqual([[['backend/api', false], ['backend/deep/ts', true]]]);
  });

  it("lists a nested .cursor/rules folder's rules for the files under it only, and judges their globs against those files", async () => {
    const repo = writeTree(tempDir(), {
      '.git/HEAD': '',
      'src/a.ts': 'x\n',
      'lib/root.ts': 'x\n',
      'packages/web/src/b.tsx': 'x\n',
      // Read from the nested folder, src/**/*.tsx is packages/web/src/b.tsx; read from the root, packages/web/src/** is too.
      'packages/web/.cursor/rules/react.mdc': '---\nglobs: src/**/*.tsx\n---\nReact.\n',
      'packages/web/.cursor/rules/rooted.mdc': '---\nglobs: packages/web/src/**\n---\nRooted.\n',
      'packages/web/.cursor/rules/web.mdc': '---\nalwaysApply: true\n---\nWeb always.\n',
      // lib/root.ts exists at the root, but no file under packages/web matches lib/**: dead for this rule.
      'packages/web/.cursor/rules/lib.mdc': '---\nglobs: lib/**/*.ts\n---\nLib.\n',
    });
    const home = tempDir('agentls-home-');
    const forFile = async (rel: string) => JSON.parse((await builtCliAsync(['rules', '--for', rel, '--json'], { cwd: repo, home, mustSucceed: true })).stdout) as RulesForFileResult;
    const web = await forFile('packages/web/src/b.tsx');
    expect(web.agents.find((a) => a.agent === 'cursor')?.rules.map((r) => [r.name, r.applies, r.matchedGlob])).toEqual([
      ['react (packages/web)', true, 'src/**/*.tsx'],
      ['rooted (packages/web)', true, 'packages/web/src/**'],
      ['web (packages/web)', true, undefined],
      ['lib (packages/web)', false, undefined],
    ]);
    // Not in every request: only while a file under packages/web is in play.
    expect(web.agents.find((a) => a.agent === 'cursor')?.alwaysSentTokens).toBe(0);
    const outside = await forFile('src/a.ts');
    expect(outside.agents.flatMap((a) => a.rules.filter((r) => r.applies && r.path.startsWith('packages/')))).toEqual([]);

    const { stdout } = await builtCliAsync(['check', '--format', 'json'], { cwd: repo, home });
    const dead = (JSON.parse(stdout) as { diagnostics: { path: string; code: string; message: string }[] }).diagnostics.filter((d) => d.code === 'context/dead-glob');
    expect(dead.map((d) => [d.path, d.message.slice(0, d.message.indexOf(' (Glob matching'))])).toEqual([
      ['packages/web/.cursor/rules/lib.mdc', 'Cursor never attaches this rule by its globs: "lib/**/*.ts" matches none of the files under packages/web/, read from there or from the workspace root (Cursor does not document which).'],
    ]);
  });

  it('agentls check reports dead globs and drift, judging globs against the whole folder even when checking part of it', async () => {
    const whole = await cli('check', '--format', 'json');
    const json = JSON.parse(whole.stdout) as { diagnostics: { path: string; code: string; message: string }[] };
    const context = json.diagnostics.filter((d) => d.code.startsWith('context/'));
    expect(context.filter((d) => d.code === 'context/dead-glob').map((d) => [d.path, d.message])).toEqual([['.xcsh/rules/ts.md', expect.stringContaining('the glob "src/componets/**/*.tsx" matches none of the')]]);
    expect(context.filter((d) => d.code === 'context/drift').map((d) => d.path).sort()).toEqual(['.cursor/rules/shared.mdc', '.windsurf/rules/shared.md']);

    // Only .xcsh is checked, but `src/**/*.ts` still matches src/a.ts: not dead.
    const part = JSON.parse((await cli('check', '.xcsh', '--format', 'json')).stdout) as typeof json;
    expect(part.diagnostics.filter((d) => d.code === 'context/dead-glob').map((d) => d.message)).toEqual([expect.stringContaining('"src/componets/**/*.tsx"')]);

    const sarif = JSON.parse((await cli('check', '--format', 'sarif')).stdout);
    const rule = sarif.runs[0].tool.driver.rules.find((r: { id: string }) => r.id === 'context/dead-glob');
    expect(rule.shortDescription.text).toMatch(/^A glob that matches no file of the workspace/);
    const text = (await cli('check')).stdout;
    // The drift's diff stays under its finding's line.
    expect(text).toMatch(/\.cursor\/rules\/shared\.mdc:1:1: information \[context\/drift\] [^\n]*\n {4}[-+] /);
  });

  it('agentls check leaves alone two tools\' rules that only share a file name, and still reports a copy that drifted', async () => {
    // Each tool's own rules.md, written for it: no line in common, so not copies of one rule.
    const clineOwn = 'Project: a small shop backend.\n\n## Layout\n- Handlers in `api/`\n- Jobs in `jobs/`\n\n## Checks\n- Run `make test` before a commit\n';
    const windsurfOwn = '---\ntrigger: always_on\n---\n# Shop backend, for Cascade\n\n- Keep handlers thin\n- Put queries in `db/`\n- Run `make lint` and `make test`\n';
    // A copy whose one rule changed: the other lines are still shared.
    const drifted = '---\ntrigger: always_on\n---\nProject: a small shop backend.\n\n## Layout\n- Handlers in `api/`\n- Jobs in `workers/`\n\n## Checks\n- Run `make test` before a commit\n';
    const check = async (windsurf: string) => (await driftIn({ '.clinerules/rules.md': clineOwn, '.windsurf/rules/rules.md': windsurf })).map((d) => d.path).sort();
    expect(await check(windsurfOwn)).toEqual([]);
    expect(await check(drifted)).toEqual(['.clinerules/rules.md', '.windsurf/rules/rules.md']);
  });

  it('agentls check leaves alone two tools\' rules of one name that share only their heading, and still reports a copy edited in one line', async () => {
    // Written apart for each tool: the same `# Testing` heading, nothing else in common.
    const cursor = '---\ndescription: Testing\nalwaysApply: true\n---\n# Testing\n\n- Write unit tests with Vitest next to the module they cover.\n- Mock the network with msw, never the fetch function itself.\n- Name each test after the behaviour it checks.\n';
    const windsurfOwn = '---\ntrigger: always_on\n---\n# Testing\n\n- Run the whole suite with `pnpm test` before asking for review.\n- Snapshot tests are for rendered components only.\n- Keep fixtures in `test/fixtures/`, one folder per case.\n';
    // The Cursor rule copied over, then one line changed in the copy.
    const edited = '---\ntrigger: always_on\n---\n# Testing\n\n- Write unit tests with Vitest next to the module they cover.\n- Mock the network with nock, never the fetch function itself.\n- Name each test after the behaviour it checks.\n';
    const check = (windsurf: string) => driftIn({ '.cursor/rules/testing.mdc': cursor, '.windsurf/rules/testing.md': windsurf });
    expect(await check(windsurfOwn)).toEqual([]);
    const drift = await check(edited);
    expect(drift.map((d) => d.path).sort()).toEqual(['.cursor/rules/testing.mdc', '.windsurf/rules/testing.md']);
    expect(drift.find((d) => d.path === '.cursor/rules/testing.mdc')!.message).toContain('- - Mock the network with msw, never the fetch function itself.\n+ - Mock the network with nock, never the fetch function itself.');
  });

  it('agentls check still reports a copy whose one instruction changed, when the rest is a heading and a code fence', async () => {
    // Four lines each; the command, the one line that says anything, edited in the copy.
    const body = (command: string) => `# Testing\n\n\`\`\`bash\n${command}\n\`\`\`\n`;
    const drift = await driftIn({ '.cursor/rules/testing.mdc': `---\nalwaysApply: true\n---\n${body('npm test -- --run')}`, '.windsurf/rules/testing.md': `---\ntrigger: always_on\n---\n${body('npm test -- --watch=false')}` });
    expect(drift.map((d) => d.path).sort()).toEqual(['.cursor/rules/testing.mdc', '.windsurf/rules/testing.md']);
    expect(drift.find((d) => d.path === '.cursor/rules/testing.mdc')!.message).toContain('- npm test -- --run\n+ npm test -- --watch=false');
  });
  it('agentls check leaves alone short rules of one file name whose bodies share no text, and reports a file once for each other tool', async () => {
    // Two lines each, written apart: a Cursor style rule about components, a Windsurf one about commits.
    const cursorStyle = '---\nalwaysApply: true\n---\nPrefer functional React components over classes.\nStyle them with Tailwind utility classes only.\n';
    const windsurfStyle = '---\ntrigger: always_on\n---\nWrite commit messages in the imperative mood.\nKeep each commit to one logical change.\n';
    expect(await driftIn({ '.cursor/rules/style.mdc': cursorStyle, '.windsurf/rules/style.md': windsurfStyle })).toEqual([]);
    // The same Windsurf rule copied from Cursor, one of whose two files of the name is nearer it: one finding on it, against that one.
    const ts = (extra: string) => `Use strict TypeScript with noImplicitAny and strictNullChecks.\nPrefer type aliases over interfaces${extra}.\n`;
    const drift = await driftIn({
      '.cursor/rules/ts.mdc': `---\nalwaysApply: true\n---\n${ts(' for unions')}`,
      '.cursor/rules/ts.md': `---\nalwaysApply: true\n---\nUse strict TypeScript.\n`,
      '.windsurf/rules/ts.md': `---\ntrigger: always_on\n---\n${ts(' for unions and tuples')}`,
    });
    const windsurf = drift.filter((d) => d.path === '.windsurf/rules/ts.md');
    expect(windsurf).toHaveLength(1);
    expect(windsurf[0].message).toContain('The Cursor copy of this rule (.cursor/rules/ts.mdc) has another body');
    expect(windsurf[0].message).toContain('.cursor/rules/ts.md');
    expect(drift.map((d) => d.path).sort()).toEqual(['.cursor/rules/ts.md', '.cursor/rules/ts.mdc', '.windsurf/rules/ts.md']);
  });
});
