import * as path from 'node:path';
import { compareBytes } from '../model';
import { clineGlobalRuleFolders } from '../../workspace/ruleLocations';

/**
 * Which of Cline's rule files Cline 4 and the Cline CLI keep when two have one id. Their loader
 * (cline/cline, sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts,
 * `createRulesConfigDefinition`) gives each rule the id `normalizeName(rule.name)`: its `name`
 * trimmed, else its file name less its last extension (`resolveRuleFallbackName`:
 * `basename(file, extname(file))`, trimmed), then lower-cased either way. The watcher
 * (unified-config-file-watcher.ts, `loadDefinition`) reads the search paths in order and does
 * `records.set(id, …)` for every file that parses, so a later one replaces an earlier one of its id;
 * a file that does not parse (`clineRuleDropped` but `disabled`) sets nothing, and one switched off
 * still replaces (only the runtime leaves it out, sdk/packages/core/src/runtime/rules.ts,
 * `isRuleEnabled`). The search paths (sdk/packages/shared/src/storage/paths.ts,
 * `resolveRulesConfigSearchPaths`): the workspace's `AGENTS.md`, `.clinerules` (a file, or a
 * folder's files), `.cline/rules`, `~/.agents/AGENTS.md`, `~/.cline/rules` (`$CLINE_DIR/rules`,
 * which agentls does not read), `~/Documents/Cline/Rules`; `~/Cline/Rules` is none of them.
 * Within one folder the files come in the order `readdir` gives them, unsorted
 * (`discoverRulesLikeFiles`), so which of two there is kept is not determined. The two
 * `AGENTS.md` files, ids "workspace agents.md" and "global agents.md" (`resolveRuleFallbackName`),
 * are not modelled here.
 */
export const CLINE_WATCHER = 'cline/cline, sdk/packages/core/src/extensions/config/unified-config-file-watcher.ts, `loadDefinition`';

/** A rule file Cline 4 loads: where it is, the rank of its search path, its id, and whether it is switched off. */
export interface ClineLoaded {
  path: string;
  rank: number;
  id: string;
  off: boolean;
}

/** What happens to a loaded file for its id: replaced by the files of a later search path (`by`), or one of files of one folder (`tied`: the others), one of which is kept. */
export type ClineIdClash = { by: readonly ClineLoaded[] } | { tied: readonly ClineLoaded[]; counted: boolean };

/** The rank of the search path a file of Cline's is read from (the notes above), or undefined where Cline 4 reads it from none agentls models. */
export function clineSearchRank(p: string, cwd: string, home: string): number | undefined {
  const clinerules = path.join(cwd, '.clinerules');
  if (p === clinerules) return 1;
  const folders = [clinerules, path.join(cwd, '.cline', 'rules'), ...clineGlobalRuleFolders(home, true)];
  const at = folders.indexOf(path.dirname(p));
  // `.clinerules` 1, `.cline/rules` 2, `~/.cline/rules` 4, `~/Documents/Cline/Rules` 5 (3 and 0 are the `AGENTS.md` files).
  return at < 0 ? undefined : [1, 2, 4, 5][at];
}

/** The id Cline 4 gives a rule file with this `name` (its frontmatter's, as read), or undefined where it would load none (no name left). */
export function clineRuleId(p: string, name: unknown): string | undefined {
  const written = typeof name === 'string' ? name.trim() : '';
  const id = (written || path.basename(p, path.extname(p)).trim()).toLowerCase();
  return id === '' ? undefined : id;
}

/** The files that lose or may lose their id (`ClineIdClash`), by path; the rest are kept. In a tie, the first by name is the one `counted`. */
export function clineIdClashes(loaded: readonly ClineLoaded[]): Map<string, ClineIdClash> {
  const byId = new Map<string, ClineLoaded[]>();
  for (const file of loaded) byId.set(file.id, [...(byId.get(file.id) ?? []), file]);
  const out = new Map<string, ClineIdClash>();
  for (const files of byId.values()) {
    if (files.length < 2) continue;
    const last = Math.max(...files.map((f) => f.rank));
    const kept = files.filter((f) => f.rank === last).sort((a, b) => compareBytes(a.path, b.path));
    for (const f of files) if (f.rank !== last) out.set(f.path, { by: kept });
    if (kept.length > 1) for (const f of kept) out.set(f.path, { tied: kept.filter((o) => o !== f), counted: f === kept[0] });
  }
  return out;
}

/** The clash as a sentence naming Cline 4 and the Cline CLI (`shown`: a path as reports show it), with the source. */
export function clineClashWhy(clash: ClineIdClash, id: string, shown: (p: string) => string): string {
  if ('by' in clash) {
    const [first, ...more] = clash.by;
    const names = clash.by.map((f) => `\`${shown(f.path)}\``).join(' and ');
    const off = clash.by.every((f) => f.off) ? `, though switched off, so no rule \`${id}\` is sent at all` : '';
    const replaces = more.length ? `${names}, read after it, have its id \`${id}\`, and one of them replaces it${off}` : `${names}, read after it, has its id \`${id}\` and replaces it${first.off ? off : ''}`;
    return `Cline 4 and the Cline CLI send no part of this rule: ${replaces} (a rule's id is its \`name\`, else its file name less the extension, in lower case; ${CLINE_WATCHER}).`;
  }
  const others = clash.tied.map((f) => `\`${path.basename(f.path)}\``).join(' and ');
  return `Cline 4 and the Cline CLI keep one rule of id \`${id}\` from this folder, where ${others} ${clash.tied.length > 1 ? 'have' : 'has'} it too: one of these files is dropped, and which is not determined, as their loader takes a folder's files in the order the file system lists them (a rule's id is its \`name\`, else its file name less the extension, in lower case; ${CLINE_WATCHER}).`;
}

/** The clash as the listings say it, a clause after the rule's name and path. */
export function clineClashListed(clash: ClineIdClash, id: string, shown: (p: string) => string): string {
  if ('by' in clash) return `not sent by Cline 4 and the Cline CLI: ${clash.by.map((f) => shown(f.path)).join(' or ')}, read after it, has its id \`${id}\` and replaces it`;
  return `not counted: Cline 4 and the Cline CLI keep one of the files of id \`${id}\` in this folder (${[...clash.tied].map((f) => path.basename(f.path)).join(', ')} too), which one not determined`;
}
