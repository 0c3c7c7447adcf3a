import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients, type LspTestClient } from '../../helpers/lspClient';
import { fixturePath, tempDir, writeTree } from '../../helpers/repo';
import { AGENT_FIXTURES, expectations } from '../../rules/agentFixtures';

/**
 * The agent fixture workspaces through the real server: every rule file of a correct
 * workspace gets nothing above information under `auto`; each listed mistake is a
 * diagnostic naming its agent; the quick fixes of the agent lints apply and leave no
 * diagnostic of their kind behind.
 */
const start = useLspClients(afterEach);

/** A copy of `fixtures/agents/<agent>/<variant>` (the fixture tree, without its expect.json). */
function copyAgentFixture(agent: string, variant: 'ok' | 'mistakes'): string {
  const dest = tempDir(`agentls-agents-${agent}-`);
  fs.cpSync(fixturePath('agents', agent, variant), dest, { recursive: true });
  fs.rmSync(path.join(dest, 'expect.json'), { force: true });
  return dest;
}

/** Every rule-like file of a fixture workspace (dot folders included). */
function ruleFiles(ws: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(ws);
  return out;
}

const loud = (ds: Diagnostic[]) => ds.filter((d) => d.severity === 1 || d.severity === 2);

for (const preset of ['vscode', 'helix'] as const) {
  describe(`agent fixtures over LSP (${preset})`, () => {
    for (const agent of AGENT_FIXTURES) {
      // Pulled (VS Code): an empty answer is an answer. A push client (Helix) is sent nothing for a
      // clean file, so there is no state to wait for: the test exists for the pulling client only.
      if (preset === 'vscode') it(`${agent}: correct rules get nothing above information`, async () => {
        const ws = copyAgentFixture(agent, 'ok');
        const c = await start({ folders: [ws], home: tempDir(), client: preset });
        for (const file of ruleFiles(ws)) {
          const uri = await c.open(file);
          const ds = await c.waitForDiagnostics(uri);
          expect(loud(ds).map((d) => `${path.relative(ws, file)}: ${d.message}`)).toEqual([]);
        }
      });

      it(`${agent}: each mistake is a diagnostic naming its agent`, async () => {
        const ws = copyAgentFixture(agent, 'mistakes');
        const c = await start({ folders: [ws], home: tempDir(), client: preset });
        for (const e of expectations(agent)) {
          const uri = await c.open(path.join(ws, ...e.path.split('/')));
          const ds = await c.waitForDiagnostics(uri, (all) => all.some((d) => d.code === e.code && String(d.message).includes(e.names)));
          const d = ds.find((x) => x.code === e.code && String(x.message).includes(e.names))!;
          expect(d.severity).toBe({ error: 1, warning: 2, information: 3, hint: 4 }[e.severity]);
          if (e.alsoNames) expect(d.message).toContain(e.alsoNames);
        }
      });
    }
  });
}

async function applyFix(c: LspTestClient, uri: string, code: string, title: string): Promise<Diagnostic[]> {
  const before = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === code));
  const count = before.filter((d) => d.code === code).length;
  const actions = await c.codeActions(uri, before.find((d) => d.code === code)!.range);
  const action = actions.find((a) => a.title.includes(title));
  if (!action) throw new Error(`no action "${title}" for ${code}; offered: ${actions.map((a) => a.title).join(' | ')}`);
  await c.applyCodeAction(action);
  return c.waitForDiagnostics(uri, (ds) => ds.filter((d) => d.code === code).length < count);
}

