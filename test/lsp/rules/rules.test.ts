import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { copyFixture } from '../../helpers/repo';

const start = useLspClients(afterEach);

const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);
const byCode = (ds: Diagnostic[], code: string) => ds.find((d) => d.code === code);

/** A fresh copy of the demo workspace and its home folder. */
function demo(): { ws: string; home: string; file: (rel: string) => string } {
  const ws = copyFixture('demo');
  const home = copyFixture('demo-home');
  return { ws, home, file: (rel) => path.join(ws, ...rel.split('/')) };
}

for (const preset of ['vscode', 'neovim', 'helix'] as const) {
  describe(`rules over LSP (${preset})`, () => {
    it('pushes diagnostics for rule files that are not open: shadowing, broken frontmatter, legacy and unbucketed files', async () => {
      const { ws, home, file } = demo();
      const c = await start({ folders: [ws], home, client: preset });
      const style = await c.waitForDiagnostics(c.uri(file('.cursor/rules/style.mdc')), (ds) => ds.some((d) => d.code === 'rule/shadowed'));
      const shadowed = byCode(style, 'rule/shadowed')!;
      expect(shadowed.severity).toBe(1);
      expect(shadowed.source).toBe('agentls');
      // The message names the winning file and its provider on its own (Helix hides relatedInformation).
      expect(shadowed.message).toContain('.xcsh/rules/style.md');
      expect(shadowed.message).toContain("xcsh's own folder");
      expect(shadowed.message).not.toContain('OMP');
      if (preset === 'helix') expect(shadowed.relatedInformation).toBeUndefined();
      else expect(shadowed.relatedInformation?.[0].location.uri).toBe(c.uri(file('.xcsh/rules/style.md')));

      const testing = await c.waitForDiagnostics(c.uri(file('.cursor/rules/testing.mdc')), (ds) => ds.some((d) => d.code === 'frontmatter/fallback-string'));
      const fallback = byCode(testing, 'frontmatter/fallback-string')!;
      expect(fallback.severity).toBe(1);
      expect(fallback.range.start.line).toBe(3);
      expect(fallback.message).toMatch(/alwaysApply/);
      expect(byCode(testing, 'frontmatter/yaml-error')?.severity).toBe(2);

      const legacy = await c.waitForDiagnostics(c.uri(file('.cursorrules')), (ds) => ds.length > 0);
      // Judged by Cursor (its file) and the xcsh agent (the workspace has .xcsh): each says what it does.
      expect(codes(legacy)).toEqual(['rule/not-read', 'rule/legacy-file']);
      expect(legacy[0].message).toMatch(/^Cursor reads this file, but the xcsh agent never does: /);
      expect(legacy[1].message).toMatch(/^Cursor still reads this legacy file/);
      const cline = await c.waitForDiagnostics(c.uri(file('.clinerules/commits.md')), (ds) => ds.length > 0);
      expect(codes(cline)).toContain('rule/no-bucket');
      const userStyle = await c.waitForDiagnostics(c.uri(path.join(home, '.cursor/rules/style.mdc')), (ds) => ds.length > 0);
      expect(codes(userStyle)).toContain('rule/shadowed');
    });

    it('answers agentls/ruleBuckets, and its command twin shows the same as a report', async () => {
      const { ws, home } = demo();
      const c = await start({ folders: [ws], home, client: preset });
      const result = await c.request<RuleBucketsResult>('agentls/ruleBuckets', {});
      expect(result.root).toBe(ws);
      expect(result.buckets).toEqual({ ttsr: ['no-console'], alwaysApply: ['concise'], rulebook: ['style', 'testing', 'docs'], none: ['commits'] });
      // Cursor reads the user folder before the project one: both are hidden by the native rule.
      expect(result.shadowed.map((s) => [s.path, s.shadowedBy])).toEqual([
        [path.join(home, '.cursor/rules/style.mdc'), '.xcsh/rules/style.md'],
        ['.cursor/rules/style.mdc', '.xcsh/rules/style.md'],
      ]);
      await c.executeCommand('agentls.rules.showBuckets', []);
      let reportPath: string;
      if (preset === 'vscode') {
        await c.waitFor('the report to be shown', () => c.shownDocuments.length > 0);
        reportPath = new URL(c.shownDocuments[0]).pathname;
      } else {
        await c.waitFor('a message naming the report', () => c.shownMessages.some((m) => m.message.includes('Rule buckets')));
        reportPath = /see (.*)$/.exec(c.shownMessages.find((m) => m.message.includes('Rule buckets'))!.message)![1];
      }
      const report = fs.readFileSync(reportPath, 'utf8');
      expect(report).toContain('## Rulebook (3)');
      expect(report).toContain('**style** · xcsh (project) · `.xcsh/rules/style.md`');
      expect(report).toContain('hidden by `.xcsh/rules/style.md`');
    });
  });
}

describe('rules over LSP: editing', () => {
  it('applies the quote-the-glob fix end to end: the frontmatter parses and the rule becomes always-apply', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home });
    const uri = await c.open(file('.cursor/rules/testing.mdc'));
    const before = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'frontmatter/fallback-string'));
    const actions = await c.codeActions(uri, byCode(before, 'frontmatter/fallback-string')!.range);
    const quote = actions.find((a) => a.title.startsWith('Quote *.test.ts'))!;
    expect(quote.edit).toBeDefined();
    await c.applyCodeAction(quote);
    expect(c.text(uri)).toContain('globs: "*.test.ts"');
    const after = await c.waitForDiagnostics(uri, (ds) => !ds.some((d) => String(d.code).startsWith('frontmatter/')));
    expect(codes(after).filter((c) => !String(c).startsWith('context/'))).toEqual(['rule/always-apply-description']);
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri });
    expect(buckets.buckets.alwaysApply).toEqual(['concise', 'testing']);
  });
});
