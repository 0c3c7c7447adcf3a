import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import type { CheckJson } from '../../server/cli/output';
import { PLAIN_AND_GIT_TREES } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

const BAD = '---\nalwaysApply: "yes"\nglobs: "nomatch/**"\n---\nUse the design tokens.\n';

function agentls(ws: string, ...args: string[]): string {
  const run = builtCli(args, { cwd: ws, root: ws });
  return run.stdout;
}

/** A package whose `.cursor/rules` is a link to a folder of the workspace holding a broken rule. */
function linkedPackage(): string {
  const ws = writeTree(tempDir(), { 'shared/web-rules/bad.mdc': BAD, 'packages/web/src/a.ts': 'export const a = 1;\n' });
  fs.mkdirSync(path.join(ws, 'packages/web/.cursor'));
  fs.symlinkSync('../../../shared/web-rules', path.join(ws, 'packages/web/.cursor/rules'));
  return ws;
}

describe.each(PLAIN_AND_GIT_TREES)('a nested .cursor/rules that is a link to a folder of the workspace (%s)', (_, prepare) => {
  it('has its rule files checked through the link by check, and listed by rules --for', () => {
    const ws = prepare(linkedPackage());
    const report = JSON.parse(agentls(ws, 'check', '--format', 'json')) as CheckJson;
    const seen = report.diagnostics.map((d) => `${d.path} ${d.code}`).sort();
    expect(seen).toEqual(['packages/web/.cursor/rules/bad.mdc context/dead-glob', 'packages/web/.cursor/rules/bad.mdc frontmatter/wrong-type']);
    // What check says of the file when named: the whole check says the same.
    const named = JSON.parse(agentls(ws, 'check', '--format', 'json', 'packages/web/.cursor/rules/bad.mdc')) as CheckJson;
    expect(named.diagnostics.map((d) => `${d.path} ${d.code}`).sort()).toEqual(seen);

    const forFile = JSON.parse(agentls(ws, 'rules', '--for', 'packages/web/src/a.ts', '--json')) as RulesForFileResult;
    const cursor = forFile.agents.find((a) => a.agent === 'cursor');
    expect(cursor?.rules.map((r) => r.name)).toEqual(['bad (packages/web)']);
  });

  it('reports one that links out of the workspace on the link, naming the tool that reads it, and reads nothing there', () => {
    const secret = 'TOP SECRET: a rule outside the workspace';
    const outside = writeTree(tempDir('agentls-outside-'), { 'leaked.mdc': `---\nalwaysApply: "yes"\n---\n${secret}\n`, '.claude/rules/held.md': `${secret}\n` });
    const ws = prepare(writeTree(tempDir(), { 'packages/web/src/a.ts': 'export const a = 1;\n', 'packages/api/src/b.ts': 'export const b = 1;\n' }));
    fs.mkdirSync(path.join(ws, 'packages/web/.cursor'));
    fs.symlinkSync(outside, path.join(ws, 'packages/web/.cursor/rules'));
    fs.symlinkSync(path.join(outside, '.claude'), path.join(ws, 'packages/api/.claude'));
    const real = fs.realpathSync(outside);
    const json = agentls(ws, 'check', '--format', 'json');
    const report = JSON.parse(json) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([
      [
        'packages/api/.claude',
        'rule/link-outside',
        'warning',
        `This folder is a symbolic link out of the workspace: Claude Code's rule folder in it, rules, is ${real}/.claude/rules. Claude Code follows the link and reads the rules there; agentls does not, so they are not checked.`,
      ],
      ['packages/web/.cursor/rules', 'rule/link-outside', 'warning', `This rule location is a symbolic link to ${real} outside the workspace. Cursor follows the link and reads the rules there; agentls does not, so they are not checked.`],
    ]);
    const text = agentls(ws, 'check');
    expect(text).toContain(`packages/web/.cursor/rules:1:1: warning [rule/link-outside] This rule location is a symbolic link to ${real} outside the workspace. Cursor follows the link`);
    expect(text).toContain('packages/api/.claude:1:1: warning [rule/link-outside]');
    for (const out of [json, text]) {
      expect(out).not.toContain(secret);
      expect(out).not.toContain('leaked');
      expect(out).not.toContain('held');
    }
  });
});

