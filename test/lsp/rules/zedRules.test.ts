import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { serverRulesFor } from '../../helpers/rulesFor';
import { workCounts } from '../../helpers/workCounts';

/**
 * Zed's one rules file (rules/agents/zed.ts has the sources) through the real server: the files
 * of its list it passes over get a note naming Zed, closed or open, which follows `.rules` on
 * disk; `agentls/rulesForFile` lists what Zed sends. Nothing of Zed where it is not in use.
 */
const start = useLspClients(afterEach);
const zedNotes = (d: Diagnostic[]) => d.filter((x) => x.code === 'context/zed-shadowed');
const zedRules = (r: RulesForFileResult) => r.agents.find((a) => a.agent === 'zed')?.rules ?? [];

describe("Zed's rules file in the server", () => {
  it('notes a closed AGENTS.md and .cursorrules that an empty .rules silences for Zed, lists .rules as sent, and clears the notes once .rules has content', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.rules': '\n', '.cursorrules': 'Be brief.\n', 'AGENTS.md': '# Agents\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const agents = c.uri(path.join(ws, 'AGENTS.md'));
    const cursor = c.uri(path.join(ws, '.cursorrules'));
    const note = zedNotes(await c.waitForDiagnostics(agents, (d) => zedNotes(d).length === 1))[0];
    expect(note.message).toBe("Zed's agent does not read this file: it reads only the first of its rules files at the root, here .rules, which is empty, so it sends no rules at all (zed.dev/docs/ai/rules). Put what it needs in .rules.");
    expect(note.severity).toBe(3);
    // A rule file of the engine's own keeps its other findings beside the note.
    await c.waitForDiagnostics(cursor, (d) => zedNotes(d).length === 1 && d.some((x) => x.code === 'rule/legacy-file'));
    // Written, .rules is the user's file for Zed: the files beside it are there for other tools, and get no note.
    fs.writeFileSync(path.join(ws, '.rules'), 'Use tabs.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.rules')), type: 2 }] });
    await c.waitForDiagnostics(agents, (d) => zedNotes(d).length === 0);
    await c.waitForDiagnostics(cursor, (d) => zedNotes(d).length === 0 && d.some((x) => x.code === 'rule/legacy-file'));
    const rules = zedRules(await serverRulesFor(c, c.uri(path.join(ws, 'src/a.ts'))));
    expect(rules.map((r) => [r.path, r.applies])).toEqual([['.rules', true], ['.cursorrules', false], ['AGENTS.md', false]]);
  });

  it('says nothing of Zed on an open AGENTS.md beside a written .rules, nor in a workspace without .rules', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.rules': 'Use tabs.\n', 'AGENTS.md': '# Agents\n', 'src/a.ts': 'x\n' });
    const plain = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursorrules': 'Be brief.\n', 'AGENTS.md': '# Agents\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws, plain], home: tempDir() });
    const open = await c.open(path.join(ws, 'AGENTS.md'));
    expect(zedNotes(await c.waitForDiagnostics(open))).toEqual([]);
    const other = await c.open(path.join(plain, 'AGENTS.md'));
    expect(zedNotes(await c.waitForDiagnostics(other))).toEqual([]);
    expect(zedRules(await serverRulesFor(c, c.uri(path.join(plain, 'src/a.ts'))))).toEqual([]);
  });

  it("pushes for a closed root .rules what check says of it, as Zed's agent reads it", async () => {
    // The file index hands the closed-file lint `.rules` as check's walk takes it (test/cli/zedRules.test.ts for check's side).
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.rules': '---\ndescription: style\n---\nUse tabs.\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const got = await c.waitForDiagnostics(c.uri(path.join(ws, '.rules')), (d) => d.length > 0);
    expect(got.map((d) => [d.code, d.severity, d.range.start.line, d.range.end.line])).toEqual([['frontmatter/sent-as-text', 3, 0, 2]]);
    expect(got[0].message).toContain("Zed's agent sends this file whole in every request");
  });

  it('says of a closed .rules that is not UTF-8 what check says, the file index handing it to the closed-file lint', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.rules': Buffer.from([0x6f, 0x6b, 0x20, 0xff, 0xfe, 0x0a]), 'AGENTS.md': '# Agents\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const found = await c.waitForDiagnostics(c.uri(path.join(ws, '.rules')), (d) => d.some((x) => x.code === 'rule/invalid-utf8'));
    expect(found.map((d) => d.code)).toEqual(['rule/invalid-utf8']);
  });

  it.each(['helix', 'neovim'] as const)('judges an open .rules from its buffer, opened as the server starts (%s: `hx .rules`) and edited', async (client) => {
    // Seen in Helix 25.01: `hx .rules` on a .rules with a frontmatter block showed nothing, and
    // opened later the note stayed whatever the buffer said: the closed-file lint passes over an
    // open file, and the buffer's own diagnosis took only rule and Markdown files.
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.rules': '---\ndescription: style\n---\nUse tabs.\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir(), client });
    const uri = await c.open(path.join(ws, '.rules'), undefined, 'agent-rules');
    const got = await c.waitForDiagnostics(uri, (d) => d.length > 0);
    expect(got.map((d) => [d.code, d.range.start.line, d.range.end.line])).toEqual([['frontmatter/sent-as-text', 0, 2]]);
    await c.setText(uri, 'Use tabs.\n');
    await c.waitForDiagnostics(uri, (d) => d.length === 0);
    await c.setText(uri, '---\nglobs: "*.ts"\nalwaysApply: true\n---\nUse tabs.\n');
    const back = await c.waitForDiagnostics(uri, (d) => d.length > 0);
    expect(back.map((d) => [d.code, d.range.start.line, d.range.end.line])).toEqual([['frontmatter/sent-as-text', 0, 3]]);
  });
});

