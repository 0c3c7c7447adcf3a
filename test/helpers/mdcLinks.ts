import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir, writeTree } from './repo';

/**
 * A workspace with a Cursor rule whose `mdc:` links name files every way real rules do (from
 * the workspace folder, from the rule's folder, percent-encoded, with a line fragment), two
 * that name nothing, two that lead out of the workspace to a file that exists there (so a
 * look outside would find it and say nothing), and two in code, which are no links.
 */
export function mdcLinkWorkspace(extra: Record<string, string> = {}): { ws: string; rule: string; outside: string } {
  const outside = tempDir('agentls-outside-');
  fs.writeFileSync(path.join(outside, 'secret.ts'), 'secret\n');
  const ws = tempDir();
  const up = path.relative(path.join(ws, '.cursor', 'rules'), path.join(outside, 'secret.ts')).split(path.sep).join('/');
  writeTree(ws, {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'src/db/schema.ts': 'export {};\n',
    'src/db/my file.ts': 'export {};\n',
    '.cursor/rules/sub/x.mdc': '---\ndescription: X\n---\nX.\n',
    '.cursor/rules/db.mdc': [
      '---',
      'description: Database rules',
      'alwaysApply: false',
      '---',
      'See [the schema](mdc:src/db/schema.ts) and [the old one](mdc:src/db/old.ts).',
      'Beside it [x](mdc:sub/x.mdc), from here [up](mdc:../../src/db/schema.ts), [line](mdc:src/db/schema.ts#L3).',
      `Outside [secret](mdc:${up}) and [abs](mdc:${path.join(outside, 'secret.ts')}).`,
      'Route [page](mdc:app/(group)/page.tsx) and [spaced](mdc:src/db/my%20file.ts).',
      'Code `[no](mdc:gone.ts)` and',
      '',
      '```',
      '[no](mdc:gone2.ts)',
      '```',
      '',
    ].join('\n'),
    ...extra,
  });
  return { ws, rule: path.join(ws, '.cursor', 'rules', 'db.mdc'), outside };
}

/** What agentls reports of `mdcLinkWorkspace`'s rule of text `text`, as [code, line, character] (UTF-16, from 0). */
export function mdcFindings(text: string, outside: string): [string, number, number][] {
  const at = (needle: string): [number, number] => {
    const offset = text.indexOf(needle);
    const before = text.slice(0, offset).split('\n');
    return [before.length - 1, before[before.length - 1].length];
  };
  const up = text.slice(text.indexOf('[secret](') + '[secret]('.length, text.indexOf(')', text.indexOf('[secret](')));
  return [
    ['cursor/mdc-link-missing', ...at('mdc:src/db/old.ts')],
    ['cursor/mdc-link-outside', ...at(up)],
    ['cursor/mdc-link-outside', ...at(`mdc:${path.join(outside, 'secret.ts')}`)],
    ['cursor/mdc-link-missing', ...at('mdc:app/(group)/page.tsx')],
  ];
}
