import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { ServerController } from './client';
import { logLine } from './log';

interface Status {
  version: string;
  roots: string[];
  watcher: string;
}

interface Buckets {
  buckets: Record<string, string[]>;
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
      const parts = [`${rules} rule${rules === 1 ? '' : 's'}`];
      if (errors > 0) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
      const tip = new vscode.MarkdownString(
        [
          `**agentls ${status.version}** on ${this.controller.plan?.label ?? 'unknown runtime'}`,
          '',
          `Folders: ${status.roots.map((r) => `\`${r}\``).join(', ') || 'none'}`,
          '',
          `File changes from: ${status.watcher}`,
          '',
          `${rules} rules the agent sees; ${errors} agentls errors. Click for the rule buckets.`,
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

async function ruleCount(client: LanguageClient): Promise<number> {
  const result = await client.sendRequest<Buckets>('agentls/ruleBuckets', {});
  return Object.entries(result.buckets).reduce((n, [bucket, names]) => (bucket === 'none' ? n : n + names.length), 0);
}

function agentlsErrors(): number {
  let n = 0;
  for (const [, diagnostics] of vscode.languages.getDiagnostics()) {
    for (const d of diagnostics) if (d.source === 'agentls' && d.severity === vscode.DiagnosticSeverity.Error) n++;
  }
  return n;
}
