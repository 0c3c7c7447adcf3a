import * as path from 'node:path';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RuleBucketsResult, SystemPromptResult } from '../../../protocol/rules';
import { bucketsText } from '../../../server/rules/report';
import type { DemoPart } from '../demo';

/** Rules: the buckets the agent builds, a shadowed rule, and a broken frontmatter fixed in place. */
export const rulesPart: DemoPart = {
  title: 'Rules: what the agent loads, what it silently gets wrong',
  async run(demo) {
    const { client } = demo;
    const before = await client.request<RuleBucketsResult>('agentls/ruleBuckets', {});
    demo.say('agentls/ruleBuckets: the rules the agent (profile seed) loads from the demo workspace and ~/:');
    demo.block(bucketsText({ ...before, root: demo.display(before.root), shadowed: before.shadowed.map((s) => ({ ...s, path: demo.display(path.isAbsolute(s.path) ? s.path : demo.path(s.path)) })) }));

    demo.say('\n`style` exists three times: native .xcsh/rules, the project Cursor folder and the user Cursor folder.');
    demo.say('Both Cursor copies get a diagnostic pushed although neither is open:');
    for (const p of [demo.path('.cursor/rules/style.mdc'), path.join(demo.home, '.cursor/rules/style.mdc')]) {
      const uri = client.uri(p);
      demo.diagnostics(uri, await client.waitForDiagnostics(uri, (d) => d.length > 0));
    }
    const native = await client.open(demo.path('.xcsh/rules/style.md'));
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: native }, position: { line: 0, character: 0 } });
    demo.say('Hover on the first line of .xcsh/rules/style.md:');
    demo.block((hover.contents as MarkupContent).value);

    const testing = await client.open(demo.path('.cursor/rules/testing.mdc'));
    demo.say('\n.cursor/rules/testing.mdc, as Cursor writes it:');
    demo.block(client.text(testing));
    const broken = await client.waitForDiagnostics(testing, (d) => d.some((x) => x.code === 'frontmatter/fallback-string'));
    demo.diagnostics(testing, broken);
    const fallback = broken.find((d) => d.code === 'frontmatter/fallback-string')!;
    const actions = await client.codeActions(testing, fallback.range);
    demo.say('Code actions on the alwaysApply line:');
    for (const a of actions) demo.block(`- ${a.title}`);
    const quote = actions.find((a) => a.title.startsWith('Quote'))!;
    await client.applyCodeAction(quote);
    demo.say(`After "${quote.title}":`);
    demo.block(client.text(testing));
    demo.diagnostics(testing, await client.waitForDiagnostics(testing, (d) => !d.some((x) => String(x.code).startsWith('frontmatter/'))));
    const after = await client.request<RuleBucketsResult>('agentls/ruleBuckets', {});
    demo.say(`always-apply before: ${before.buckets.alwaysApply.join(', ')}; after: ${after.buckets.alwaysApply.join(', ')} (the unsaved buffer counts).`);

    const prompt = await client.request<SystemPromptResult>('agentls/systemPrompt', {});
    demo.say('\nagentls/systemPrompt: the rules section of the agent\'s system prompt now reads:');
    demo.block(prompt.text);
    if (prompt.text.includes('(Domain: )')) demo.say('(A rulebook rule without globs, like docs, gets an empty "(Domain: )": the agent renders it so.)');
    await client.executeCommand('agentls.rules.showBuckets', []);
    await client.waitFor('the buckets report', () => client.shownDocuments.length > 0);
    demo.say('\nFor editors without custom requests (Helix), agentls.rules.showBuckets writes the same as a report and opens it (window/showDocument).');
  },
};
