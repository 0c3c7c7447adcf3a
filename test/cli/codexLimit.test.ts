import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { cliRulesFor } from '../helpers/rulesFor';

/**
 * Codex stops adding AGENTS.md files once they together reach `project_doc_max_bytes`, 32 KiB
 * by default (its guide, developers.openai.com/codex/guides/agents-md): `agentls check` warns
 * on the file where it stops, for a folder's chain (the root's, then each folder's down to it),
 * when Codex is in use (a `.codex` folder) or named (`--agents codex`).
 */
const LINE = `${'x'.repeat(99)}\n`; // 100 bytes
const big = (lines: number) => LINE.repeat(lines);

function tree(extra: Record<string, string> = {}): string {
  return writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'AGENTS.md': big(200), // 20,000 bytes
    'packages/api/AGENTS.md': `é${big(200)}`, // 20,002 bytes: one character of two bytes first
    'packages/api/deep/AGENTS.md': 'Deep rules.\n',
    'packages/api/deep/x.ts': 'export {};\n',
    ...extra,
  });
}

describe("Codex's default 32 KiB for the AGENTS.md files it reads", () => {
  it('warns where the chain is cut, and on a file past it, when the project has a .codex folder', () => {
    const out = builtCli(['check'], { cwd: tree({ '.codex/config.toml': '' }) }).stdout;
    // 32,768 - 20,000 = 12,768 bytes of the package's file are sent: "é" (2) and 127 lines (12,700), then 66 bytes of line 128, which start at UTF-16 column 66.
    expect(out).toContain('packages/api/AGENTS.md:128:67: warning [context/codex-over-limit] Codex cuts this file here when it runs in packages/api/ or below: with AGENTS.md (20,000 bytes) before it,');
    expect(out).toContain("Codex's default limit of 32 KiB (32,768 bytes, `project_doc_max_bytes`");
    expect(out).toContain('packages/api/deep/AGENTS.md:1:1: warning [context/codex-over-limit] Codex sends none of this file when it runs in packages/api/deep/ or below');
    expect(out).not.toContain('AGENTS.md:1:1: warning [context/codex-over-limit] Codex cuts');
  });

  it('warns on a deeper file checked alone or by its folder, reading the AGENTS.md files above it that were not named', () => {
    const ws = tree({ '.codex/config.toml': '' });
    const none = 'packages/api/deep/AGENTS.md:1:1: warning [context/codex-over-limit] Codex sends none of this file when it runs in packages/api/deep/ or below';
    // A pre-commit hook passes the staged files only: the package's AGENTS.md between the root and it is still in the chain.
    expect(builtCli(['check', 'packages/api/deep/AGENTS.md'], { cwd: ws }).stdout).toContain(none);
    expect(builtCli(['check', 'packages/api/deep'], { cwd: ws }).stdout).toContain(none);
  });

  it('says nothing where Codex is neither in use nor named, and warns when --agents names it', () => {
    const ws = tree();
    expect(builtCli(['check'], { cwd: ws }).stdout).not.toContain('codex-over-limit');
    expect(builtCli(['check', '--agents', 'codex'], { cwd: ws }).stdout).toContain('packages/api/AGENTS.md:128:67: warning [context/codex-over-limit]');
  });

  it('rules --for says Codex sends only the first bytes of the file it cuts, and none of a deeper one', () => {
    const ws = tree({ '.codex/config.toml': '' });
    const out = builtCli(['rules', '--for', 'packages/api/deep/x.ts'], { cwd: ws }).stdout;
    const codex = out.slice(out.indexOf('\nCodex: '));
    const row = (name: string) => codex.split('\n').find((l) => l.trimStart().startsWith(`+ ${name} `) || l.trimStart().startsWith(`- ${name} `)) ?? '';
    // 12,768 bytes of 20,002: ≈3192 tokens sent (the part, not the file's ≈5001).
    expect(row('packages/api/AGENTS.md')).toMatch(/^\s+\+ packages\/api\/AGENTS\.md\s+≈3192 tok\s+for work on files under packages\/api\/ \(Codex reads it when started there or below\): Codex sends only its first 12,768 of its 20,002 bytes \(after AGENTS\.md \(20,000 bytes\), the files it joins reach Codex's default limit of 32 KiB/);
    expect(row('packages/api/AGENTS.md')).not.toContain('the whole file');
    expect(row('packages/api/deep/AGENTS.md')).toMatch(/^\s+- packages\/api\/deep\/AGENTS\.md\s+≈3 tok\s+not sent: Codex would read it for this file, but the files before it, AGENTS\.md \(20,000 bytes\), packages\/api\/AGENTS\.md \(20,002 bytes\), already reach Codex's default limit of 32 KiB/);
    expect(row('AGENTS.md')).toContain('always: the whole rule is in every request');
  });

  it("counts only the part Codex sends of a root AGENTS.md past the limit in its every-request totals", () => {
    // 40,003 bytes: Codex sends its first 32,768, ≈8192 tokens; the AGENTS.md readers the whole, ≈10001.
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.codex/config.toml': '', 'AGENTS.md': `${big(400)}yy\n` });
    const forFile = builtCli(['rules', '--for', 'AGENTS.md'], { cwd: ws }).stdout;
    expect(forFile).toContain('Codex: 1 applies, ≈8192 tokens sent in every request');
    expect(forFile).toContain('AGENTS.md readers: 1 applies, ≈10001 tokens sent in every request');
    const rules = builtCli(['rules'], { cwd: ws }).stdout;
    const codex = rules.slice(rules.indexOf('  Codex: '));
    expect(codex).toMatch(/^ {2}Codex: ≈8192 tokens in every request\n {4}AGENTS\.md: ≈8192\n/);
  });
});

describe("Codex's limit counts a leading byte order mark", () => {
  // Codex reads AGENTS.md as raw bytes (openai/codex, codex-rs/core/src/project_doc.rs): the mark's 3 bytes count toward 32,768.
  const BOM = '\uFEFF';
  const root = (bodyBytes: number) => writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.codex/config.toml': '', 'AGENTS.md': `${BOM}${big(327)}${'y'.repeat(bodyBytes - 32_700)}` });

  it('a file of 32,768 bytes with its mark is sent whole', () => {
    expect(builtCli(['check'], { cwd: root(32_765) }).stdout).not.toContain('codex-over-limit');
  });

  it('one more byte and Codex cuts it, at the last byte of the text after the mark', () => {
    const out = builtCli(['check'], { cwd: root(32_766) }).stdout;
    // 32,768 - 3 = 32,765 bytes of text are sent: 327 lines (32,700), then 65 bytes of line 328.
    expect(out).toContain('AGENTS.md:328:66: warning [context/codex-over-limit] Codex cuts this file here when it runs at the project root or below: it reaches');
    const forFile = builtCli(['rules', '--for', 'AGENTS.md'], { cwd: root(32_766) }).stdout;
    expect(forFile).toContain('Codex sends only its first 32,768 of its 32,769 bytes');
  });
});

describe("Codex's limit on a deep chain of AGENTS.md files", () => {
  it('names the first files before a file it drops and counts the rest, so a finding stays short however deep the chain', () => {
    // 60 folders down, each with an AGENTS.md of 15,000 bytes: before, the deepest file's finding named all 59 above it (and the check printed every such list, quadratic in the depth).
    const files: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n', '.codex/config.toml': '' };
    let dir = '';
    for (let i = 0; i < 60; i++) {
      dir += `d${i}/`;
      files[`${dir}AGENTS.md`] = big(150);
    }
    const out = builtCli(['check'], { cwd: writeTree(tempDir(), files) }).stdout;
    const deepest = out.split('\n').find((l) => l.startsWith(`${dir}AGENTS.md:1:1: warning [context/codex-over-limit] Codex sends none`)) ?? '';
    expect(deepest).toContain('the files it reads before it, d0/AGENTS.md (15,000 bytes), d0/d1/AGENTS.md (15,000 bytes), d0/d1/d2/AGENTS.md (15,000 bytes) and 56 more (885,000 bytes in all), already reach');
    expect(deepest.length).toBeLessThan(2000);
  });
});

describe('an AGENTS.md in the chain too large for agentls to read', () => {
  it('is counted by its size, so the warning lands on the deeper file Codex then sends none of', () => {
    // 3,000,000 bytes, over agentls's 2 MiB cap: Codex reads it all the same and spends what is left of its 32 KiB on it.
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.codex/config.toml': '',
      'AGENTS.md': 'Root rules.\n',
      'packages/api/AGENTS.md': big(30000),
      'packages/api/deep/AGENTS.md': 'Deep rules.\n',
      'packages/api/deep/x.ts': 'export {};\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain('packages/api/deep/AGENTS.md:1:1: warning [context/codex-over-limit] Codex sends none of this file when it runs in packages/api/deep/ or below: the files it reads before it, AGENTS.md (12 bytes), packages/api/AGENTS.md (3,000,000 bytes), already reach');
    expect(out).not.toMatch(/^AGENTS\.md:.*codex-over-limit/m);
    const deep = cliRulesFor(ws, 'packages/api/deep/x.ts', 'codex').find((r) => r.path === 'packages/api/deep/AGENTS.md');
    expect(deep?.applies).toBe(false);
    expect(deep?.reason).toContain('not sent: Codex would read it for this file, but the files before it, AGENTS.md (12 bytes), packages/api/AGENTS.md (3,000,000 bytes), already reach');
  });
});

describe('which AGENTS.md Codex takes as nearest to a file', () => {
  it('is the nearest it sends: never a deeper file it sends none of, past its limit', () => {
    // The deep file is nearest to x.ts, but Codex sends none of it: the root's and the package's reach 32 KiB first.
    const rules = cliRulesFor(tree({ '.codex/config.toml': '' }), 'packages/api/deep/x.ts', 'codex');
    for (const r of rules) expect(r.reason).not.toContain('packages/api/deep/AGENTS.md is nearer');
    expect(rules.find((r) => r.path === 'AGENTS.md')?.reason).toContain('packages/api/AGENTS.md is nearer to this file and takes precedence where they conflict');
    expect(rules.find((r) => r.path === 'packages/api/AGENTS.md')?.reason).toContain('the nearest AGENTS.md to this file: it takes precedence where they conflict');
  });
});
