import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { RulesEngine } from '../../server/rules/engine';
import { WorkspaceSession } from '../../server/workspace/session';
import { copyFixture, tempDir, writeTree } from '../helpers/repo';

async function setup() {
  const ws = copyFixture('rules-lint');
  const home = copyFixture('rules-lint-home');
  const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home, rules: { agents: ['xcsh'] } }));
  session.addFolder(ws);
  const engine = new RulesEngine(session, session.ruleFs);
  await engine.refresh();
  const file = (rel: string) => path.join(ws, ...rel.split('/'));
  const delta = () => {
    const before = { ...engine.stats };
    return () => ({ analyses: engine.stats.analyses - before.analyses, groupResolutions: engine.stats.groupResolutions - before.groupResolutions, discoveries: engine.stats.discoveries - before.discoveries });
  };
  return { ws, home, engine, file, delta };
}

describe('incremental updates', () => {
  it('a changed rule file is re-linted alone and only its name is re-resolved', async () => {
    const { engine, file, home, delta } = await setup();
    const d = delta();
    fs.writeFileSync(file('.cursor/rules/style.mdc'), '---\ndescription: changed\n---\nNew body.\n');
    const affected = await engine.applyChanges([{ path: file('.cursor/rules/style.mdc'), type: 'changed' }]);
    expect(d()).toEqual({ analyses: 1, groupResolutions: 1, discoveries: 0 });
    expect([...affected].sort()).toEqual([file('.cursor/rules/style.mdc'), file('.xcsh/rules/style.md'), path.join(home, '.cursor/rules/style.mdc')].sort());
  });

  it('an unchanged file (a save without edits) costs a read and nothing else', async () => {
    const { engine, file, delta } = await setup();
    const d = delta();
    const affected = await engine.applyChanges([{ path: file('.xcsh/rules/style.md'), type: 'changed' }]);
    expect(affected.size).toBe(0);
    expect(d()).toEqual({ analyses: 0, groupResolutions: 0, discoveries: 0 });
  });

  it('a rule file that became a link re-lists its folder when the disk says so, never on a buffer\'s keystroke', async () => {
    const { engine, file, delta } = await setup();
    const rule = file('.cursor/rules/style.mdc');
    fs.rmSync(rule);
    fs.symlinkSync('../../.xcsh/rules/style.md', rule);
    const typing = delta();
    await engine.applyChanges([{ path: rule, type: 'changed' }], undefined, 'buffer');
    expect(typing().discoveries).toBe(0);
    const disk = delta();
    await engine.applyChanges([{ path: rule, type: 'changed' }]);
    expect(disk().discoveries).toBe(1);
  });

  it("a buffer's keystroke in the legacy .cursorrules, which Cursor alone reads, re-reads it without listing the rule folders again", async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursorrules': 'Short.\n' });
    const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
    session.addFolder(ws);
    const engine = new RulesEngine(session, session.ruleFs);
    await engine.refresh();
    const rule = path.join(ws, '.cursorrules');
    fs.writeFileSync(rule, 'Much longer now.\n');
    const before = engine.stats.discoveries;
    const affected = await engine.applyChanges([{ path: rule, type: 'changed' }], undefined, 'buffer');
    expect(engine.stats.discoveries - before).toBe(0);
    expect([...affected]).toEqual([rule]);
    expect(engine.toolOnlyAnalysis(rule)?.text).toBe('Much longer now.\n');
  });

  it('emptying the winner of a name updates the files it hides', async () => {
    const { engine, file } = await setup();
    expect(engine.findings(file('.cursor/rules/style.mdc')).map((f) => f.message)).toEqual([expect.not.stringContaining('empty body')]);
    fs.writeFileSync(file('.xcsh/rules/style.md'), '---\ndescription: TypeScript style\n---\n\n');
    await engine.applyChanges([{ path: file('.xcsh/rules/style.md'), type: 'changed' }]);
    expect(engine.findings(file('.xcsh/rules/style.md')).map((f) => f.code)).toContain('rule/empty-body-shadows');
    expect(engine.findings(file('.cursor/rules/style.mdc'))[0].message).toContain('dropped for its empty body');
    expect(engine.availableNames(engine.rootPaths[0])).not.toContain('style');
  });

  it('a new file re-lists the rule folders once and joins its name; a deleted one leaves it', async () => {
    const { engine, file, delta } = await setup();
    const d = delta();
    fs.writeFileSync(file('.xcsh/rules/comma.md'), '---\ndescription: native comma\n---\nNative.\n');
    const affected = await engine.applyChanges([{ path: file('.xcsh/rules/comma.md'), type: 'created' }]);
    expect(d()).toMatchObject({ analyses: 1, discoveries: 1 });
    expect(affected).toContain(file('.cursor/rules/comma.mdc'));
    expect(engine.findings(file('.cursor/rules/comma.mdc')).map((f) => f.code)).toContain('rule/shadowed');
    fs.rmSync(file('.xcsh/rules/twin.md'));
    await engine.applyChanges([{ path: file('.xcsh/rules/twin.md'), type: 'deleted' }]);
    expect(engine.findings(file('.xcsh/rules/twin.mdc')).map((f) => f.code)).not.toContain('rule/extension-clash');
    expect(engine.findings(file('.xcsh/rules/twin.md'))).toEqual([]);
  });

  it('a legacy file appearing at the root is reported', async () => {
    const { engine, file, ws } = await setup();
    fs.rmSync(file('.cursorrules'));
    await engine.applyChanges([{ path: file('.cursorrules'), type: 'deleted' }]);
    expect(engine.findings(file('.cursorrules'))).toEqual([]);
    fs.writeFileSync(path.join(ws, '.cursorrules'), 'again\n');
    await engine.applyChanges([{ path: file('.cursorrules'), type: 'created' }]);
    expect(engine.findings(file('.cursorrules')).map((f) => f.code)).toEqual(['rule/not-read']);
  });
});

