// Writes the files generated from server/core/settingsSchema.ts (the one description of
// every setting): VS Code's contributes.configuration in editors/vscode/package.json and
// agentls.schema.json (the schema of the project file agentls.json) at the repository root.
// test/core/settingsSchema.test.ts fails when either is out of date.
//
// usage: npm run settings:generate   (from the repository root; builds out/ first)
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const schema = createRequire(import.meta.url)(path.join(repo, 'out/server/core/settingsSchema.js'));

const manifestPath = path.join(repo, 'editors/vscode/package.json');
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
manifest.contributes.configuration = schema.vscodeConfiguration();
fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');

fs.writeFileSync(path.join(repo, 'agentls.schema.json'), JSON.stringify(schema.projectConfigSchema(), null, 2) + '\n');
console.log('wrote editors/vscode/package.json (contributes.configuration) and agentls.schema.json');
