import * as fs from 'node:fs';
import * as path from 'node:path';
import { minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';
import { AGENT_MODELS, ownerOf } from '../../server/rules/agents';
import { classifyRulePath } from '../../server/workspace/classify';
import { CLAUDE_LOCAL_MEMORY, LEGACY_RULE_FILES, NESTED_RULE_FOLDERS, agentsProjectFolders, clineCandidates, projectRuleFolders } from '../../server/workspace/ruleLocations';

/**
 * The extension's `workspaceContains:` activation events against the rule locations the
 * server reads, taken from the server's own tables and agent models, so that a location
 * added to the server without an activation event fails here (the harness activates the
 * extension itself, so it cannot show a project where it never starts).
 */
const ROOT = path.resolve('/project');
const PACKAGE = JSON.parse(fs.readFileSync(path.join(__dirname, '../../editors/vscode/package.json'), 'utf8')) as { activationEvents: string[] };

/**
 * How VS Code reads `workspaceContains:PATTERN` (its extension host, the function behind
 * workspaceContains in src/vs/workbench/services/extensions/common/workspaceContains.ts, read
 * in code-server 4.139.1's out/vs/workbench/api/node/extensionHostProcess.js): a pattern with
 * `*` or `?` is a file search of the workspace folders; any other is a path under a folder
 * that must exist, a file or a folder. VS Code's globs match dot-named folders (not
 * documented as such; its glob.ts has no dot rule), hence `dot: true`.
 */
function activates(rel: string): boolean {
  return PACKAGE.activationEvents.some((event) => {
    if (!event.startsWith('workspaceContains:')) return false;
    const pattern = event.slice('workspaceContains:'.length);
    if (/[*?]/.test(pattern)) return minimatch(rel, pattern, { dot: true });
    return rel === pattern || rel.startsWith(pattern + '/');
  });
}

/** Concrete paths for a path the agent models name in their `reads` line: `.agent(s)/rules/` gives `.agent/rules/x.md` and `.agents/rules/x.md`. */
function samples(named: string): string[] {
  if (named.startsWith('~')) return [];
  let out = [named];
  out = out.flatMap((s) => (s.includes('(s)') ? [s.replace('(s)', ''), s.replace('(s)', 's')] : [s]));
  out = out.flatMap((s) => {
    const brace = /\{([^}]*)\}/.exec(s);
    return brace ? brace[1].split(',').map((alt) => s.replace(brace[0], alt)) : [s];
  });
  out = out.flatMap((s) => (s.includes('**/') ? [s.replace('**/', ''), s.replace('**/', 'sub/')] : [s]));
  return out.map((s) => s.replace(/\*/g, 'x')).map((s) => (s.endsWith('/') ? `${s}x.md` : s));
}

/** Whether the server lints a workspace-relative path as a rule some agent reads (or a legacy rule file). */
function linted(rel: string): boolean {
  if (ownerOf(rel)?.placement.read) return true;
  const kind = classifyRulePath(path.join(ROOT, rel), { roots: [ROOT], home: path.resolve('/home/user'), profile: 'xcsh' });
  return kind?.kind === 'rule' && (kind.loaded || kind.cause === 'legacy');
}

/** Every rule location the server reads in a project, as a sample file path in each. */
function serverRuleLocations(): string[] {
  const rel = (abs: string) => path.relative(ROOT, abs).split(path.sep).join('/');
  const fromTables = [
    ...projectRuleFolders(ROOT).map((f) => `${rel(f.dir)}/x.md`),
    ...NESTED_RULE_FOLDERS.flatMap((f) => [`${f}/x.md`, `pkg/${f}/x.md`]),
    ...Object.keys(LEGACY_RULE_FILES),
    CLAUDE_LOCAL_MEMORY,
    ...agentsProjectFolders(ROOT, ROOT).map((dir) => `${rel(dir)}/x.md`),
    rel(clineCandidates(ROOT)[0]),
    `${rel(clineCandidates(ROOT)[0])}/x.md`,
  ];
  const named = AGENT_MODELS.flatMap((m) => [...m.reads.matchAll(/`([^`]+)`/g)].map((match) => match[1]));
  const fromModels = named.flatMap(samples).flatMap((s) => [s, `pkg/${s}`]);
  return [...new Set([...fromTables, ...fromModels])].filter(linted);
}

describe('the extension starts in every project the server lints', () => {
  it('has a workspaceContains activation event for each rule location of the server', () => {
    const locations = serverRuleLocations();
    // The derivation itself must find the tools' files, or the check below proves nothing.
    expect(locations).toEqual(expect.arrayContaining(['CLAUDE.md', 'AGENTS.md', '.github/copilot-instructions.md', '.claude/rules/x.md', 'pkg/.cursor/rules/x.mdc']));
    expect(locations.filter((rel) => !activates(rel))).toEqual([]);
  });
});
