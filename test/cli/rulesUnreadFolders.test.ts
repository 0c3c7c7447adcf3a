import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { ALL_UNREAD, ELSEWHERE_LINE, FILE, UNREAD_FOR_FILE, unreadFoldersTree } from '../helpers/unreadRuleFolders';
import { builtCli } from '../helpers/cliWithHome';

/*
 * The rule folders agentls could not read: bare `agentls rules` lists them all (the root's and
 * every package's), `rules --for FILE` only those whose rules could reach FILE, and counts the others.
 */

function rules(ws: string, ...args: string[]): { stdout: string; status: number | null } {
  return builtCli(['rules', ...args], { cwd: ws, root: ws });
}

const paths = (unread: { path: string; code: string }[] | undefined) => unread?.map((u) => [u.path, u.code]);

describe('agentls rules and the rule folders it could not read', () => {
  it('bare: ends with every one, the packages\' included, in text and in --json (unread), with exit 0', () => {
    const { ws, outside } = unreadFoldersTree();
    const json = rules(ws, '--json');
    expect(json.status).toBe(0);
    const buckets = JSON.parse(json.stdout) as RuleBucketsResult;
    expect(paths(buckets.unread)).toEqual(ALL_UNREAD);
    expect(buckets.unread![2].message).toBe('This rule location is a symbolic link that leads to ../gone, which does not exist: Windsurf reads no rules from it.');

    const text = rules(ws);
    expect(text.status).toBe(0);
    // The closing block, each folder with what check says of it, as --for ends.
    expect(text.stdout.endsWith(`\n\nRule folders agentls could not read (their rules are not listed here):\n${buckets.unread!.map((u) => `  ${u.path}: ${u.message}\n`).join('')}`)).toBe(true);
    expect(buckets.unread![0].message).toContain(`symbolic link to ${outside} outside the workspace`);
  });

  it('--for: only the root\'s and those of the package holding the file, and how many others there are', () => {
    const { ws } = unreadFoldersTree();
    const json = rules(ws, '--for', FILE, '--json');
    expect(json.status).toBe(0);
    const forFile = JSON.parse(json.stdout) as RulesForFileResult;
    expect(paths(forFile.unread)).toEqual(UNREAD_FOR_FILE);
    expect(forFile.unreadElsewhere).toBe(2);

    const text = rules(ws, '--for', FILE);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('\n  packages/web/.cursor/rules: This rule location is a symbolic link to ');
    expect(text.stdout).not.toContain('packages/api/');
    expect(text.stdout.endsWith(`\n\n${ELSEWHERE_LINE}\n`)).toBe(true);

    // A file of the other package: its folders, not web's; a file of the root: the root's alone.
    const api = JSON.parse(rules(ws, '--for', 'packages/api/src/a.ts', '--json').stdout) as RulesForFileResult;
    expect(paths(api.unread)).toEqual([ALL_UNREAD[0], ALL_UNREAD[1], ALL_UNREAD[2]]);
    expect(api.unreadElsewhere).toBe(1);
    expect(rules(ws, '--for', 'packages/api/src/a.ts').stdout).toContain('\n1 other rule folder agentls could not read is in a package that does not hold this file, so its rules cannot reach it: `agentls rules` lists it.\n');
  });
});
