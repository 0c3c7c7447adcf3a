import type { CodeAction } from 'vscode-languageserver/node';

/**
 * One action per change: two findings one edit resolves (a legacy `.cursorrules`'s
 * `rule/not-read` and `rule/legacy-file`, both fixed by the same move) give one action naming
 * both, where an editor listing actions by title (Neovim's menu, Eglot's prompt) showed the
 * same title twice.
 */
export function mergeSameActions(actions: CodeAction[]): CodeAction[] {
  const byChange = new Map<string, CodeAction>();
  for (const action of actions) {
    const key = JSON.stringify([action.title, action.kind, action.edit, action.command, action.disabled, action.data]);
    const earlier = byChange.get(key);
    if (!earlier) {
      byChange.set(key, { ...action, diagnostics: action.diagnostics && [...action.diagnostics] });
      continue;
    }
    earlier.diagnostics = [...(earlier.diagnostics ?? []), ...(action.diagnostics ?? [])];
    if (action.isPreferred) earlier.isPreferred = true;
  }
  return [...byChange.values()];
}
