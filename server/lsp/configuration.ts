import * as path from 'node:path';
import { DidChangeConfigurationNotification, type Connection } from 'vscode-languageserver/node';
import type { Logger } from '../core/log';
import { DEFAULT_SETTINGS, isRecord, overlaySettings, type Settings } from '../core/settings';
import type { ChangeStream } from '../workspace/changes';
import type { PathMatcher } from '../workspace/glob';
import { relativeInside } from '../workspace/paths';
import { loadProjectConfig, NO_PROJECT_CONFIG, PROJECT_CONFIG_FILE, projectIgnoreMatcher, withProjectSettings, type ProjectConfig } from '../workspace/projectConfig';
import { within } from '../core/within';
import { CLIENT_ANSWER_WAIT_MS } from './clientAnswers';
import type { ClientFeatures } from './clientFeatures';

/**
 * The settings of a session. Layers, lowest first: defaults, the project's `agentls.json`
 * (of the first workspace folder: the server has one settings record; re-read when it
 * changes), `initializationOptions`
 * (Helix's `config`), then the client's `workspace/configuration` answer for the section
 * `agentls` (or the `settings` a client pushes in `didChangeConfiguration`, as
 * nvim-lspconfig does on Neovim 0.7, which never answers a configuration request it did
 * not announce). Re-read whenever the client says they changed.
 */
export class ConfigurationManager {
  private base: Settings = DEFAULT_SETTINGS;
  private current: Settings = DEFAULT_SETTINGS;
  private initializationOptions: unknown;
  private lastPulled: unknown;
  private project: ProjectConfig = NO_PROJECT_CONFIG;
  private projectRoot: string | undefined;
  private ignoreMatcher: PathMatcher = () => false;
  private readonly listeners: ((next: Settings, previous: Settings) => void)[] = [];

  constructor(
    private readonly connection: Connection,
    private readonly log: Logger,
  ) {}

  get settings(): Settings {
    return this.current;
  }

  onChange(listener: (next: Settings, previous: Settings) => void): void {
    this.listeners.push(listener);
  }

  /** At `initialize`: the options the client sent. */
  initialize(initializationOptions: unknown): void {
    this.initializationOptions = initializationOptions;
    const warnings: string[] = [];
    this.base = overlaySettings(withProjectSettings(DEFAULT_SETTINGS, this.project), initializationOptions, warnings);
    this.current = this.base;
    for (const w of warnings) this.log.warn(`initializationOptions: ${w}`);
  }

  /**
   * Whether the project's `ignore` globs leave a file out, as `agentls check` does: its
   * findings are not shown (a path outside the first root, where the file lives, never is).
   */
  isIgnored(p: string): boolean {
    const root = this.projectRoot;
    const rel = root === undefined ? undefined : relativeInside(root, p);
    return rel !== undefined && rel !== '' && this.ignoreMatcher(rel);
  }

  /**
   * Reads `agentls.json` of the first root and lays it below the editor's settings; again
   * when the file changes. A broken file is logged and left out, never fatal.
   */
  async loadProject(roots: readonly string[]): Promise<void> {
    const loaded = roots.length ? await loadProjectConfig(roots[0]) : { ok: true as const, config: NO_PROJECT_CONFIG };
    if (!loaded.ok) this.log.warn(`${loaded.message}; the project settings are left out`);
    const previousIgnore = this.project.ignore.join('\n');
    this.project = loaded.ok ? loaded.config : NO_PROJECT_CONFIG;
    this.projectRoot = roots[0];
    this.ignoreMatcher = projectIgnoreMatcher(this.project);
    const ignoreChanged = previousIgnore !== this.project.ignore.join('\n');
    for (const w of this.project.warnings) this.log.warn(`${this.project.file}: ${w}`);
    const previous = this.current;
    this.initialize(this.initializationOptions);
    if (this.lastPulled !== undefined && this.lastPulled !== null) this.current = overlaySettings(this.base, this.lastPulled);
    // A new `ignore` list changes which files show findings, as a settings change does.
    if (ignoreChanged || JSON.stringify(previous) !== JSON.stringify(this.current)) for (const l of this.listeners) l(this.current, previous);
  }

  /** Re-reads `agentls.json` when it changes on disk (created, edited, deleted). */
  watchProject(changes: ChangeStream, roots: () => readonly string[]): void {
    changes.onChanges((batch) => {
      const first = roots()[0];
      if (first && batch.some((c) => c.path === path.join(first, PROJECT_CONFIG_FILE))) void this.loadProject(roots());
    });
  }

  /** At `initialize`: listens for change notifications (which may come before `initialized` is done). */
  listen(client: ClientFeatures): void {
    this.connection.onDidChangeConfiguration((params) => {
      const pushed = isRecord(params?.settings) ? params.settings : undefined;
      if (pushed && isRecord(pushed.agentls)) this.apply(pushed.agentls, 'didChangeConfiguration');
      else if (client.configuration) void this.pull();
      else if (pushed) this.apply(pushed, 'didChangeConfiguration');
    });
  }

  /**
   * After `initialized`: registers for change notifications and pulls the client's settings.
   * The pull is not held back for the registration's answer: the client reads the two
   * requests in order, so a change after the pull is notified all the same, and start-up
   * waits for one round trip to the client, not two. A pull the client does not answer in
   * time leaves the settings of `initialize` in place until it does (`apply` then tells
   * the listeners, as for any change).
   */
  async start(client: ClientFeatures): Promise<void> {
    if (client.configurationDynamic) {
      void this.connection.client.register(DidChangeConfigurationNotification.type, { section: 'agentls' }).catch(() => undefined);
    }
    if (client.configuration && !(await within(this.pull(), CLIENT_ANSWER_WAIT_MS))) {
      this.log.warn(`the client has not answered workspace/configuration in ${CLIENT_ANSWER_WAIT_MS / 1000} s; starting with the settings given at initialize until it does`);
    }
  }

  private async pull(): Promise<void> {
    try {
      const [section] = (await this.connection.workspace.getConfiguration([{ section: 'agentls' }])) as unknown[];
      this.apply(section, 'workspace/configuration');
    } catch (err) {
      this.log.debug(`workspace/configuration failed: ${(err as Error).message}`);
    }
  }

  private apply(raw: unknown, origin: string): void {
    this.lastPulled = raw ?? null;
    const warnings: string[] = [];
    const next = raw === null || raw === undefined ? this.base : overlaySettings(this.base, raw, warnings);
    for (const w of warnings) this.log.warn(`${origin}: ${w}`);
    const previous = this.current;
    if (JSON.stringify(previous) === JSON.stringify(next)) return;
    this.current = next;
    for (const l of this.listeners) l(next, previous);
  }
}
