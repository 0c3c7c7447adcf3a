import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { ServerController } from './client';
import { logLine } from './log';

interface Status {
  version: string;
  roots: string[];
  watcher: string;
}

/** The parts of `agentls/ruleBuckets` the item counts (spec lsp.md §4; `agentRules` per tool). */
interface Buckets {
  buckets: Record<string, string[]>;
  noXcshFolder?: boolean;
  agentRules?: { displayName: string; rules: { path: string; mode: string }[] }[];
}

interface RuleCount {
  count: number;
  /** Whose rules were counted, for the tooltip. */
  whose: string;
}

/**
 * One status bar item: the server's state (`agentls/status`), how many rules the agent
 * sees (`agentls/ruleBuckets`) and how many agentls errors the workspace has. Clicking it
 * opens the buckets report. Updated after starts and when diagnostics change.
 */
export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('agentls.status', vscode.StatusBarAlignment.Left, 10);
  private readonly disposables: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly controller: ServerController) {
    this.item.name = 'agentls';
    this.item.command = 'agentls.rules.showBuckets';
    this.show('$(sync~spin) agentls', 'agentls: starting the server');
    controller.onClientChanged((client) => (client ? this.schedule(0) : this.show('$(circle-slash) agentls', 'agentls: the server is not running')));
    this.disposables.push(
      vscode.languages.onDidChangeDiagnostics(() => this.schedule(300)),
      vscode.workspace.onDidSaveTextDocument(() => this.schedule(300)),
    );
  }

  private show(text: string, tooltip: string | vscode.MarkdownString): void {
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.show();
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), ms);
  }

  private async update(): Promise<void> {
    const client = this.controller.current;
    if (!client) return;
    try {
      const [status, rules] = await Promise.all([client.sendRequest<Status>('agentls/status'), ruleCount(client)]);
      const errors = agentlsErrors();
      const icon = errors > 0 ? '$(error)' : '$(check)';
      const parts = [`${rules.count} rule${rules.count === 1 ? '' : 's'}`];
      if (errors > 0) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
      const tip = new vscode.MarkdownString(
        [
          `**agentls ${status.version}** on ${this.controller.plan?.label ?? 'unknown runtime'}`,
          '',
          `Folders: ${status.roots.map((r) => `\`${r}\``).join(', ') || 'none'}`,
          '',
          `File changes from: ${status.watcher}`,
          '',
          `${rules.count} rules ${rules.whose}; ${errors} agentls errors. Click for the rule buckets.`,
        ].join('\n'),
      );
      const text = `${icon} agentls: ${parts.join(', ')}`;
      // Logged when it changes: what the item says is then in the Output channel too.
      if (text !== this.item.text) logLine(this.controller.output, `status: ${text}`);
      this.show(text, tip);
    } catch (err) {
      this.show('$(warning) agentls', `agentls: status unavailable (${(err as Error).message})`);
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.item.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/**
 * The rules the project's agents read. With a `.xcsh` folder, those the xcsh agent shows its
 * model (its buckets but `none`). Without one the xcsh agent does not run here, and its
 * buckets would count what no agent of the project reads (2 of a Cursor + Windsurf + Cline
 * + Claude Code + Copilot project's 9 files): then every rule file of the tools the server
 * lists, each file once however many tools read it, but those a tool never applies (mode
 * `none`, as the xcsh agent's bucket `none` is left out above).
 */
async function ruleCount(client: LanguageClient): Promise<RuleCount> {
  const result = await client.sendRequest<Buckets>('agentls/ruleBuckets', {});
  if (result.noXcshFolder && result.agentRules?.length) {
    const paths = new Set(result.agentRules.flatMap((a) => a.rules.filter((r) => r.mode !== 'none').map((r) => r.path)));
    return { count: paths.size, whose: `that ${result.agentRules.map((a) => a.displayName).join(', ')} read` };
  }
  const count = Object.entries(result.buckets).reduce((n, [bucket, names]) => (bucket === 'none' ? n : n + names.length), 0);
  return { count, whose: 'the xcsh agent shows its model' };
}

function agentlsErrors(): number {
  let n = 0;
  for (const [, diagnostics] of vscode.languages.getDiagnostics()) {
    for (const d of diagnostics) if (d.source === 'agentls' && d.severity === vscode.DiagnosticSeverity.Error) n++;
  }
  return n;
}
