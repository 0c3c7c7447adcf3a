import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../../helpers/lspClient';
import { tempDir, writeTree } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/** The debug line the server writes when it lists a folder on disk for a dead glob (`ReachByRoot.judgeGlobs`). */
const WALK = /rules in context: listing (.*) of .* on disk for ignored files a dead glob may match/;

/**
 * `globs: java/**\/*.java, nomatch/**\/*.zz` is two globs for Cursor (it splits the string at
 * commas) and one for the xcsh agent (rules.md §2.1). No dead-glob finding is ever made of the
 * xcsh agent's reading: where the workspace has no `.xcsh` folder its findings are not made
 * for Cursor's files (`targets.ts`), and where it has one the comma string has its own lint
 * finding (`frontmatter/comma-globs`). So `java/`, that reading's literal folder, is never
 * listed on disk for it; Cursor's dead `nomatch/**\/*.zz` is reported (its folder is not there).
 */
const RULE = '---\ndescription: x\nglobs: java/**/*.java, nomatch/**/*.zz\nalwaysApply: false\n---\nBody.\n';

describe("a glob only an unreported reading has (the xcsh agent's of Cursor's comma list)", () => {
  for (const [name, extra] of [
    ['without a .xcsh folder', {}],
    ['with a .xcsh folder', { '.xcsh/rules/other.md': '---\nalwaysApply: true\n---\nBe brief.\n' }],
  ] as const) {
    it(`is not looked for on disk (${name})`, async () => {
      const tree: Record<string, string> = { ...extra, '.cursor/rules/r.mdc': RULE };
      for (let i = 0; i < 5; i++) tree[`java/p${i}/A${i}.java`] = 'class A {}\n';
      const ws = writeTree(tempDir('agentls-unreported-globs-'), tree);
      const c = await start({ folders: [ws], client: 'neovim', initializationOptions: { agentls: { log: { level: 'debug' } } } });
      const uri = await c.open(path.join(ws, '.cursor/rules/r.mdc'));
      // Cursor's dead glob is reported once judged: every glob followed then was judged with it (the log line comes first).
      await c.waitForDiagnostics(uri, (d: Diagnostic[]) => d.some((x) => x.code === 'context/dead-glob' && String(x.message).includes('"nomatch/**/*.zz"')), 20_000);
      const walks = c.logMessages.map((m) => WALK.exec(m.message)?.[1]).filter((w): w is string => w !== undefined);
      expect(walks).not.toContain('java/');
    });
  }
});
