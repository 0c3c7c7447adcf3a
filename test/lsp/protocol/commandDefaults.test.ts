import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients, type LspTestClient } from '../../helpers/lspClient';
import { copyFixture } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** The report a command twin wrote, from the message that names it ("TITLE: see PATH"). */
async function report(c: LspTestClient, title: string): Promise<string> {
  const shown = (m: { message: string }) => m.message.startsWith(`${title}: see `);
  await c.waitFor(`the report "${title}"`, () => c.shownMessages.some(shown));
  return fs.readFileSync(c.shownMessages.find(shown)!.message.slice(`${title}: see `.length), 'utf8');
}

// Helix runs workspace commands only without arguments (`:lsp-workspace-command NAME`): each
// twin then works on the document of its kind that was opened or edited last.
describe('command twins called without arguments, as Helix calls them', () => {
  it('work on the prompt, patch or recipe opened last, and the file search lists the files changed last', async () => {
    const ws = copyFixture('demo');
    const file = (rel: string) => path.join(ws, ...rel.split('/'));
    const c = await start({ folders: [ws], client: 'helix' });
    await c.open(file('prompts/fix-login.prompt.md'));
    await c.open(file('recipes/console-to-logger.astedit.yaml'));
    // Opened last, but not a prompt: the prompt twins still take the prompt.
    await c.open(file('README.md'));

    await c.executeCommand('agentls.prompt.parse', []);
    expect(await report(c, 'Parse of fix-login.prompt.md')).toContain('# How the xcsh agent reads fix-login.prompt.md');
    // Named after the prompt, without a second `.md`.
    expect(c.shownMessages.map((m) => m.message)).toContainEqual(expect.stringMatching(/\/prompt-parse-fix-login\.prompt\.md$/));
    await c.executeCommand('agentls.prompt.convert', []);
    expect(await report(c, 'fix-login.prompt.md for generic')).toContain('# fix-login.prompt.md for the generic adapter');

    await c.executeCommand('agentls.astEdit.preview', []);
    expect(await report(c, 'ast-edit preview: console-to-logger')).toContain("logger.info('login', user)");

    await c.executeCommand('agentls.fileSearch.report', []);
    expect(await report(c, 'File search')).toContain('# File search');

    await c.executeCommand('agentls.hashline.read', []);
    expect(await report(c, 'Hashline anchors')).toContain('README.md');

    await c.open(file('patches/rename-login.hashline'));
    await c.executeCommand('agentls.hashline.apply', []);
    await c.waitFor('the patch applied', () => c.shownMessages.some((m) => m.message.startsWith('Hashline patch applied: ')));
    expect(c.shownMessages.find((m) => m.message.startsWith('Hashline patch applied: '))!.message).toBe('Hashline patch applied: src/auth.ts, src/session.ts');
  });

  it('say what they need when no document of their kind is open', async () => {
    const c = await start({ folders: [copyFixture('demo')], client: 'helix' });
    await c.executeCommand('agentls.prompt.parse', []);
    await c.waitFor('the message', () => c.shownMessages.some((m) => m.message.includes('agentls.prompt.parse')));
    expect(c.shownMessages.find((m) => m.message.includes('agentls.prompt.parse'))!.message).toBe(
      'agentls: agentls.prompt.parse without arguments works on the prompt document opened or edited last, and none is open.',
    );
  });
});
