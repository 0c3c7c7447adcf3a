import { describe, expect, it } from 'vitest';
import { runNvim } from '../helpers/nvim';
import { copyFixture } from '../helpers/repo';

describe('ast-edit in real Neovim with editors/nvim', () => {
  it('applies a recipe quick fix to the match under the cursor, and only to it', async () => {
    const ws = copyFixture('demo');
    const run = await runNvim({ workspace: ws, file: 'src/auth.ts', scenario: 'astedit_quickfix' });
    expect(run.error).toBeNull();
    expect(run.result.chosen).toBe("Rewrite with console-to-logger: console.log($$$ARGS) → logger.info($$$ARGS)");
    expect(run.result.text).toBe(
      [
        'export function login(user: string, password: string): boolean {',
        "  logger.info('login', user);",
        '  return password.length > 8;',
        '}',
        '',
        'export function logout(user: string): void {',
        "  console.log('logout', user);",
        '}',
      ].join('\n'),
    );
    expect(run.result.modified).toBe(true);
  }, 90_000);
});
