import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../helpers/repo';
import { cli } from './run';

/** The README's "Command line" synopsis, one entry a command with the lines that continue it. */
function readmeSynopsis(): Map<string, string> {
  const readme = fs.readFileSync(path.join(repoRoot(), 'README.md'), 'utf8');
  const block = /## Command line\n+```sh\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no Command line block');
  const byCommand = new Map<string, string>();
  let current = '';
  for (const line of block[1].split('\n')) {
    const named = /^agentls ([a-z-]+)/.exec(line);
    if (named) current = named[1];
    // A comment after `#` describes; only what comes before it is syntax.
    const syntax = line.replace(/\s#\s.*$/, '');
    if (current) byCommand.set(current, `${byCommand.get(current) ?? ''} ${syntax}`);
  }
  return byCommand;
}

const flags = (text: string) => [...new Set(text.match(/--[a-z][a-z-]*/g) ?? [])].sort();

describe("the README's command line", () => {
  it('names every command there is, and each with the options its help lists in its usage lines', async () => {
    const ws = tempDir();
    const synopsis = readmeSynopsis();
    synopsis.delete('help');
    const help = (await cli(['help'], ws)).stdout;
    const commands = [...help.matchAll(/^ {2}agentls ([a-z][a-z-]*) /gm)].map((m) => m[1]);
    expect([...synopsis.keys()].sort()).toEqual(commands.sort());
    const fromHelp: Record<string, string[]> = {};
    const fromReadme: Record<string, string[]> = {};
    for (const name of commands) {
      const usage = (await cli(['help', name], ws)).stdout;
      // The usage lines are those that start `agentls NAME` (hashline has one a subcommand).
      fromHelp[name] = flags(usage.split('\n').filter((l) => /^(usage: )?agentls /.test(l)).join(' '));
      fromReadme[name] = flags(synopsis.get(name) ?? '');
    }
    expect(fromReadme).toEqual(fromHelp);
  });
});