describe("a keystroke in a file of Zed's list where Zed's view is shown", () => {
  /** How often the server redid Zed's files on each keystroke (`context-zed-rules`, `server/workspace/testCounts.ts`): the other open ones diagnosed again, the closed ones' notes published again. */
  it('redoes nothing of Zed for a keystroke in AGENTS.md or CLAUDE.md beside .rules, and does for one in .rules', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.rules': 'Use tabs.\n', 'AGENTS.md': '# A\n\nText.\n', 'CLAUDE.md': '# C\n', 'GEMINI.md': '# G\n', '.cursorrules': 'Be brief.\n' });
    const work = workCounts();
    const c = await start({ folders: [ws], home: tempDir(), env: work.env });
    const uris = await Promise.all(['AGENTS.md', 'CLAUDE.md', 'GEMINI.md', '.cursorrules', '.rules'].map((n) => c.open(path.join(ws, n))));
    for (const u of uris) await c.waitForDiagnostics(u);
    const redone = async (name: string): Promise<number> => {
      const key = `context-zed-rules ${path.join(ws, name)}`;
      const before = work.counts()[key] ?? 0;
      await c.type(c.uri(path.join(ws, name)), { line: 0, character: 0 }, 'x');
      // Answered after the change notification was handled: Zed's work, if any, was counted by then.
      await serverRulesFor(c, c.uri(path.join(ws, 'AGENTS.md')));
      return (work.counts()[key] ?? 0) - before;
    };
    expect(await redone('AGENTS.md')).toBe(0);
    expect(await redone('CLAUDE.md')).toBe(0);
    // The file Zed reads: whether it is empty decides the notes on the others.
    expect(await redone('.rules')).toBe(1);
  });

  it("reads a typed import of CLAUDE.md once, as where Zed is not in use: Zed's note on it is not made again from every file's views", async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.rules': 'Use tabs.\n', 'CLAUDE.md': '# Project\n\nSee @notes/n0.md and @notes/later.md.\n\nText.\n', 'notes/n0.md': 'First.\n', 'notes/extra.md': 'Extra.\n' });
    const work = workCounts();
    const c = await start({ folders: [ws], home: tempDir(), env: work.env, client: 'helix' });
    const missing = (d: Diagnostic[]) => d.some((x) => x.code === 'claude/import-missing' && String(x.message).includes('notes/later.md'));
    const uri = await c.open(path.join(ws, 'CLAUDE.md'));
    await c.waitForDiagnostics(uri, missing);
    const extra = path.join(ws, 'notes/extra.md');
    const reads = () => work.counts()[`disk-read ${extra}`] ?? 0;
    const before = reads();
    await c.type(uri, { line: 4, character: 0 }, '@notes/extra.md ');
    // Published with the buffer's version: the diagnosis of the keystroke, Zed's note with it, is done.
    await c.waitForDiagnostics(uri, missing);
    expect(reads() - before).toBe(1);
    // And a keystroke after it in a line with no import reads it no more.
    await c.type(uri, { line: 4, character: 0 }, 'x');
    await c.waitForDiagnostics(uri, missing);
    expect(reads() - before).toBe(1);
  });

  it('still tells an open AGENTS.md when typing empties the file Zed reads, .rules or, under rules.agents, another', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.rules': 'Use tabs.\n', 'AGENTS.md': '# A\n' });
    // Helix's client: diagnostics pushed with the buffer's version, none asked for (a pull would diagnose AGENTS.md afresh).
    const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
    const agents = await c.open(path.join(ws, 'AGENTS.md'));
    const rules = await c.open(path.join(ws, '.rules'));
    await c.type(agents, { line: 1, character: 0 }, 'Text.\n');
    await c.waitForDiagnostics(agents, (d) => zedNotes(d).length === 0);
    await c.setText(rules, '\n');
    await c.waitForDiagnostics(agents, (d) => zedNotes(d).length === 1 && String(zedNotes(d)[0].message).includes('here .rules, which is empty'));
    // A keystroke in AGENTS.md itself keeps its note.
    await c.type(agents, { line: 1, character: 0 }, 'More. ');
    await c.waitForDiagnostics(agents, (d) => zedNotes(d).length === 1 && String(zedNotes(d)[0].message).includes('here .rules, which is empty'));
    await c.setText(rules, 'Use spaces.\n');
    await c.waitForDiagnostics(agents, (d) => zedNotes(d).length === 0);

    // AGENT.md, before AGENTS.md in Zed's list, is no rule file of the engine's: only Zed's own work tells AGENTS.md.
    const other = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'AGENT.md': 'Be brief.\n', 'AGENTS.md': '# A\n' });
    const z = await start({ folders: [other], home: tempDir(), client: 'helix', settings: { rules: { agents: ['zed'] } } });
    const open = await z.open(path.join(other, 'AGENTS.md'));
    const read = await z.open(path.join(other, 'AGENT.md'));
    await z.type(open, { line: 1, character: 0 }, 'Text.\n');
    await z.waitForDiagnostics(open, (d) => zedNotes(d).length === 1 && String(zedNotes(d)[0].message).includes('here AGENT.md (zed'));
    await z.setText(read, '');
    await z.waitForDiagnostics(open, (d) => zedNotes(d).length === 1 && String(zedNotes(d)[0].message).includes('here AGENT.md, which is empty'));
  });
});