describe.each(PLAIN_AND_GIT_TREES)("a package's rule folder that is a link to nothing (%s)", (_, prepare) => {
  it('is reported on the link as unreadable, naming the tool that would read it, as the root one is', () => {
    const ws = prepare(writeTree(tempDir(), { 'packages/web/src/a.ts': 'export const a = 1;\n', 'packages/api/src/b.ts': 'export const b = 1;\n', 'packages/loop/src/c.ts': 'export const c = 1;\n' }));
    fs.mkdirSync(path.join(ws, 'packages/web/.cursor'));
    fs.symlinkSync('../gone', path.join(ws, 'packages/web/.cursor/rules'));
    // The folder holding the rule folder is the link to nothing.
    fs.symlinkSync('../../vendor/claude', path.join(ws, 'packages/api/.claude'));
    // A link to itself: following it goes round for ever.
    fs.mkdirSync(path.join(ws, 'packages/loop/.windsurf'));
    fs.symlinkSync('rules', path.join(ws, 'packages/loop/.windsurf/rules'));
    const report = JSON.parse(agentls(ws, 'check', '--format', 'json')) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([
      ['packages/api/.claude', 'rule/unreadable', 'error', 'This rule location is a symbolic link that leads to ../../vendor/claude, which does not exist: Claude Code reads no rules from it.'],
      ['packages/loop/.windsurf/rules', 'rule/unreadable', 'error', 'This rule location is a symbolic link that goes round in a loop (rules → rules → …) and never reaches a file: Windsurf reads no rules from it.'],
      ['packages/web/.cursor/rules', 'rule/unreadable', 'error', 'This rule location is a symbolic link that leads to ../gone, which does not exist: Cursor reads no rules from it.'],
    ]);
    const text = agentls(ws, 'check');
    expect(text).toContain('packages/web/.cursor/rules:1:1: error [rule/unreadable] This rule location is a symbolic link that leads to ../gone, which does not exist: Cursor reads no rules from it.');
    expect(text).toContain('packages/api/.claude:1:1: error [rule/unreadable]');
    expect(text).toContain('packages/loop/.windsurf/rules:1:1: error [rule/unreadable]');
  });
});

describe.each(PLAIN_AND_GIT_TREES)("a package's rule folder that is a link, in a folder .gitignore leaves out (%s)", (_, prepare) => {
  it('is listed through the link as one not ignored is, and one linked out of the workspace is reported, not followed', () => {
    const secret = 'TOP SECRET: a rule outside the workspace';
    const outside = writeTree(tempDir('agentls-outside-'), { 'leaked.md': `---\ntrigger: always\n---\n${secret}\n` });
    const ws = writeTree(tempDir(), {
      // Agents read rule folders whatever git ignores: the listing keeps real ignored ones, and these the same.
      '.gitignore': 'packages/web/.cursor/\npackages/api/.cursor\npackages/out/.windsurf/\n',
      'shared/web-rules/bad.mdc': BAD,
      'shared/api-cursor/rules/bad.mdc': BAD,
      'packages/web/src/a.ts': 'export const a = 1;\n',
      'packages/api/src/b.ts': 'export const b = 1;\n',
      'packages/out/src/c.ts': 'export const c = 1;\n',
    });
    // The rule folder is the link, in an ignored folder; the ignored folder is the link; a link out in an ignored folder.
    fs.mkdirSync(path.join(ws, 'packages/web/.cursor'));
    fs.symlinkSync('../../../shared/web-rules', path.join(ws, 'packages/web/.cursor/rules'));
    fs.symlinkSync('../../shared/api-cursor', path.join(ws, 'packages/api/.cursor'));
    fs.mkdirSync(path.join(ws, 'packages/out/.windsurf'));
    fs.symlinkSync(outside, path.join(ws, 'packages/out/.windsurf/rules'));
    prepare(ws);
    const json = agentls(ws, 'check', '--format', 'json');
    const report = JSON.parse(json) as CheckJson;
    expect(report.diagnostics.filter((d) => d.code !== 'context/dead-glob').map((d) => `${d.path} ${d.code}`)).toEqual([
      'packages/api/.cursor/rules/bad.mdc frontmatter/wrong-type',
      'packages/out/.windsurf/rules rule/link-outside',
      'packages/web/.cursor/rules/bad.mdc frontmatter/wrong-type',
    ]);
    expect(json).not.toContain(secret);
    expect(json).not.toContain('leaked');
    const forFile = JSON.parse(agentls(ws, 'rules', '--for', 'packages/web/src/a.ts', '--json')) as RulesForFileResult;
    // Every package's rule is listed, the other package's said to apply to its files only.
    expect(forFile.agents.find((a) => a.agent === 'cursor')?.rules.map((r) => r.name).sort()).toEqual(['bad (packages/api)', 'bad (packages/web)']);
  });
});

