import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENVIRONMENT } from '../../protocol/launch';
import { chooseLaunch, resolveCommand, serverEnvironment } from '../../editors/vscode/src/serverLaunch';
import { tempDir } from '../helpers/repo';

/**
 * How the VS Code extension picks the way to start the server (it needs no VS Code API,
 * so it runs here; the whole extension runs in a real VS Code from `.ci/run`).
 */
function fakeNode(dir: string, version: string): string {
  const file = path.join(dir, 'node');
  fs.writeFileSync(file, `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
  return file;
}

function serverScript(dir: string): string {
  const file = path.join(dir, 'main.js');
  fs.writeFileSync(file, '');
  return file;
}

describe('choosing how to start the server', () => {
  it('runs the carried server on the configured Node, with VS Code\'s runtime as the fallback', async () => {
    const dir = tempDir();
    const node = fakeNode(dir, 'v22.3.0');
    const choice = await chooseLaunch({ path: undefined, node }, serverScript(dir));
    expect(choice.problems).toEqual([]);
    expect(choice.plans.map((p) => p.kind)).toEqual(['node', 'host']);
    expect(choice.plans[0]).toMatchObject({ kind: 'node', node, label: `${node} (Node 22)` });
  });

  it('looks a bare name up on PATH', async () => {
    const dir = tempDir();
    const node = fakeNode(dir, 'v20.1.0');
    expect(resolveCommand('node', { PATH: `/nonexistent${path.delimiter}${dir}` })).toBe(node);
    const choice = await chooseLaunch({ path: undefined, node: 'node' }, serverScript(dir), { PATH: dir });
    expect(choice.plans[0]).toMatchObject({ kind: 'node', node });
  });

  it('passes over a Node that is missing or too old, and says why, but still starts on VS Code\'s runtime', async () => {
    const dir = tempDir();
    const missing = await chooseLaunch({ path: undefined, node: 'node' }, serverScript(dir), { PATH: path.join(dir, 'empty') });
    expect(missing.plans.map((p) => p.kind)).toEqual(['host']);
    expect(missing.problems.join('\n')).toContain('was not found on PATH');
    const old = await chooseLaunch({ path: undefined, node: fakeNode(dir, 'v18.19.0') }, serverScript(dir));
    expect(old.plans.map((p) => p.kind)).toEqual(['host']);
    expect(old.problems.join('\n')).toContain('is Node 18; the server needs 20 or newer');
  });

  it('starts only the user\'s agentls.path when it is set, and reports it when it is not there', async () => {
    const dir = tempDir();
    const exe = fakeNode(dir, 'v1');
    const set = await chooseLaunch({ path: exe, node: 'node' }, serverScript(dir));
    expect(set.plans).toEqual([{ kind: 'executable', command: exe, args: ['--stdio'], label: exe }]);
    const gone = await chooseLaunch({ path: path.join(dir, 'nope'), node: 'node' }, serverScript(dir));
    expect(gone.plans).toEqual([]);
    expect(gone.problems[0]).toContain('was not found or is not executable');
  });

  it('says so when the carried server is missing', async () => {
    const dir = tempDir();
    const choice = await chooseLaunch({ path: undefined, node: 'node' }, path.join(dir, 'gone.js'));
    expect(choice.plans).toEqual([]);
    expect(choice.problems[0]).toContain('the server this extension carries is missing');
  });
});

describe('the environment the extension starts the server with', () => {
  it('is VS Code\'s with the server environment every editor set-up gives (protocol/launch.ts)', () => {
    expect(serverEnvironment({ PATH: '/usr/bin', MALLOC_ARENA_MAX: '8' })).toEqual({ PATH: '/usr/bin', ...SERVER_ENVIRONMENT });
  });
});

describe('the Helix set-up', () => {
  it('starts the server with the server environment (protocol/launch.ts)', () => {
    const toml = fs.readFileSync(path.join(__dirname, '..', '..', 'editors', 'helix', 'languages.toml'), 'utf8');
    const server = toml.slice(toml.indexOf('[language-server.agentls]'), toml.indexOf('[[language]]'));
    const entries = Object.entries(SERVER_ENVIRONMENT).map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
    expect(server).toContain(`environment = { ${entries.join(', ')} }`);
  });

  it('gives the language of rule files to every single-file rule format the VS Code extension activates on (Zed\'s .rules, Roo Code\'s .roorules)', () => {
    // Seen in Helix 25.01: a `.rules` opened in Helix had no language, so no server started for it.
    const editors = path.join(__dirname, '..', '..', 'editors');
    const toml = fs.readFileSync(path.join(editors, 'helix', 'languages.toml'), 'utf8');
    const rules = toml.slice(toml.indexOf('name = "agent-rules"'));
    const fileTypes = /^file-types = \[(.*)\]$/m.exec(rules);
    if (!fileTypes) throw new Error('languages.toml has no file-types for agent-rules');
    const globs = [...fileTypes[1].matchAll(/glob = "([^"]+)"/g)].map((m) => m[1]).sort();
    const pkg = JSON.parse(fs.readFileSync(path.join(editors, 'vscode', 'package.json'), 'utf8')) as { activationEvents: string[] };
    // The root files of one name (or one name and a mode): `workspaceContains:` without a folder.
    const singleFiles = pkg.activationEvents.filter((e) => e.startsWith('workspaceContains:')).map((e) => e.slice('workspaceContains:'.length)).filter((p) => !p.includes('/') && p.startsWith('.'));
    expect(singleFiles.length).toBeGreaterThan(3);
    expect(globs).toEqual(singleFiles.sort());
  });

  it("roots the rule files' language at the folders the Neovim plugin file takes for a project root", () => {
    const editors = path.join(__dirname, '..', '..', 'editors');
    const toml = fs.readFileSync(path.join(editors, 'helix', 'languages.toml'), 'utf8');
    const rules = toml.slice(toml.indexOf('name = "agent-rules"'));
    const roots = /^roots = \[([^\]]*)\]/m.exec(rules);
    const plugin = fs.readFileSync(path.join(editors, 'nvim', 'lua', 'agentls.lua'), 'utf8');
    const lua = /\broot_markers = \{([^}]*)\}/.exec(plugin);
    const generic = /generic_root_markers = \{([^}]*)\}/.exec(plugin);
    const fallback = /fallback_root_markers = \{([^}]*)\}/.exec(plugin);
    const secondary = /secondary_root_markers = \{([^}]*)\}/.exec(plugin);
    if (!roots || !lua || !generic || !fallback || !secondary) throw new Error('languages.toml has no roots for agent-rules, or agentls.lua no root_markers');
    const names = (list: string): string[] => [...list.matchAll(/["']([^"']+)["']/g)].map((m) => m[1]).sort();
    expect(names(roots[1])).toEqual(names(`${lua[1]},${generic[1]},${secondary[1]},${fallback[1]}`));
  });
});
