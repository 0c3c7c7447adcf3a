import * as fs from 'node:fs';
import { LspTestClient } from '../helpers/lspClient';
import { fixturePath, tempDir } from '../helpers/repo';
import { Demo } from './demo';
import { demoParts } from './parts';
import { tour } from './tour';

/**
 * `npm run demo`: what agentls finds in a copy of `fixtures/demo` (with `fixtures/demo-home`
 * as the home directory), shown as the CLI and an editor show it, each finding with its fix.
 * `npm run demo -- --verbose` adds the protocol detail: each request an editor sends and
 * what the server answers, feature by feature.
 */
async function main(): Promise<void> {
  const verbose = process.argv.includes('--verbose');
  let failed = false;
  const run = async (what: (demo: Demo) => Promise<void>) => {
    const workspace = tempDir('agentls-demo-');
    fs.cpSync(fixturePath('demo'), workspace, { recursive: true, verbatimSymlinks: true });
    const home = tempDir('agentls-demo-home-');
    if (fs.existsSync(fixturePath('demo-home'))) fs.cpSync(fixturePath('demo-home'), home, { recursive: true });
    const client = await LspTestClient.start({ folders: [workspace], home, client: 'vscode' });
    try {
      await what(new Demo(client, workspace, home));
    } catch (err) {
      failed = true;
      console.log(`  (the demo failed here: ${(err as Error).stack ?? err})`);
    } finally {
      await client.stop();
    }
  };

  await run(tour);
  if (verbose) {
    console.log('\n\n# The protocol detail (--verbose), on a fresh copy');
    await run(async (demo) => {
      for (const part of demoParts()) {
        demo.section(part.title);
        try {
          await part.run(demo);
        } catch (err) {
          failed = true;
          demo.say(`  (this part failed: ${(err as Error).message})`);
        }
      }
    });
  } else {
    console.log('\nnpm run demo -- --verbose shows the protocol detail: the requests behind each of these, hover,');
    console.log('completion of @file references, fuzzy file search, applying patches and ast-edit recipes.');
  }
  console.log('\nThe demo worked on temporary copies; fixtures/demo is unchanged.');
  if (failed) process.exitCode = 1;
}

void main();
