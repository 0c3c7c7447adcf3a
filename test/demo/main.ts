import * as fs from 'node:fs';
import { LspTestClient } from '../helpers/lspClient';
import { fixturePath, tempDir } from '../helpers/repo';
import { Demo } from './demo';
import { demoParts } from './parts';

/**
 * `npm run demo`: starts the server on a copy of `fixtures/demo` (with `fixtures/demo-home`
 * as the home directory), drives it as an editor does, and prints what a user would see.
 */
async function main(): Promise<void> {
  const workspace = tempDir('agentls-demo-');
  fs.cpSync(fixturePath('demo'), workspace, { recursive: true, verbatimSymlinks: true });
  const home = tempDir('agentls-demo-home-');
  if (fs.existsSync(fixturePath('demo-home'))) fs.cpSync(fixturePath('demo-home'), home, { recursive: true });
  const client = await LspTestClient.start({ folders: [workspace], home, client: 'vscode' });
  const demo = new Demo(client, workspace, home);
  let failed = false;
  try {
    for (const part of demoParts()) {
      demo.section(part.title);
      try {
        await part.run(demo);
      } catch (err) {
        failed = true;
        demo.say(`  (this part failed: ${(err as Error).message})`);
      }
    }
  } finally {
    await client.stop();
    fs.rmSync(workspace, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
  }
  console.log('\nThe demo worked on a temporary copy; fixtures/demo is unchanged.');
  if (failed) process.exitCode = 1;
}

void main();
