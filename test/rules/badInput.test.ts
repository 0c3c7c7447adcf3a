import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { RulesEngine } from '../../server/rules/engine';
import { parseFrontmatter } from '../../server/rules/frontmatter';
import type { FileSystem } from '../../server/workspace/fs';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir, writeTree } from '../helpers/repo';

async function engineOn(tree: Record<string, string | Uint8Array>, wrap?: (fs: FileSystem) => FileSystem) {
  const ws = writeTree(tempDir(), tree);
  const home = tempDir();
  const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home, rules: { agents: ['xcsh'] } }));
  session.addFolder(ws);
  const engine = new RulesEngine(session, wrap ? wrap(session.ruleFs) : session.ruleFs);
  await engine.refresh();
  const codes = (rel: string) => engine.findings(path.join(ws, rel)).map((f) => f.code);
  return { ws, engine, codes, view: engine.view(ws)! };
}

/** A billion-laughs frontmatter: nine levels of ten aliases each. */
function yamlBomb(): string {
  const lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(',')}]`);
  return `---\ndescription: bomb\n${lines.join('\n')}\n---\nBody\n`;
}

describe('bad input never crashes or stalls the rules engine', () => {
  it('a YAML alias bomb is stopped by the alias cap, with a diagnostic', async () => {
    const parsed = parseFrontmatter(yamlBomb(), 'seed');
    // Stopped at the cap's hundredth expansion, not after the billion the block asks for.
    expect(parsed.yamlError?.code).toBe('ALIAS_LIMIT');
    const { codes } = await engineOn({ '.xcsh/rules/bomb.md': yamlBomb() });
    // Not read, and said as a YAML error of unknown outcome for the agent, not as what the line fallback makes of it.
    expect(codes('.xcsh/rules/bomb.md')).toEqual(['frontmatter/yaml-error']);
  });

  it('a huge frontmatter is not parsed, and says so', async () => {
    const big = `---\ndescription: big\n${'k: v\n'.repeat(70_000)}---\nBody\n`;
    // Refused before any parse: its metadata never reaches the YAML parser (nor the tab replacement before it).
    const parsed = parseFrontmatter(big, 'xcsh');
    expect([parsed.unread?.code, parsed.layout.metadata, parsed.yamlDocument]).toEqual(['frontmatter/too-large', undefined, undefined]);
    const { codes } = await engineOn({ '.xcsh/rules/big.md': big });
    expect(codes('.xcsh/rules/big.md')).toContain('frontmatter/too-large');
  });

  it('deeply nested YAML does not blow the stack', () => {
    const deep = `---\nx: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n---\nBody\n`;
    const parsed = parseFrontmatter(deep, 'xcsh');
    expect(parsed.body).toBe('Body');
  });

  it('deeply nested YAML behind a stray quote is still refused before parsing', () => {
    // The quote on the first line used to hide every bracket after it from the depth check.
    const deep = `---\ndescription: it's "deep\nx: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n---\nBody\n`;
    const parsed = parseFrontmatter(deep, 'xcsh');
    expect(parsed.yamlError?.code).toBe('TOO_DEEP');
    expect(parsed.body).toBe('Body');
  });

  it('a huge rule file is not analysed but still takes its name', async () => {
    const { codes, view } = await engineOn({ '.xcsh/rules/huge.md': 'x'.repeat(3 * 1024 * 1024), '.cursor/rules/huge.mdc': '---\ndescription: d\n---\nsmall\n' });
    expect(codes('.xcsh/rules/huge.md')).toEqual(['rule/too-large']);
    expect(codes('.cursor/rules/huge.mdc')).toContain('rule/shadowed');
    expect(view.resolution.all.map((e) => e.shadowed)).toEqual([false, true]);
  });

  it('binary and invalid UTF-8 files are read as the agent reads them, with a diagnostic', async () => {
    const { codes, view } = await engineOn({
      '.xcsh/rules/blob.md': new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0, 1, 2, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0]),
      '.xcsh/rules/latin1.md': Buffer.from('---\ndescription: caf\xe9\n---\nna\xefve\n', 'latin1'),
    });
    expect(codes('.xcsh/rules/blob.md')).toContain('rule/binary');
    expect(codes('.xcsh/rules/latin1.md')).toContain('rule/invalid-utf8');
    expect(view.resolution.items.find((r) => r.name === 'latin1')?.description).toBe('caf\ufffd');
  });

  it('merge-conflict markers are reported', async () => {
    const { codes } = await engineOn({ '.cursor/rules/c.mdc': '---\ndescription: c\n---\n<<<<<<< ours\na\n=======\nb\n>>>>>>> theirs\n' });
    expect(codes('.cursor/rules/c.mdc')).toContain('rule/merge-conflict');
  });

  it('an unreadable folder yields nothing; an unreadable file gives the agent warning and a diagnostic', async () => {
    const wrap = (inner: FileSystem): FileSystem => ({
      ...inner,
      readText: (p, o) => (p.endsWith('locked.md') ? Promise.resolve({ ok: false, reason: 'unreadable', message: `${p} cannot be read (EACCES)` }) : inner.readText(p, o)),
      readBytes: (p, o) => inner.readBytes(p, o),
      stat: (p) => inner.stat(p),
      readDir: (p) => (p.endsWith(path.join('.cursor', 'rules')) ? Promise.resolve(undefined) : inner.readDir(p)),
    });
    const { codes, view, ws } = await engineOn({ '.xcsh/rules/locked.md': 'x\n', '.xcsh/rules/ok.md': '---\ndescription: ok\n---\nok\n', '.cursor/rules/hidden-by-perms.mdc': 'x\n' }, wrap);
    expect(codes('.xcsh/rules/locked.md')).toEqual(['rule/unreadable']);
    expect(view.resolution.warnings).toEqual([`[OMP] Failed to read file: ${path.join(ws, '.xcsh/rules/locked.md')}`]);
    expect(view.resolution.items.map((r) => r.name)).toEqual(['ok']);
  });

  it('symlinks, symlink loops and FIFOs in a rule folder are reported, never followed', async () => {
    const ws = writeTree(tempDir(), { '.xcsh/rules/real.md': '---\ndescription: r\n---\nr\n' });
    fs.symlinkSync(path.join(ws, '.xcsh/rules/real.md'), path.join(ws, '.xcsh/rules/link.md'));
    fs.symlinkSync(path.join(ws, '.xcsh/rules/loop.md'), path.join(ws, '.xcsh/rules/loop.md'));
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [path.join(ws, '.xcsh/rules/pipe.md')]);
    const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir(), rules: { agents: ['xcsh'] } }));
    session.addFolder(ws);
    const engine = new RulesEngine(session, session.ruleFs);
    await engine.refresh();
    expect(engine.findings(path.join(ws, '.xcsh/rules/link.md'))[0].message).toContain('symlink');
    expect(engine.findings(path.join(ws, '.xcsh/rules/loop.md'))[0].message).toContain('symbolic link that goes round in a loop');
    expect(engine.findings(path.join(ws, '.xcsh/rules/pipe.md'))[0].message).toContain('not a regular file');
    expect(engine.view(ws)!.resolution.items.map((r) => r.name)).toEqual(['real']);
  });

  it('a .gitignored rule file is not loaded, and says why', async () => {
    const { codes, view } = await engineOn({ '.gitignore': '.cursor/rules/local.mdc\n', '.cursor/rules/local.mdc': '---\ndescription: mine\n---\nlocal\n', '.cursor/rules/shared.mdc': '---\ndescription: s\n---\ns\n' });
    expect(codes('.cursor/rules/local.mdc')).toEqual(['rule/not-read']);
    expect(view.resolution.items.map((r) => r.name)).toEqual(['shared']);
  });
});
