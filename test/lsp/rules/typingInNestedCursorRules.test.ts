import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, diagnosticShape } from '../../helpers/checkParity';
import { CURSOR_DEAD_GLOB, DEAD_GLOB } from '../../helpers/deadGlobRules';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** The debug line the rules state writes when an update listed the rule folders again (`RulesState.apply`). */
const RELISTED_FOR_BUFFER = /rules: rule folders listed again for a buffer change/;
const RELISTED_FOR_DISK = /rules: rule folders listed again for a disk change/;

/**
 * A Cursor rule in a folder inside `.cursor/rules` (`sub/rb.mdc`): the xcsh agent skips it by
 * its path (`rule/not-read`), Cursor reads it (rules/agents/cursor.ts). Cursor's lint of it
 * (an unclosed `[` in a glob) and its dead glob must follow the buffer as typed, as
 * `agentls check` reports the typed text saved.
 */
const REL = '.cursor/rules/sub/rb.mdc';
const INVALID = CURSOR_DEAD_GLOB.replace(DEAD_GLOB, 'src/[a');
const BROKEN = CURSOR_DEAD_GLOB.replace('---\nRun', 'Run');

const CASES: { name: string; text: string; typed: string }[] = [
  { name: 'a glob typed with an unclosed [ (frontmatter/invalid-glob)', text: CURSOR_DEAD_GLOB, typed: INVALID },
  { name: 'that glob mended', text: INVALID, typed: CURSOR_DEAD_GLOB },
  { name: 'the frontmatter broken (its dead glob goes)', text: CURSOR_DEAD_GLOB, typed: BROKEN },
];

function project(text: string): string {
  return writeTree(tempDir(), {
    '.xcsh/rules/base.md': '---\nalwaysApply: true\n---\nBe brief.\n',
    'src/a.ts': 'export const a = 1;\n',
    [REL]: text,
  });
}

describe('typing in a Cursor rule inside a folder of .cursor/rules, over LSP', () => {
  for (const c of CASES) {
    it(`shows the findings agentls check gives the typed text saved, re-reading that file alone: ${c.name}`, async () => {
      const home = tempDir('agentls-home-');
      const ws = project(c.text);
      const before = checkReport(ws, home).get(REL) ?? [];
      const after = checkReport(project(c.typed), home).get(REL) ?? [];
      expect(after).not.toEqual(before);

      const client = await start({ folders: [ws], home, client: 'neovim', initializationOptions: { agentls: { home, log: { level: 'debug' } } } });
      await client.waitForLog(/rules: \d+ rule files/);
      const uri = await client.open(path.join(ws, REL), c.text);
      await client.waitForDiagnostics(uri, (ds) => diagnosticShape(ds).join('\n') === before.join('\n'));
      await client.setText(uri, c.typed);
      const got = await client.waitForDiagnostics(uri, (ds) => diagnosticShape(ds).join('\n') === after.join('\n'));
      expect(diagnosticShape(got)).toEqual(after);
      // A file created beside it on disk is listed again, after the typing (the rules state's
      // updates run one at a time, in order): the line looked for is written, and now.
      fs.writeFileSync(path.join(ws, path.dirname(REL), 'new.mdc'), 'New rule.\n');
      await client.waitForLog(RELISTED_FOR_DISK);
      expect(client.logMessages.filter((m) => RELISTED_FOR_BUFFER.test(m.message)).map((m) => m.message)).toEqual([]);
    });
  }
});