describe.each(PLAIN_AND_GIT_TREES)("a package's rule folder that is a link to a file (%s)", (_, prepare) => {
  it('is reported on the link as unreadable, naming the tool that would list it, as a link to nothing is', () => {
    const ws = writeTree(tempDir(), { 'packages/notes.txt': 'Some notes.\n', 'packages/web/src/a.ts': 'export const a = 1;\n', 'packages/api/src/b.ts': 'export const b = 1;\n' });
    fs.mkdirSync(path.join(ws, 'packages/web/.cursor'));
    fs.symlinkSync('../../notes.txt', path.join(ws, 'packages/web/.cursor/rules'));
    // The folder holding the rule folder is the link to a file.
    fs.symlinkSync('../notes.txt', path.join(ws, 'packages/api/.windsurf'));
    prepare(ws);
    const report = JSON.parse(agentls(ws, 'check', '--format', 'json')) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([
      ['packages/api/.windsurf', 'rule/unreadable', 'error', "This rule location is a symbolic link that leads to a file, ../notes.txt, not a folder: Windsurf reads no rules from it. Make packages/api/.windsurf/rules a folder (or a link to one) holding the rules: Windsurf's rule files are .md files inside that folder."],
      ['packages/web/.cursor/rules', 'rule/unreadable', 'error', "This rule location is a symbolic link that leads to a file, ../../notes.txt, not a folder: Cursor reads no rules from it. Make packages/web/.cursor/rules a folder (or a link to one) holding the rules: Cursor's rule files are .mdc files inside that folder."],
    ]);
    const text = agentls(ws, 'check');
    expect(text).toContain('packages/web/.cursor/rules:1:1: error [rule/unreadable] This rule location is a symbolic link that leads to a file, ../../notes.txt, not a folder: Cursor reads no rules from it.');
    expect(text).toContain('packages/api/.windsurf:1:1: error [rule/unreadable]');
  });
});

describe.each(PLAIN_AND_GIT_TREES)("a package's rule folder that is a link, seen through a linked folder above it (%s)", (_, prepare) => {
  it('is reported on the rule folder, as one in a real folder is: to nothing, and out of the workspace; nothing outside is read', () => {
    const secret = 'TOP SECRET: a rule outside the workspace';
    const outside = writeTree(tempDir('agentls-outside-'), { 'leaked.mdc': `---\nalwaysApply: "yes"\n---\n${secret}\n` });
    const ws = writeTree(tempDir(), { 'shared/web-cursor/.keep': '', 'shared/api-cursor/.keep': '', 'packages/web/src/a.ts': 'export const a = 1;\n', 'packages/api/src/b.ts': 'export const b = 1;\n' });
    // packages/web/.cursor → shared/web-cursor, whose rules leads nowhere; packages/api/.cursor → shared/api-cursor, whose rules leads out.
    fs.symlinkSync('../gone', path.join(ws, 'shared/web-cursor/rules'));
    fs.symlinkSync(outside, path.join(ws, 'shared/api-cursor/rules'));
    fs.symlinkSync('../../shared/web-cursor', path.join(ws, 'packages/web/.cursor'));
    fs.symlinkSync('../../shared/api-cursor', path.join(ws, 'packages/api/.cursor'));
    prepare(ws);
    const real = fs.realpathSync(outside);
    const json = agentls(ws, 'check', '--format', 'json');
    const report = JSON.parse(json) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([
      ['packages/api/.cursor/rules', 'rule/link-outside', 'warning', `This rule location is a symbolic link to ${real} outside the workspace. Cursor follows the link and reads the rules there; agentls does not, so they are not checked.`],
      ['packages/web/.cursor/rules', 'rule/unreadable', 'error', 'This rule location is a symbolic link that leads to ../gone, which does not exist: Cursor reads no rules from it.'],
    ]);
    const text = agentls(ws, 'check');
    expect(text).toContain('packages/web/.cursor/rules:1:1: error [rule/unreadable] This rule location is a symbolic link that leads to ../gone, which does not exist: Cursor reads no rules from it.');
    expect(text).toContain('packages/api/.cursor/rules:1:1: warning [rule/link-outside]');
    for (const out of [json, text]) {
      expect(out).not.toContain(secret);
      expect(out).not.toContain('leaked');
    }
  });
});

describe.each(PLAIN_AND_GIT_TREES)("a package's rule folder that is a link to a folder holding it (%s)", (_, prepare) => {
  it('is reported once on the link, and not walked: the files it would lead round to are checked once, by their own paths', () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/bad.mdc': BAD, 'packages/web/src/a.ts': 'export const a = 1;\n' });
    fs.mkdirSync(path.join(ws, 'packages/web/.cursor'));
    // The workspace root: a walk of it meets the link again, and again.
    fs.symlinkSync('../../..', path.join(ws, 'packages/web/.cursor/rules'));
    prepare(ws);
    const report = JSON.parse(agentls(ws, 'check', '--format', 'json')) as CheckJson;
    expect(report.diagnostics.map((d) => `${d.path} ${d.code}`).sort()).toEqual(['.cursor/rules/bad.mdc context/dead-glob', '.cursor/rules/bad.mdc frontmatter/wrong-type', 'packages/web/.cursor/rules rule/unreadable']);
    expect(report.diagnostics.find((d) => d.path === 'packages/web/.cursor/rules')?.message).toBe(
      'This rule location is a symbolic link to ../../.., a folder that holds the link itself: a walk of it goes round in a loop, meeting the same files again and again. What Cursor reads there is not documented; agentls does not follow it, so its rules are not checked.',
    );
    const text = agentls(ws, 'check');
    expect(text).toContain('packages/web/.cursor/rules:1:1: error [rule/unreadable] This rule location is a symbolic link to ../../.., a folder that holds the link itself');
    expect(text).not.toContain('packages/web/.cursor/rules/');
  });
});