describe('agent quick fixes (Helix)', () => {
  it("writes Windsurf's trigger as always_on, and nothing is left to report", async () => {
    const ws = copyAgentFixture('windsurf', 'mistakes');
    const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
    const uri = await c.open(path.join(ws, '.windsurf/rules/spaced.md'));
    const after = await applyFix(c, uri, 'frontmatter/invalid-value', 'Write trigger: always_on');
    expect(c.text(uri)).toBe('---\ntrigger: always_on\n---\nAlways, meant.\n');
    expect(after).toEqual([]);
  });

  it.each([
    ['allways', 'always_on'],
    ['model_decison', 'model_decision'],
    ['manul', 'manual'],
  ])("writes Windsurf's trigger %s, a letter off, as %s", async (slip, meant) => {
    const ws = writeTree(tempDir(), { '.windsurf/rules/slip.md': `---\ntrigger: ${slip}\ndescription: A rule\n---\nBody.\n` });
    const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
    const uri = await c.open(path.join(ws, '.windsurf/rules/slip.md'));
    await applyFix(c, uri, 'frontmatter/invalid-value', `Write trigger: ${meant}`);
    expect(c.text(uri)).toBe(`---\ntrigger: ${meant}\ndescription: A rule\n---\nBody.\n`);
  });

  it('repairs a glued ** glob for Cursor', async () => {
    const ws = copyAgentFixture('cursor', 'mistakes');
    const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
    const uri = await c.open(path.join(ws, '.cursor/rules/glued.mdc'));
    await applyFix(c, uri, 'frontmatter/invalid-glob', 'Write **/*.cs');
    expect(c.text(uri)).toBe('---\nglobs: **/*.cs\n---\nC# rules.\n');
  });

  it('drops the quotes inside a comma list', async () => {
    const ws = copyAgentFixture('cursor', 'mistakes');
    const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
    const uri = await c.open(path.join(ws, '.cursor/rules/quoted.mdc'));
    await applyFix(c, uri, 'frontmatter/invalid-glob', 'Write *.jira, *.confluence');
    expect(c.text(uri)).toBe('---\nglobs: *.jira, *.confluence\n---\nTicket text.\n');
  });

  it('for the xcsh agent, the comma-globs list drops the quotes too', async () => {
    const ws = copyAgentFixture('mixed', 'ok');
    const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
    const uri = await c.open(path.join(ws, '.cursor/rules/typescript.mdc'));
    await c.setText(uri, '---\ndescription: TS\nglobs: "*.ts", "*.tsx"\n---\nBody.\n');
    await applyFix(c, uri, 'frontmatter/comma-globs', 'Write the globs as a list');
    expect(c.text(uri)).toBe('---\ndescription: TS\nglobs: ["*.ts", "*.tsx"]\n---\nBody.\n');
  });

  it('"Add a description" fills the empty description instead of adding a second one', async () => {
    const ws = copyAgentFixture('windsurf', 'mistakes');
    const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
    const uri = await c.open(path.join(ws, '.windsurf/rules/undescribed.md'));
    await c.setText(uri, '---\ntrigger: model_decision\ndescription:\n---\nNo description to decide from.\n');
    await applyFix(c, uri, 'rule/inactive', 'Add a description');
    expect(c.text(uri)).toBe('---\ntrigger: model_decision\ndescription: "No description to decide from."\n---\nNo description to decide from.\n');
  });
});

describe('Claude Code and Copilot files over LSP', () => {
  it('lints a Copilot instructions file and a Claude Code rule by their own keys, with fixes', async () => {
    const ws = tempDir();
    fs.mkdirSync(path.join(ws, '.github/instructions'), { recursive: true });
    fs.mkdirSync(path.join(ws, '.claude/rules'), { recursive: true });
    fs.writeFileSync(path.join(ws, '.github/instructions/cs.instructions.md'), '---\napplyTo: "**.cs"\n---\nC# rules.\n');
    fs.writeFileSync(path.join(ws, '.claude/rules/ts.md'), '---\nglobs: ["**/*.ts"]\n---\nTS rules.\n');
    const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
    const copilot = await c.open(path.join(ws, '.github/instructions/cs.instructions.md'));
    await applyFix(c, copilot, 'frontmatter/invalid-glob', 'Write "**/*.cs"');
    expect(c.text(copilot)).toBe('---\napplyTo: "**/*.cs"\n---\nC# rules.\n');
    const claude = await c.open(path.join(ws, '.claude/rules/ts.md'));
    const ds = await c.waitForDiagnostics(claude, (all) => all.some((d) => d.code === 'rule/foreign-key'));
    expect(String(ds.find((d) => d.code === 'rule/foreign-key')!.message)).toContain('Claude Code reads `paths`');
    await applyFix(c, claude, 'rule/foreign-key', 'Rename the key to paths');
    expect(c.text(claude)).toBe('---\npaths: ["**/*.ts"]\n---\nTS rules.\n');
  });
});
