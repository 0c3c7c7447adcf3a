import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { cliRulesFor } from '../helpers/rulesFor';

/**
 * Zed's agent reads one rules file, the first of its list at the workspace root (rules/agents/zed.ts
 * has the sources: zed.dev/docs/ai/rules, and its `load_worktree_rules_file`), through the built
 * CLI's `rules`, `rules --json`, `rules --for` and `check`. Shown where the root holds `.rules` or
 * `--agents` names zed, never else.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n' };
const AGENTS = '# Agents\nRun the tests.\n';
const NOTE = "information [context/zed-shadowed] Zed's agent does not read this file: it reads only the first of its rules files at the root, here";

describe("Zed's one rules file", () => {
  it("lists .rules as sent in every request and the files of its list it skips, with no note on those other tools' files", () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.rules': 'Use tabs.\n', '.cursorrules': 'Be brief.\n', 'AGENTS.md': AGENTS });
    const text = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(text).toMatch(/\n {2}Zed's agent: ≈3 tokens in every request\n {4}\.rules: ≈3\n/);
    const zed = text.slice(text.indexOf("\nZed's agent, rules for the whole workspace"));
    expect(zed).toMatch(/\.rules +always, in every request · ≈3 tokens/);
    expect(zed).toMatch(/\.cursorrules +never read: Zed's agent reads only the first of its rules files at the root, here \.rules \(zed\.dev\/docs\/ai\/rules\)/);
    expect(zed).toMatch(/AGENTS\.md +never read: Zed's agent reads only the first of its rules files at the root, here \.rules/);
    const json = JSON.parse(builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout) as RuleBucketsResult;
    const sent = json.alwaysSent!.find((a) => a.agent === 'zed')!;
    expect([sent.totalTokens, sent.items.map((i) => i.path)]).toEqual([3, ['.rules']]);
    const forFile = cliRulesFor(ws, 'src/a.ts', 'zed');
    expect(forFile.map((r) => [r.path, r.applies])).toEqual([['.rules', true], ['.cursorrules', false], ['AGENTS.md', false]]);
    // A .rules with content is the user's file for Zed: AGENTS.md and .cursorrules beside it are there for the
    // tools that read them, so check says nothing of Zed on them (the listing above still says Zed skips them).
    const check = builtCli(['check'], { cwd: ws }).stdout;
    expect(check).not.toContain('zed-shadowed');
  });

  it('says nothing of Zed where the root has no .rules and Zed is not named', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.cursorrules': 'Be brief.\n', 'AGENTS.md': AGENTS, 'CLAUDE.md': '# Claude\n', 'pkg/.rules': 'a package is no worktree root\n' });
    expect(builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout).not.toContain('Zed');
    const check = builtCli(['check'], { cwd: ws }).stdout;
    expect(check).not.toContain('zed');
    expect(check).not.toContain('Zed');
    expect(cliRulesFor(ws, 'src/a.ts', 'zed')).toEqual([]);
  });

  it('passes over a .clinerules folder and takes an empty file, as Zed does', () => {
    // `--agents zed` shows Zed without `.rules`: the first file there, AGENTS.md, once the `.clinerules` folder is passed over.
    const folder = writeTree(tempDir(), { ...SOURCES, '.clinerules/style.md': '# Style\n', 'AGENTS.md': AGENTS, 'GEMINI.md': '# Gemini\n' });
    expect(cliRulesFor(folder, 'src/a.ts', 'zed', 'zed').map((r) => [r.path, r.applies])).toEqual([['AGENTS.md', true], ['GEMINI.md', false]]);
    expect(builtCli(['check', '--agents', 'zed'], { cwd: folder }).stdout).toContain(`GEMINI.md:1:1: ${NOTE} AGENTS.md (zed.dev/docs/ai/rules).`);
    // An empty `.rules` is still the file Zed takes: it sends nothing, and AGENTS.md stays unread.
    const empty = writeTree(tempDir(), { ...SOURCES, '.rules': '\n', 'AGENTS.md': AGENTS });
    expect(builtCli(['check'], { cwd: empty }).stdout).toContain(`AGENTS.md:1:1: ${NOTE} .rules, which is empty, so it sends no rules at all`);
  });

  it("gives a root .rules its model's findings (frontmatter sent as text, bytes not UTF-8), and counts it as checked", () => {
    // Zed sends the file whole, reading no frontmatter (agents/zed.ts): the vector zed-rules-frontmatter.
    const ws = writeTree(tempDir(), { ...SOURCES, '.rules': '---\ndescription: style\n---\nUse tabs.\n' });
    const check = builtCli(['check'], { cwd: ws }).stdout;
    expect(check).toContain(".rules:1:1: information [frontmatter/sent-as-text] Zed's agent sends this file whole in every request");
    const plain = writeTree(tempDir(), { ...SOURCES, '.rules': 'Use tabs.\n' });
    expect(builtCli(['check'], { cwd: plain }).stdout).toMatch(/^Checked 1 rule file among \d+ files: no problems\.\n$/);
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: plain }).stdout) as { summary: { agentFiles: number } };
    expect(json.summary.agentFiles).toBe(1);
    const latin1 = writeTree(tempDir(), { ...SOURCES, '.rules': Buffer.from('Use café.\n', 'latin1') });
    expect(builtCli(['check'], { cwd: latin1 }).stdout).toContain('.rules:1:1: warning [rule/invalid-utf8] This file is not valid UTF-8, so agentls has not checked it: what becomes of the bytes that do not decode is not documented for Zed\'s agent.');
  });

  it("says nothing of a subfolder's .rules, which Zed never reads, nor of a root .rules where the agents named leave Zed out", () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.rules': '---\ndescription: style\n---\nUse tabs.\n', 'pkg/.rules': '---\ndescription: style\n---\nUse tabs.\n' });
    const check = builtCli(['check', '--format', 'json'], { cwd: ws }).stdout;
    expect((JSON.parse(check) as { diagnostics: { path: string }[] }).diagnostics.map((d) => d.path)).toEqual(['.rules']);
    expect(builtCli(['check', 'pkg/.rules'], { cwd: ws }).stdout).toContain('found no rule files');
    expect(builtCli(['check', '--agents', 'cursor'], { cwd: ws }).stdout).not.toContain('.rules');
  });

  it('says of a .rules agentls cannot read why, as of the other tools\' single rule files', () => {
    // A link out of the workspace: Zed reads the target (its worktree follows links, as the other tools are taken to), agentls never does.
    const outside = writeTree(tempDir(), { 'notes.md': 'secret\n' });
    const linked = writeTree(tempDir(), { ...SOURCES, 'AGENTS.md': AGENTS });
    fs.symlinkSync(path.join(outside, 'notes.md'), path.join(linked, '.rules'));
    expect(builtCli(['check'], { cwd: linked }).stdout).toContain(
      `.rules:1:1: warning [rule/link-outside] This rule file is a symbolic link to ${path.join(outside, 'notes.md')} outside the workspace. Zed's agent follows the link and reads the rule there; agentls does not, so it is not checked.`,
    );
    const loop = writeTree(tempDir(), { ...SOURCES, 'AGENTS.md': AGENTS });
    fs.symlinkSync('.rules', path.join(loop, '.rules'));
    expect(builtCli(['check'], { cwd: loop }).stdout).toContain(".rules:1:1: error [rule/unreadable] This rule file is a symbolic link that goes round in a loop (.rules → .rules → …) and never reaches a file: Zed's agent cannot read a rule from it.");
    const bytes = writeTree(tempDir(), { ...SOURCES, '.rules': Buffer.from([0x6f, 0x6b, 0x20, 0xff, 0xfe, 0x0a]), 'AGENTS.md': AGENTS });
    expect(builtCli(['check'], { cwd: bytes }).stdout).toContain(".rules:1:1: warning [rule/invalid-utf8] This file is not valid UTF-8, so agentls has not checked it: what becomes of the bytes that do not decode is not documented for Zed's agent.");
  });
});
