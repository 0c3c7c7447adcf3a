import * as fs from 'node:fs';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { rulesForFileText } from '../../../server/rules/context/report';
import type { DemoPart } from '../demo';

/** Rules in context: the rules that reach a source file and why, what they cost, copies that drifted apart. */
export const rulesContextPart: DemoPart = {
  title: 'Rules in context: which rules reach this file, and what they cost',
  async run(demo) {
    const { client } = demo;
    const result = await client.request<RulesForFileResult>('agentls/rulesForFile', { uri: demo.uri('src/auth.ts') });
    demo.say('agentls/rulesForFile for src/auth.ts (+ applies, - does not; tokens ≈ UTF-8 bytes / 4):');
    demo.block(rulesForFileText({ ...result, root: demo.display(result.root) }));

    const uri = await client.open(demo.path('src/auth.ts'), undefined, 'typescript');
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    demo.say('Hover on the first line of src/auth.ts (agentls.rules.forFileHover):');
    demo.block((hover.contents as MarkupContent).value);

    const shown = client.shownDocuments.length;
    await client.executeCommand('agentls.rules.showBuckets', [{}]);
    await client.waitFor('the buckets report', () => client.shownDocuments.length > shown);
    const report = fs.readFileSync(new URL(client.shownDocuments[client.shownDocuments.length - 1]), 'utf8');
    demo.say('The buckets report ends with what the agent sends in every request:');
    demo.block(report.slice(report.indexOf('## Sent in every request')).trimEnd());

    const style = await client.open(demo.path('.cursor/rules/style.mdc'));
    const drift = await client.waitForDiagnostics(style, (d) => d.some((x) => x.code === 'context/drift'));
    demo.say('\n.cursor/rules/style.mdc is the Cursor copy of .xcsh/rules/style.md, and the bodies differ:');
    demo.diagnostics(style, drift.filter((d) => d.code === 'context/drift'));
    const actions = await client.codeActions(style, drift.find((d) => d.code === 'context/drift')!.range);
    demo.say('Its code actions:');
    for (const a of actions.filter((x) => x.title.startsWith('Copy'))) demo.block(`- ${a.title}`);
  },
};
