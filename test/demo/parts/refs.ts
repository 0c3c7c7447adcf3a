import type { CodeAction } from 'vscode-languageserver/node';
import { completionWith, positionAfter, refDiagnostics } from '../../refs/lspSupport';
import type { DemoPart } from '../demo';

/** File references in a prompt: a forged token flagged and fixed, a completion accepted. */
export const refsPart: DemoPart = {
  title: 'File references in a prompt (<@file:…> tokens, RAWP §16)',
  async run(demo) {
    const { client } = demo;
    const rel = 'prompts/fix-login.prompt.md';
    const uri = await client.open(demo.path(rel));
    demo.say(`${rel}, as written:`);
    demo.block(client.text(uri));

    demo.say('The second token was typed by hand: its ref_id has no file_references entry, so the agent would read it as text.');
    const diagnostics = await refDiagnostics(client, uri, (d) => d.some((x) => x.code === 'ref/unmapped'));
    demo.diagnostics(uri, diagnostics);

    const forged = diagnostics.find((d) => d.code === 'ref/unmapped')!;
    const actions = await client.codeActions(uri, forged.range);
    demo.say('Quick fixes offered for it:');
    for (const a of actions) demo.block(`${a.isPreferred ? '*' : '-'} ${a.title}${a.disabled ? ` (disabled: ${a.disabled.reason})` : ''}`);
    const escape = actions.find((a): a is CodeAction => a.title.startsWith('Escape as literal text'))!;
    await client.applyCodeAction(escape);
    demo.say(`Applied "${escape.title}": the text stays literal, on purpose, and nothing is flagged any more.`);
    demo.diagnostics(uri, await refDiagnostics(client, uri, (d) => d.length === 0));

    demo.say('Now the user types "@log" at the end and accepts src/util/log.ts from the popup:');
    const end = positionAfter(client, uri, 'which I typed by hand.');
    await client.type(uri, end, ' And @log');
    const cursor = { line: end.line, character: end.character + 9 };
    const { list, item } = await completionWith(client, uri, cursor, 'src/util/log.ts');
    demo.block(list.items.slice(0, 5).map((i) => `${i.sortText}  ${i.label}  (${i.detail})`).join('\n'));
    client.acceptCompletion(uri, item, cursor);
    demo.say('The whole token is inserted and the file_references entry added in the same edit:');
    demo.block(client.text(uri));
    demo.diagnostics(uri, await refDiagnostics(client, uri, (d) => d.length === 0));
  },
};
