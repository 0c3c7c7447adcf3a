import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/**
 * Rule files the xcsh agent skips but their own tool reads (`toolOnly.ts`): a `.gitignore`d
 * `.cursor/rules/x.mdc` (the xcsh agent's walker skips ignored files), and a
 * `.windsurf/rules/x.md` that is a link to a file of the workspace (the xcsh agent keeps regular
 * files only; Windsurf is taken as following links), a Cline global rule (the xcsh agent never
 * looks there) and a legacy `.cursorrules` at the root (Cursor sends it whole). Their hover
 * speaks for that tool, from what the engine read for it (`engine.toolOnlyAnalysis`).
 */
async function server(tree: Record<string, string>, links: [string, string][] = [], homeTree: Record<string, string> = {}) {
  const ws = writeTree(tempDir(), { 'src/a.ts': 'export const a = 1;\n', ...tree });
  for (const [target, link] of links) fs.symlinkSync(target, path.join(ws, link));
  const home = writeTree(tempDir('agentls-home-'), homeTree);
  const c = await start({ folders: [ws], home });
  // `~/NAME`: a file of the home folder, else of the workspace.
  return async (rel: string, line: number, character: number) => {
    const uri = await c.open(rel.startsWith('~/') ? path.join(home, rel.slice(2)) : path.join(ws, rel));
    return hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line, character } }));
  };
}

const IGNORED = { '.gitignore': '.cursor/\n', '.cursor/rules/ign.mdc': '---\nglobs: src/**/*.ts\n---\nPrefer const.\n' };
const CLINE_GLOBAL = { 'Documents/Cline/Rules/api.md': '---\npaths:\n  - src/**\n---\nUse the API client.\n' };
const LINKED = { 'shared/ws.md': '---\ntrigger: model_decision\ndescription: Shared style\n---\nBe brief.\n', '.windsurf/rules/.keep': '' };

/** Per file: its workspace (and home), and what its hover says at each (line, character): a key, then the first line. */
const CASES: { name: string; tree: Record<string, string>; links?: [string, string][]; home?: Record<string, string>; rel: string; at: [number, number, string][] }[] = [
  { name: 'an ignored .cursor/rules file: globs, and how Cursor applies the rule', tree: IGNORED, rel: '.cursor/rules/ign.mdc', at: [[1, 2, '**globs**\n\nCursor reads `globs` (globs): `"src/**/*.ts"`. In Cursor this rule is attached to files matching "src/**/*.ts".'], [0, 1, '**rule `ign`**\n\nCursor attaches this rule while a file matching `src/**/*.ts` is in play (`globs`).\n\nSize: ≈4 tokens (UTF-8 bytes / 4).']] },
  { name: 'a Cline global rule in ~/Documents/Cline/Rules: paths, and how Cline applies the rule', tree: {}, home: CLINE_GLOBAL, rel: '~/Documents/Cline/Rules/api.md', at: [[1, 2, '**paths**\n\nCline reads `paths` (globs): `["src/**"]`. In Cline this rule is sent in every request: Cline 4 and the Cline CLI ignore `paths` (Cline 3.x attached it only while a file matching `src/**` was in play).'], [0, 1, '**rule `api`**\n\nCline applies this rule always: the whole rule is in every request; Cline 4 and the Cline CLI ignore `paths` (Cline 3.x attached it only while a file matching `src/**` was in play).\n\nSize: ≈5 tokens (UTF-8 bytes / 4), sent in every request.']] },
  { name: 'a legacy .cursorrules at the root, which Cursor sends whole: its frontmatter is text, the rule always applies', tree: { '.cursorrules': '---\nalwaysApply: false\n---\nUse tabs.\n' }, rel: '.cursorrules', at: [[1, 2, '**alwaysApply**\n\nCursor reads no frontmatter in this file: it sends the whole file, this block too, in every request.'], [0, 1, '**rule `.cursorrules`**\n\nCursor applies this rule always: the whole rule is in every request.\n\nSize: ≈10 tokens (UTF-8 bytes / 4), sent in every request.']] },
  { name: 'a .windsurf/rules file linked to a file of the workspace: trigger, and how Windsurf applies the rule', tree: LINKED, links: [['../../shared/ws.md', '.windsurf/rules/ws.md']], rel: '.windsurf/rules/ws.md', at: [[1, 2, '**trigger**\n\nWindsurf reads `trigger` (one of always_on, manual, model_decision, glob): `"model_decision"`. In Windsurf this rule is applied when the model judges its description relevant.'], [0, 1, "**rule `ws`**\n\nWindsurf offers this rule's description to the model, which reads the rule when it judges it relevant (`trigger: model_decision`, `description`).\n\nSize: ≈3 tokens (UTF-8 bytes / 4)."]] },
];

describe('hover in a rule file only its own tool reads speaks for that tool', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const hover = await server(c.tree, c.links, c.home);
      for (const [line, character, expected] of c.at) expect(await hover(c.rel, line, character)).toBe(expected);
    });
  }
});
