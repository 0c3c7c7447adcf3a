import * as vscode from 'vscode';
import { TransportKind, type LanguageClient, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { documentArguments } from './commands';
import { IndexEnds } from './indexEnds';
import { AgentlsLanguageClient } from './languageClient';
import { logLine } from './log';
import { chooseLaunch, serverEnvironment, type LaunchPlan } from './serverLaunch';

const START_TIMEOUT_MS = 60_000;

/**
 * Owns the language client: finds a way to start the server (`serverLaunch.ts`), starts it,
 * restarts it on demand, and tells the user, with buttons, when no way works. Nothing here
 * throws out of `start()`: an extension that fails to activate helps nobody.
 */
export class ServerController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private readonly listeners: ((client: LanguageClient | undefined) => void)[] = [];
  private starting: Promise<void> | undefined;
  plan: LaunchPlan | undefined;
  /** When the server's file index builds end ("Go to file" searches again then). */
  readonly indexEnds = new IndexEnds();

  constructor(
    private readonly context: vscode.ExtensionContext,
    readonly output: vscode.OutputChannel,
  ) {}

  get current(): LanguageClient | undefined {
    return this.client;
  }

  /** Called with the new client after every (re)start, and with undefined when it stops. */
  onClientChanged(listener: (client: LanguageClient | undefined) => void): void {
    this.listeners.push(listener);
  }

  start(): Promise<void> {
    this.starting ??= this.startOnce().finally(() => (this.starting = undefined));
    return this.starting;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.plan = undefined;
    this.emit();
    if (client) await client.stop().catch((err) => logLine(this.output, `stopping the server failed: ${err}`, 'Warn'));
  }

  private async startOnce(): Promise<void> {
    const config = vscode.workspace.getConfiguration('agentls');
    const serverScript = this.context.asAbsolutePath('dist/server/out/agentls.js');
    const choice = await chooseLaunch({ path: config.get<string | null>('path') ?? undefined, node: config.get<string>('server.node') ?? 'node' }, serverScript);
    for (const problem of choice.problems) logLine(this.output, problem, 'Warn');
    const failures = [...choice.problems];
    for (const plan of choice.plans) {
      logLine(this.output, `starting the server with ${plan.label}`);
      const client = new AgentlsLanguageClient('agentls', 'agentls', serverOptions(plan), this.clientOptions());
      try {
        await withTimeout(client.start(), START_TIMEOUT_MS, `the server did not answer within ${START_TIMEOUT_MS / 1000} s`);
        this.client = client;
        this.plan = plan;
        this.emit();
        return;
      } catch (err) {
        failures.push(`${plan.label}: ${(err as Error).message ?? err}`);
        logLine(this.output, `${plan.label} failed: ${(err as Error).message ?? err}`, 'Error');
        await client.dispose().catch(() => undefined);
      }
    }
    this.emit();
    void this.reportNoServer(failures);
  }

  private async reportNoServer(failures: string[]): Promise<void> {
    const settings = 'Open Settings';
    const output = 'Show Output';
    const retry = 'Retry';
    const pick = await vscode.window.showErrorMessage(`agentls: no server could start: ${failures.join('; ')}.`, settings, output, retry);
    if (pick === settings) await vscode.commands.executeCommand('workbench.action.openSettings', 'agentls.');
    else if (pick === output) this.output.show(true);
    else if (pick === retry) await this.start();
  }

  private clientOptions(): LanguageClientOptions {
    return {
      // The server decides what a file is from its path, so it sees every file.
      documentSelector: [{ scheme: 'file' }],
      synchronize: { configurationSection: 'agentls' },
      outputChannel: this.output,
      middleware: {
        // Palette commands come without arguments, keybindings with some: the document
        // commands then act on the active editor's file, as their titles say.
        executeCommand: async (command, args, next) => {
          const filled = await documentArguments(command, args);
          return filled === undefined ? undefined : next(command, filled);
        },
        // vscode-languageclient 9.0.1 passes each server-created work-done progress through this
        // (lib/common/client.js onProgress), after it made VS Code's own progress UI for it.
        handleWorkDoneProgress: (token, params, next) => {
          this.indexEnds.observe(token, params);
          next(token, params);
        },
      },
    };
  }

  private emit(): void {
    for (const l of this.listeners) l(this.client);
  }

  dispose(): void {
    void this.stop();
  }
}

function serverOptions(plan: LaunchPlan): ServerOptions {
  const options = { env: serverEnvironment(process.env) };
  switch (plan.kind) {
    case 'executable':
      return { command: plan.command, args: plan.args, options };
    case 'node':
      return { command: plan.node, args: [plan.script], transport: TransportKind.stdio, options };
    case 'host':
      // Forked with the extension host's own runtime: vscode-languageclient's node/main.js forks
      // `module` with process.execPath and ELECTRON_RUN_AS_NODE, so Electron runs it as Node.
      return { module: plan.script, transport: TransportKind.stdio, options };
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}
