import * as fs from 'node:fs';
import type { CodeAction } from 'vscode-languageserver/node';
import type { LspTestClient } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import type { DemoPart } from '../demo';

/** Code actions at a position, retried while the server is still listing the workspace's recipes. */
async function actionsWith(client: LspTestClient, uri: string, line: number, character: number, titlePart: string): Promise<CodeAction[]> {
  const range = { start: { line, character }, end: { line, character } };
  return until(`a code action "${titlePart}" at ${line + 1}:${character + 1}`, () => client.codeActions(uri, range), (actions) => actions.some((a) => a.title.includes(titlePart)), 10_000);
}

/** An ast-grep rewrite: a quick fix from a recipe at the cursor, then the whole recipe previewed and applied. */
export const astEditPart: DemoPart = {
  title: 'ast-edit: structural rewrites, previewed then applied as one edit',
  async run(demo) {
    const { client } = demo;
    const recipeRel = 'recipes/console-to-logger.astedit.yaml';
    demo.say(`${recipeRel}, the agent's ast-edit call saved as a recipe:`);
    demo.block(fs.readFileSync(demo.path(recipeRel), 'utf8'));

    demo.say('In src/session.ts the cursor is on a console.log call; the recipe offers its rewrite there, for that match alone:');
    const sessionUri = await client.open(demo.path('src/session.ts'), undefined, 'typescript');
    const quick = await actionsWith(client, sessionUri, 6, 6, 'Rewrite with');
    for (const a of quick) demo.block(`- ${a.title}`);
    await client.applyCodeAction(quick.find((a) => a.title.startsWith('Rewrite with console-to-logger'))!);
    demo.block(client.text(sessionUri).split('\n')[6]);

    const recipeUri = await client.open(demo.path(recipeRel), undefined, 'yaml');
    demo.diagnostics(recipeUri, await client.waitForDiagnostics(recipeUri));
    let actions = await actionsWith(client, recipeUri, 0, 0, 'Preview ast-edit');
    demo.say('Code actions of the recipe before any preview:');
    for (const a of actions) demo.block(`- ${a.title}${a.disabled ? ` (disabled: ${a.disabled.reason})` : ''}`);

    await client.applyCodeAction(actions.find((a) => a.title === 'Preview ast-edit')!);
    await client.waitFor('the preview report', () => client.shownDocuments.length > 0);
    const report = client.shownDocuments[client.shownDocuments.length - 1];
    demo.say('"Preview ast-edit" opened a report in the editor (window/showDocument); its preview, with hashline anchors:');
    const text = fs.readFileSync(new URL(report), 'utf8');
    demo.block(text.slice(text.indexOf('```') + 4, text.lastIndexOf('```')).trimEnd());

    actions = await actionsWith(client, recipeUri, 0, 0, 'Apply ast-edit (');
    const apply = actions.find((a) => a.title.startsWith('Apply ast-edit ('))!;
    demo.say(`"${apply.title}" re-runs the rewrite when chosen, checks it is exactly the preview, and sends one workspace edit:`);
    await client.applyCodeAction(apply);
    demo.say('src/auth.ts now reads:');
    demo.block(fs.readFileSync(demo.path('src/auth.ts'), 'utf8'));
    demo.say('and the open buffer of src/session.ts keeps its quick fix:');
    demo.block(client.text(sessionUri));
  },
};
