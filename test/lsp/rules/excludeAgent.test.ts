import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { COPILOT_EXCLUDABLE_AGENTS } from '../../../server/rules/agents/copilot';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * GitHub Copilot's `excludeAgent` through the real server: a value Copilot does not know
 * is a warning naming Copilot, on the value itself (each element of a list), with the
 * nearest known value as the quick fix when a slip makes it obvious; every known value,
 * written as one string or as a list, gets nothing.
 */
const start = useLspClients(afterEach);

// A file for `applyTo` to match: a glob that matches nothing is a finding of its own (context/dead-glob).
const source = { 'src/app.ts': 'export {};\n' };
const instructions = (excludeAgent: string) => `---\napplyTo: "**/*.ts"\nexcludeAgent: ${excludeAgent}\n---\nReview for security first.\n`;
const invalid = (ds: Diagnostic[]) => ds.filter((d) => d.code === 'frontmatter/invalid-value');

describe('Copilot excludeAgent over LSP', () => {
  it('reports an unknown value as a warning naming Copilot, with no fix when no known value is near', async () => {
    const ws = writeTree(tempDir(), { ...source, '.github/instructions/review.instructions.md': instructions('"codex"') });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.github/instructions/review.instructions.md'));
    const ds = invalid(await c.waitForDiagnostics(uri, (all) => invalid(all).length > 0));
    expect(ds).toHaveLength(1);
    expect(ds[0].severity).toBe(2);
    expect(ds[0].message).toContain('GitHub Copilot knows no excludeAgent value "codex"');
    // What the entry then does, in the user's terms: it keeps the file from no agent.
    expect(ds[0].message).toContain('so it most likely keeps these instructions from no agent.');
    expect(ds[0].range).toEqual({ start: { line: 2, character: 14 }, end: { line: 2, character: 21 } });
    const actions = await c.codeActions(uri, ds[0].range);
    expect(actions.filter((a) => a.title.startsWith('Write excludeAgent'))).toEqual([]);
  });

  it('offers the nearest known value for a slip, and the fix leaves nothing to report', async () => {
    const ws = writeTree(tempDir(), { ...source, '.github/instructions/review.instructions.md': instructions('"code_review"') });
    const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
    const uri = await c.open(path.join(ws, '.github/instructions/review.instructions.md'));
    const [d] = invalid(await c.waitForDiagnostics(uri, (all) => invalid(all).length > 0));
    expect(d.message).toContain('Write code-review.');
    const action = (await c.codeActions(uri, d.range)).find((a) => a.title === 'Write excludeAgent: code-review');
    expect(action).toBeDefined();
    await c.applyCodeAction(action!);
    expect(c.text(uri)).toBe(instructions('"code-review"'));
    expect(await c.waitForDiagnostics(uri, (all) => invalid(all).length === 0)).toEqual([]);
  });

  it('a custom agent\'s name that only starts like a known value (Coder, code-review) gets no fix: it names another agent, not a slip', async () => {
    // Shape from a public repository's review instructions: custom agents listed beside coding-agent.
    const ws = writeTree(tempDir(), { ...source, '.github/instructions/review.instructions.md': instructions('["coding-agent", "Planner", "Coder"]') });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.github/instructions/review.instructions.md'));
    const ds = invalid(await c.waitForDiagnostics(uri, (all) => invalid(all).length === 2));
    expect(ds.map((d) => [d.range.start.character, d.range.end.character])).toEqual([
      [31, 40],
      [42, 49],
    ]);
    for (const d of ds) expect(d.message).not.toContain('Write ');
    expect(ds[1].message).toContain('GitHub Copilot knows no excludeAgent value "Coder"');
    for (const d of ds) expect((await c.codeActions(uri, d.range)).filter((a) => a.title.startsWith('Write excludeAgent'))).toEqual([]);
  });

  it('checks each element of a list, pointing at the element; every known value, as one string or a list, gets nothing', async () => {
    const text = '---\napplyTo: "**"\nexcludeAgent:\n  - cloud-agent\n  - Coding Agent\n  - "codex"\n---\nReview.\n';
    const known: Record<string, string> = {};
    COPILOT_EXCLUDABLE_AGENTS.forEach((agent, i) => {
      known[`.github/instructions/plain-${i}.instructions.md`] = instructions(agent);
      known[`.github/instructions/quoted-${i}.instructions.md`] = instructions(`'${agent}'`);
    });
    known['.github/instructions/flow.instructions.md'] = instructions(JSON.stringify([...COPILOT_EXCLUDABLE_AGENTS]));
    known['.github/instructions/block.instructions.md'] = instructions(`\n${COPILOT_EXCLUDABLE_AGENTS.map((a) => `  - ${a}`).join('\n')}`);
    const ws = writeTree(tempDir(), { ...source, '.github/instructions/review.instructions.md': text, ...known });
    // Pulled (VS Code): an empty answer is an answer, so a quiet file can be waited for.
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.github/instructions/review.instructions.md'));
    const ds = invalid(await c.waitForDiagnostics(uri, (all) => invalid(all).length === 2));
    expect(ds.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character])).toEqual([
      [4, 4, 16],
      [5, 4, 11],
    ]);
    expect(ds[0].message).toContain('Write coding-agent.');
    expect(ds[1].message).not.toContain('Write ');
    const action = (await c.codeActions(uri, ds[0].range)).find((a) => a.title === 'Write excludeAgent: coding-agent');
    await c.applyCodeAction(action!);
    expect(c.text(uri)).toBe(text.replace('Coding Agent', 'coding-agent'));
    for (const rel of Object.keys(known)) {
      const quiet = await c.open(path.join(ws, ...rel.split('/')));
      expect({ rel, ds: await c.waitForDiagnostics(quiet) }).toEqual({ rel, ds: [] });
    }
  });
});
