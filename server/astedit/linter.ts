import * as path from 'node:path';
import { throwIfCancelled, type Cancellation } from '../core/cancel';
import type { Finding } from '../core/findings';
import type { FileSystem } from '../workspace/fs';
import type { LintNotes, LintScope, WorkspaceLinter } from '../workspace/linter';
import type { WorkspaceSession } from '../workspace/session';
import { refreshedEngine } from '../rules/sessionEngine';
import { ruleUrlFiles } from './internalUrl';
import { lintRecipe, RECIPE_CODES } from './recipeLint';
import { createAstBackend } from './workerBackend';

const MAX_RECIPE_BYTES = 256 * 1024;

/**
 * `agentls check` for ast-edit recipes: every `astedit/…` finding of the workspace's
 * `*.astedit.yaml|yml|json` files (or of the given files), including the dry run's
 * (paths that do not exist, patterns that match nothing, overlaps).
 */
export const astEditLinter: WorkspaceLinter = {
  id: 'astedit',
  describe: (code) => RECIPE_CODES[code],
  codes: Object.keys(RECIPE_CODES),
  async lint(session: WorkspaceSession, fs: FileSystem, scope: LintScope, cancel: Cancellation, notes?: LintNotes): Promise<Map<string, Finding[]>> {
    const out = new Map<string, Finding[]>();
    const recipes = scope.files.filter((f) => session.classify(f).kind === 'astedit');
    if (recipes.length === 0) return out;
    const backend = createAstBackend();
    try {
      for (const file of recipes.sort()) {
        throwIfCancelled(cancel);
        const kind = session.classify(file);
        if (kind.kind !== 'astedit') continue;
        notes?.judged?.(file, 'recipe');
        const read = await fs.readText(file, { maxBytes: MAX_RECIPE_BYTES });
        if (!read.ok) {
          out.set(file, [{ code: 'astedit/recipe-shape', severity: 'error', message: `The recipe cannot be read: ${read.message}`, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }]);
          continue;
        }
        const root = session.rootOf(file) ?? path.dirname(file);
        const lint = await lintRecipe(read.text, kind.format, {
          backend,
          // `rule://` entries resolve over the discovery the rules linters of the same run share.
          run: { root, fs, workspace: session, maxFiles: session.settings.astEdit.maxFiles, cancel, internalUrls: ruleUrlFiles(() => refreshedEngine(session, cancel)) },
        });
        if (lint.findings.length) out.set(file, lint.findings);
      }
    } finally {
      backend.dispose?.();
    }
    return out;
  },
};
