import * as fs from 'node:fs';
import type { DemoPart } from '../demo';

/** Hashline: a two-file patch applied from the editor, then a stale one refused and refreshed. */
export const hashlinePart: DemoPart = {
  title: 'Hashline patches (§ » « ≔): applied from the editor, stale ones refused',
  async run(demo) {
    const { client } = demo;
    const rename = 'patches/rename-login.hashline';
    const uri = await client.open(demo.path(rename), undefined, 'text');
    demo.say(`${rename} renames login to signIn in two files; each op names its line by number and hash:`);
    demo.block(client.text(uri));
    demo.diagnostics(uri, await client.waitForDiagnostics(uri));
    const actions = await client.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    demo.say('Code actions offered in the patch:');
    for (const a of actions) demo.block(`- ${a.title}${a.disabled ? ` (disabled: ${a.disabled.reason})` : ''}`);
    const apply = actions.find((a) => a.title.startsWith('Apply patch'))!;
    await client.applyCodeAction(apply);
    demo.say(`Applied "${apply.title}" as one workspace edit (the editor can undo it); the files now start:`);
    for (const rel of ['src/auth.ts', 'src/session.ts']) demo.block(`${rel}: ${fs.readFileSync(demo.path(rel), 'utf8').split('\n')[0]}`);

    const staleRel = 'patches/stale-logout.hashline';
    const before = fs.readFileSync(demo.path('src/auth.ts'), 'utf8');
    const stale = await client.open(demo.path(staleRel), undefined, 'text');
    demo.say(`\n${staleRel} was written against an older auth.ts (logout has moved down a line since):`);
    demo.block(client.text(stale));
    demo.diagnostics(stale, await client.waitForDiagnostics(stale, (d) => d.some((x) => x.code === 'hashline/stale-anchor')));
    const staleActions = await client.codeActions(stale, { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } });
    for (const a of staleActions) demo.block(`- ${a.title}${a.disabled ? ` (disabled: ${a.disabled.reason})` : ''}`);
    const refused = await client.request('agentls/hashlineApply', { input: client.text(stale) }).then(
      () => 'applied (unexpected)',
      (err: { data?: { kind: string } }) => String(err.data?.kind),
    );
    demo.say(`Asked to apply it anyway, agentls/hashlineApply refuses (${refused}), in the words the hashline spec fixes for agents.`);
    const cli = await demo.cli(['hashline', 'apply'], client.text(stale));
    demo.say(`$ agentls hashline apply < ${staleRel}   says it to a person (exit code ${cli.code}):`);
    demo.block(cli.stderr);
    demo.say(fs.readFileSync(demo.path('src/auth.ts'), 'utf8') === before ? 'src/auth.ts is byte for byte unchanged.' : 'src/auth.ts CHANGED (unexpected)');

    const refresh = staleActions.find((a) => a.title === 'Refresh stale anchors')!;
    await client.applyCodeAction(refresh);
    demo.say('"Refresh stale anchors" rewrites the anchors whose lines moved unchanged:');
    demo.block(client.text(stale));
    demo.diagnostics(stale, await client.waitForDiagnostics(stale, (d) => !d.some((x) => x.code === 'hashline/stale-anchor')));
    const now = await client.codeActions(stale, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    const ready = now.find((a) => a.title.startsWith('Apply patch'));
    demo.say(`"${ready?.title}" is ${ready && !ready.disabled ? 'now offered' : 'still disabled'} (left unapplied here).`);
  },
};
