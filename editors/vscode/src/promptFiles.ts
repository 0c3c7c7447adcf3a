import * as vscode from 'vscode';

/**
 * agentls prompt documents beside VS Code's own prompt files.
 *
 * VS Code (with its chat features) gives every `*.prompt.md` the language `prompt` and
 * checks its frontmatter against Copilot's fields (source: VS Code docs, "Use prompt files
 * in VS Code", code.visualstudio.com/docs/agent-customization/prompt-files; the language
 * id and the hint "Attribute 'file_references' is not supported in prompt files" as seen
 * in VS Code 1.139.1 by the harness, test/vscode/harness/vscode/README.md). An agentls
 * prompt is recognised by its frontmatter key `file_references`, which Copilot's prompt
 * files never have, so the two never collide:
 * - a `*.prompt.md` whose frontmatter has `file_references` is ours: the extension shows
 *   it as Markdown (no Copilot hint about our key); every other `*.prompt.md` stays
 *   Copilot's, untouched;
 * - prompts need not be called `*.prompt.md` at all: the server treats any Markdown file
 *   with `file_references` in its frontmatter as a prompt, so a team that keeps Copilot's
 *   prompt files can name theirs e.g. `*.agent.md`.
 */
const COPILOT_PROMPT_LANGUAGE = 'prompt';
const OUR_FRONTMATTER = /^(?:\uFEFF)?---\r?\n(?:[^\n]*\r?\n)*?file_references\s*:/;
/** The frontmatter is at the top: no need to look further. */
const HEAD_LINES = 400;

export function isAgentlsPrompt(document: vscode.TextDocument): boolean {
  if (document.uri.scheme !== 'file' || !document.fileName.toLowerCase().endsWith('.md')) return false;
  const head = document.getText(new vscode.Range(0, 0, Math.min(document.lineCount, HEAD_LINES), 0));
  const end = head.search(/\r?\n---\s*(\r?\n|$)/);
  return end > 0 && OUR_FRONTMATTER.test(head.slice(0, end + 1));
}

async function claim(document: vscode.TextDocument): Promise<void> {
  if (document.languageId !== COPILOT_PROMPT_LANGUAGE || !isAgentlsPrompt(document)) return;
  await vscode.languages.setTextDocumentLanguage(document, 'markdown');
}

/** Shows agentls prompts as Markdown when they open and once they gain `file_references`. */
export function registerPromptFiles(context: vscode.ExtensionContext): void {
  for (const doc of vscode.workspace.textDocuments) void claim(doc);
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument((doc) => void claim(doc)),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length) void claim(e.document);
    }),
  );
}