describe('the view of a folder (buckets, each agent\'s rules)', () => {
  // A hover on a rule's first line asks for it each time: rebuilding it resolved and
  // bucketed every rule of the folder per hover (1 ms with 1,500 rules, 7 times the hover).
  it('is reused while no rule changes, and made again with the change once one does', async () => {
    const { ws, engine, file } = await setup();
    const first = engine.view(ws);
    expect(engine.view(ws)).toBe(first);
    await engine.applyChanges([{ path: file('.xcsh/rules/style.md'), type: 'changed' }]);
    expect(engine.view(ws)).toBe(first);
    fs.writeFileSync(file('.cursor/rules/style.mdc'), '---\ndescription: changed\n---\nNew body.\n');
    await engine.applyChanges([{ path: file('.cursor/rules/style.mdc'), type: 'changed' }]);
    const second = engine.view(ws);
    expect(second).not.toBe(first);
    expect(second!.analyses.find((a) => a.candidate.path === file('.cursor/rules/style.mdc'))?.rule?.description).toBe('changed');
    expect(engine.view(ws)).toBe(second);
  });
});

describe('targets follow the workspace (agents: auto)', () => {
  it('a .xcsh folder appearing makes the xcsh agent judge every rule file, and they are republished', async () => {
    const ws = writeTree(tempDir(), { '.windsurf/rules/always.md': '---\ntrigger: always_on\n---\nUse tabs.\n' });
    const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir() }));
    session.addFolder(ws);
    const engine = new RulesEngine(session, session.diskFs);
    await engine.refresh();
    const rule = path.join(ws, '.windsurf/rules/always.md');
    expect(engine.findings(rule)).toEqual([]);
    fs.mkdirSync(path.join(ws, '.xcsh'));
    const affected = await engine.applyChanges([{ path: path.join(ws, '.xcsh'), type: 'created' }]);
    expect(affected.has(rule)).toBe(true);
    expect(engine.findings(rule).map((f) => f.code)).toEqual(['rule/windsurf-trigger']);
  });
});
