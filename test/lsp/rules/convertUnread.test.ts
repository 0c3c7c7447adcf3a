import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { tooLargeReason, tooLargeRules } from '../../helpers/tooLargeRule';
import { hugeFrontmatterPerAgent, notReadReason } from '../../helpers/hugeFrontmatterRule';

/**
 * `agentls.rules.convert` on a rule whose file or frontmatter agentls did not read, through the
 * real server: it converted the activation of no keys (the `{}` or empty stand-in agentls holds
 * in its place) and wrote it, the rule's globs lost. It refuses, says why, and writes nothing.
 */
const start = useLspClients(afterEach);

const CURSOR = '.cursor/rules/big.mdc';

describe('agentls.rules.convert on rules agentls did not read', () => {
  it('agentls.rules.convert refuses a rule too large to read, and writes nothing', async () => {
    const ws = tooLargeRules();
    const c = await start({ folders: [ws] });
    await c.executeCommand('agentls.rules.convert', [{ uri: c.uri(path.join(ws, CURSOR)), to: 'windsurf' }]);
    const said = `${CURSOR} was not converted: agentls did not read it (${tooLargeReason(ws, CURSOR)}), so its activation is not known.`;
    await c.waitFor('the refusal', () => c.shownMessages.some((m) => m.message === said));
    expect(fs.existsSync(path.join(ws, '.windsurf/rules/big.md'))).toBe(false);
  });

  it('agentls.rules.convert refuses a rule whose frontmatter agentls did not read, and writes nothing', async () => {
    const ws = hugeFrontmatterPerAgent();
    const c = await start({ folders: [ws] });
    await c.executeCommand('agentls.rules.convert', [{ uri: c.uri(path.join(ws, CURSOR)), to: 'windsurf' }]);
    const said = `${CURSOR} was not converted: agentls did not read it (${notReadReason(CURSOR)}), so its activation is not known.`;
    await c.waitFor('the refusal', () => c.shownMessages.some((m) => m.message === said));
    expect(fs.existsSync(path.join(ws, '.windsurf/rules/big.md'))).toBe(false);
  });
});
