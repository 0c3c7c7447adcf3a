import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, diagnosticShape } from '../../helpers/checkParity';
import { CLINE_DEAD_GLOB, CURSOR_DEAD_GLOB, DEAD_GLOB, WINDSURF_DEAD_GLOB } from '../../helpers/deadGlobRules';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** The debug line the rules state writes when an update listed the rule folders again (`RulesState.apply`). */
const RELISTED_FOR_BUFFER = /rules: rule folders listed again for a buffer change/;
const RELISTED_FOR_DISK = /rules: rule folders listed again for a disk change/;

/** A glob longer than `DEAD_GLOB`, matching no file either: its finding moves, so the typed text's findings differ from the disk's. */
const TYPED_GLOB = 'scripts/**/*.py';

interface Case {
  name: string;
  /** The rule file opened and typed into, from the workspace folder. */
  rel: string;
  /** Its text on disk. */
  text: string;
  /** Lays out the rule folders (links, ignore files) beside the files written. */
  tree: Record<string, string>;
  links: [target: string, link: string][];
  /** Whether the file's findings follow its text: none of a link its tool never follows do. */
  followsText: boolean;
}

/** A rule file at `rel` that is a link to a file of `shared/`, holding `text`. */
function fileLink(name: string, rel: string, text: string, followsText: boolean): Case {
  const target = `shared/${path.basename(rel)}`;
  const up = rel.split('/').slice(1).map(() => '..');
  return { name, rel, text, tree: { [target]: text, [`${path.dirname(rel)}/.keep`]: '' }, links: [[[...up, target].join('/'), rel]], followsText };
}

const CASES: Case[] = [
  {
    name: 'an ignored .cursor/rules/*.mdc (the xcsh agent skips it, Cursor reads it)',
    rel: '.cursor/rules/ign.mdc',
    text: CURSOR_DEAD_GLOB,
    tree: { '.gitignore': '.cursor/\n', '.cursor/rules/ign.mdc': CURSOR_DEAD_GLOB },
    links: [],
    followsText: true,
  },
  {
    name: 'a rule in a .cursor/rules linked to a folder in the workspace',
    rel: '.cursor/rules/lk.mdc',
    text: CURSOR_DEAD_GLOB,
    tree: { 'shared/cursor-rules/lk.mdc': CURSOR_DEAD_GLOB, '.cursor/.keep': '' },
    links: [['../shared/cursor-rules', '.cursor/rules']],
    followsText: true,
  },
  fileLink('a Windsurf rule that is a link to a file in the workspace', '.windsurf/rules/rb.md', WINDSURF_DEAD_GLOB, true),
  fileLink('a Cline rule that is a link (neither Cline nor the xcsh agent reads it)', '.clinerules/rb.md', CLINE_DEAD_GLOB, false),
];

/** The case's workspace, with the rule file's text `text` on disk (through its link, if it is one). */
function project(c: Case, text: string): string {
  const ws = writeTree(tempDir(), {
    '.xcsh/rules/base.md': '---\nalwaysApply: true\n---\nBe brief.\n',
    'src/a.ts': 'export const a = 1;\n',
    ...c.tree,
  });
  for (const [target, link] of c.links) fs.symlinkSync(target, path.join(ws, link));
  fs.writeFileSync(path.join(ws, c.rel), text);
  return ws;
}

describe('typing in a rule file the xcsh agent skips, or reached through a link, over LSP', () => {
  for (const c of CASES) {
    it(`re-reads that file alone, with the findings agentls check gives the saved text: ${c.name}`, async () => {
      const home = tempDir('agentls-home-');
      const ws = project(c, c.text);
      const typed = c.text.replace(DEAD_GLOB, TYPED_GLOB);
      // The same project with the typed text saved: what `agentls check` reports of it is what the buffer must show.
      const before = checkReport(ws, home).get(c.rel) ?? [];
      const after = checkReport(project(c, typed), home).get(c.rel) ?? [];
      if (c.followsText) expect(after).not.toEqual(before);
      else expect(after).toEqual(before);

      const client = await start({ folders: [ws], home, client: 'neovim', initializationOptions: { agentls: { home, log: { level: 'debug' } } } });
      await client.waitForLog(/rules: \d+ rule files/);
      const uri = await client.open(path.join(ws, c.rel), c.text);
      await client.waitForDiagnostics(uri, (ds) => diagnosticShape(ds).join('\n') === before.join('\n'));
      // Versioned publications: only one made for the typed text counts.
      await client.setText(uri, typed);
      const got = await client.waitForDiagnostics(uri, (ds) => diagnosticShape(ds).join('\n') === after.join('\n'));
      expect(diagnosticShape(got)).toEqual(after);
      // A file created beside it on disk is listed again, after the typing (the rules state's
      // updates run one at a time, in order): the line looked for is written, and now.
      fs.writeFileSync(path.join(ws, path.dirname(c.rel), `new${path.extname(c.rel)}`), 'New rule.\n');
      await client.waitForLog(RELISTED_FOR_DISK);
      expect(client.logMessages.filter((m) => RELISTED_FOR_BUFFER.test(m.message)).map((m) => m.message)).toEqual([]);
    });
  }
});
