import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNvim } from '../helpers/nvim';
import { copyFixture } from '../helpers/repo';

describe('hashline in real Neovim', () => {
  it('applies a two-file patch through the code-action menu', async () => {
    const ws = copyFixture('demo');
    const session = fs.readFileSync(path.join(ws, 'src/session.ts'), 'utf8');
    const run = await runNvim({ workspace: ws, file: 'patches/rename-login.hashline', scenario: 'hashline_apply' });
    expect(run.error).toBeNull();
    expect(run.result.chosen).toBe('Apply patch (2 files)');
    expect((run.result.auth as string).split('\n')[0]).toBe('export function signIn(user: string, password: string): boolean {');
    expect(run.result.session).toBe(session.replace("import { login } from './auth';", "import { signIn } from './auth';").replace('return login(', 'return signIn(').replace(/\n$/, ''));
    expect(run.result.patch_modified).toBe(false);
    expect(fs.readFileSync(path.join(ws, 'src/auth.ts'), 'utf8').split('\n')[0]).toBe('export function signIn(user: string, password: string): boolean {');
    expect(fs.readFileSync(path.join(ws, 'src/session.ts'), 'utf8')).toContain('return signIn(this.user, password);');
  }, 90_000);
});
