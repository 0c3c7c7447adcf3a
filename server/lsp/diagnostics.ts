import * as fs from 'node:fs';
import {
  DiagnosticSeverity,
  DiagnosticTag,
  DocumentDiagnosticReportKind,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticReport,
} from 'vscode-languageserver/node';
import { CancellationSource } from '../core/cancel';
import { applyLevel, type Finding, type Severity } from '../core/findings';
import type { Logger } from '../core/log';
import type { Settings } from '../core/settings';
import { pathToUri, uriToPath } from '../workspace/paths';
import type { ClientFeatures } from './clientFeatures';
import type { DocumentStore, OpenDocument } from './documents';
import type { DiagnosticSource } from './diagnosticSource';
import { bomNotInEditor, placedAsEditorShows } from './editorFindings';
import { PullRefresh } from './pullRefresh';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

const DEBOUNCE_MS = 120;

interface Entry {
  findings: Finding[];
  /** Version of the open document the findings were computed for; undefined for disk content. */
  version: number | undefined;
}

/** Our spelling of a file URI (any other URI as it is): the key findings are kept under. */
function keyOf(uri: string): string {
  const p = uriToPath(uri);
  return p === undefined ? uri : pathToUri(p);
}

/**
 * Collects findings per document and per feature, applies the user's severity levels,
 * and publishes one merged list per document, stamped with the document version so a
 * slow result never overwrites a newer one. Open documents are re-diagnosed (debounced)
 * on every change; features may also set findings for files that are not open.
 *
 * Clients that pull diagnostics (and can be told to refresh) get one channel per file at
 * any moment, never both: an open document's diagnostics are pulled, a closed file's are
 * pushed (no workspace pull is offered). Opening a file that had pushed diagnostics clears
 * the pushed set (VS Code keeps pushed and pulled sets apart and would show both, the
 * pushed one going stale); closing it pushes what still applies, since the client drops
 * its pulled set on close. A refresh is asked for only when an open document's
 * diagnostics changed after the client pulled its current version, i.e. something
 * outside that document changed: the client pulls after its own edits anyway.
 *
 * Findings are kept per file, whatever the URI's spelling: clients spell a file's URI their
 * own way (Neovim's `vim.uri_from_fname`, seen in 0.7.2 and 0.10, and the url crate's
 * `Url::from_file_path` that Helix uses leave `+`, `@` or `!` as they are where ours
 * percent-encodes them), and findings set for an open document and for its path must
 * meet. Each file is published under the spelling its client last used for it.
 */
export class DiagnosticsHub {
  private readonly entries = new Map<string, Map<string, Entry>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, CancellationSource>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly published = new Set<string>();
  /**
   * What was last pushed for each file that is not open. Its findings are recomputed as the
   * features come in and on every workspace event, mostly to the same set: a repeat is not
   * sent (a closed rule file was pushed five times alike at start). An open document's
   * pushes carry its version and always go.
   */
  private readonly closedPushes = new Map<string, string>();
  /**
   * The version of each open document whose clean set was last pushed. A document the server
   * judges is told it is clean once per version: with no publish an editor reads it as not
   * checked yet (Helix's harness waits for one; so does a status line counting checked files),
   * though the LSP spec asks for none. A second look at the same version sends no repeat.
   */
  private readonly cleanPushed = new Map<string, number>();
  /** The URI a client used for a file (by our spelling of it), while the file has anything published or kept. */
  private readonly spelling = new Map<string, string>();
  /** What a pull client holds for each open document, and when it is asked to pull again. */
  private readonly refresh = new PullRefresh(
    (key) => {
      const doc = this.openDocument(key);
      return doc && { version: doc.version, json: JSON.stringify(this.toDiagnostics(key)) };
    },
    () => void this.connection.languages.diagnostics.refresh().catch(() => undefined),
  );
  private features: readonly DiagnosticSource[] = [];
  private skip: (path: string) => boolean = () => false;
  private hidden: (path: string) => boolean = () => false;

  constructor(
    private readonly connection: Connection,
    private readonly documents: DocumentStore,
    private readonly client: ClientFeatures,
    private readonly settings: () => Settings,
    private readonly log: Logger,
  ) {}

  setFeatures(features: readonly DiagnosticSource[]): void {
    this.features = features;
  }

  /** Open documents that get no diagnostics at all (the server's own reports). */
  skipWhen(predicate: (path: string) => boolean): void {
    this.skip = predicate;
  }

  /** Files whose findings are never shown (the project's `agentls.json` `ignore`), open or not. */
  hideWhen(predicate: (path: string) => boolean): void {
    this.hidden = predicate;
  }

  /**
   * Sets one feature's findings for a document (by URI). `version` is the open-document
   * version they were computed from; stale ones (an older version) are dropped.
   */
  set(source: string, uri: string, findings: Finding[], version?: number): void {
    if (this.store(source, uri, findings, version)) this.publish(keyOf(uri));
  }

  /** `set` without the publish; false when the findings are stale. */
  private store(source: string, uri: string, findings: Finding[], version?: number): boolean {
    const doc = this.documents.get(uri);
    if (version !== undefined && doc && doc.version !== version) return false;
    const key = keyOf(uri);
    let perSource = this.entries.get(key);
    if (!perSource) this.entries.set(key, (perSource = new Map()));
    perSource.set(source, { findings, version });
    return true;
  }

  /**
   * Findings of a file that is not open, computed from `diskText`; `textOf` gives the text
   * their related locations in other files were computed on. An editor loads a file without
   * its BOM, so line-1 positions in each file that had one move one character left to meet
   * its text (`placedAsEditorShows`).
   */
  setForPath(source: string, path: string, findings: Finding[], diskText = '', textOf: (path: string) => string | undefined = () => undefined): void {
    const hadBom = (p: string) => bomNotInEditor(p === path ? diskText : textOf(p), this.documents.getByPath(p)?.text);
    this.set(source, pathToUri(path), placedAsEditorShows(findings, path, hadBom));
  }

  /** Whether this source holds findings for the URI (also those kept after its document closed). */
  has(source: string, uri: string): boolean {
    return this.entries.get(keyOf(uri))?.has(source) ?? false;
  }

  clear(source: string, uri: string): void {
    const key = keyOf(uri);
    const perSource = this.entries.get(key);
    if (!perSource?.delete(source)) return;
    if (perSource.size === 0) this.entries.delete(key);
    this.publish(key);
  }

  /** Findings of a document after level overrides (what the user sees), optionally of one source. */
  findings(uri: string, source?: string): Finding[] {
    const key = keyOf(uri);
    const perSource = this.entries.get(key);
    if (!perSource) return [];
    const p = uriToPath(key);
    if (p !== undefined && this.hidden(p)) return [];
    const levels = this.settings().diagnostics.severity;
    const out: Finding[] = [];
    for (const [s, entry] of perSource) {
      if (source !== undefined && s !== source) continue;
      for (const f of entry.findings) {
        const leveled = applyLevel(f, levels);
        if (leveled) out.push(leveled);
      }
    }
    return out;
  }

  /** Schedules the diagnosis of an open document; `immediate` for a fresh open. */
  schedule(doc: OpenDocument, immediate = false): void {
    const old = this.timers.get(doc.uri);
    if (old) clearTimeout(old);
    this.running.get(doc.uri)?.cancel();
    const run = () => {
      this.timers.delete(doc.uri);
      void this.runNow(doc.uri);
    };
    if (immediate) run();
    else this.timers.set(doc.uri, setTimeout(run, DEBOUNCE_MS));
  }

  private runNow(uri: string): Promise<void> {
    const p = this.diagnose(uri).finally(() => {
      if (this.inFlight.get(uri) === p) this.inFlight.delete(uri);
    });
    this.inFlight.set(uri, p);
    return p;
  }

  private async diagnose(uri: string): Promise<void> {
    const doc = this.documents.get(uri);
    if (!doc || (doc.path !== undefined && this.skip(doc.path))) return;
    const token = new CancellationSource();
    this.running.set(uri, token);
    // Published once, when every feature has answered for this version: a publish as each
    // answered sent the others' findings of the previous text under the new version.
    let stored = false;
    await this.documents.analysis(() =>
      Promise.all(
        this.features.map(async (feature) => {
          if (!feature.diagnose) return;
          try {
            const findings = await feature.diagnose(doc, token);
            if (token.isCancellationRequested || findings === undefined) return;
            stored = this.store(feature.id, uri, findings, doc.version) || stored;
          } catch (err) {
            this.log.error(`diagnostics of ${feature.id} failed on ${uri}: ${(err as Error).stack ?? err}`);
          }
        }),
      ),
    );
    if (stored && !token.isCancellationRequested) this.publish(keyOf(uri), this.judges(doc));
    if (this.running.get(uri) === token) this.running.delete(uri);
  }

  /**
   * Whether the server has a verdict on this document, clean or not: the kinds of `lsp.md` §1
   * it lints (rule files, prompts, patches, recipes, and any Markdown for `rule://` links),
   * not a plain source file, nor one the project's `ignore` hides.
   */
  private judges(doc: OpenDocument): boolean {
    return doc.kind.kind !== 'other' && !(doc.path !== undefined && this.hidden(doc.path));
  }

  /** The document closed: drop what only applies to open documents. */
  closed(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
    this.running.get(uri)?.cancel();
    const key = keyOf(uri);
    this.cleanPushed.delete(key);
    const perSource = this.entries.get(key);
    if (perSource) {
      // What is kept is a fact of the file on disk; a buffer with no file (never saved, deleted
      // while open) leaves nothing behind, or its last findings would stay for good.
      const p = uriToPath(key);
      const onDisk = p !== undefined && fs.lstatSync(p, { throwIfNoEntry: false }) !== undefined;
      for (const feature of this.features) {
        if (!feature.keepsDiagnosticsWhenClosed || !onDisk) perSource.delete(feature.id);
      }
      if (perSource.size === 0) this.entries.delete(key);
    }
    this.publish(key);
  }

  /** Re-sends everything (after the user changed severity levels). */
  republishAll(): void {
    for (const uri of new Set([...this.entries.keys(), ...this.published])) this.publish(uri);
  }

  /**
   * Publishes one file's findings (`key`: our spelling of its URI) as its client spells it.
   * `judged`: a diagnosis of the open document just ended with a verdict, which is pushed even
   * when clean (once per version); otherwise a clean set goes only to clear one shown before.
   */
  private publish(key: string, judged = false): void {
    const doc = this.openDocument(key);
    if (doc) {
      // Opened under another spelling than it was pushed under (Neovim leaves `&`, `+`, `(` unencoded):
      // what the old spelling showed is cleared, or the client keeps it as another file's for good.
      const before = this.spelling.get(key) ?? key;
      if (before !== doc.uri && this.published.has(key)) {
        this.sendPush(before, [], undefined);
        this.published.delete(key);
      }
      this.spelling.set(key, doc.uri);
    }
    const uri = this.spelling.get(key) ?? key;
    // Open, its pushes (or pulls) replace what the client had: once closed, its set is news again.
    if (doc) this.closedPushes.delete(key);
    if (this.client.pullDiagnostics && doc) {
      if (this.published.delete(key)) this.sendPush(uri, [], undefined);
      this.refresh.changed(key);
      return;
    }
    this.refresh.forget(key);
    const diagnostics = this.toDiagnostics(key);
    if (diagnostics.length === 0) {
      if (!doc && !this.entries.has(key)) this.spelling.delete(key);
      this.closedPushes.delete(key);
      const cleared = this.published.delete(key);
      // A closed file's clean set goes only to clear what it showed: repeats of nothing are not news.
      const announced = doc !== undefined && judged && this.cleanPushed.get(key) !== doc.version;
      if (!cleared && !announced) return;
      if (doc) this.cleanPushed.set(key, doc.version);
    } else {
      this.cleanPushed.delete(key);
      this.published.add(key);
      if (!doc) {
        const json = JSON.stringify(diagnostics);
        if (this.closedPushes.get(key) === json) return;
        this.closedPushes.set(key, json);
      }
    }
    this.sendPush(uri, diagnostics, doc && this.client.diagnosticVersion ? doc.version : undefined);
  }

  private openDocument(key: string): OpenDocument | undefined {
    const p = uriToPath(key);
    return p === undefined ? this.documents.get(key) : this.documents.getByPath(p);
  }

  private sendPush(uri: string, diagnostics: Diagnostic[], version: number | undefined): void {
    void this.connection.sendDiagnostics({ uri, diagnostics, version }).catch((err) => this.log.debug(`publishDiagnostics failed: ${err}`));
  }

  /** `textDocument/diagnostic` (pull): waits for the pending diagnosis of the current version. */
  pull(uri: string): Promise<DocumentDiagnosticReport> {
    return this.refresh.pull(keyOf(uri), () => this.answerPull(uri), () => this.documents.get(uri)?.version);
  }

  private async answerPull(uri: string): Promise<DocumentDiagnosticReport & { items: Diagnostic[] }> {
    // A diagnosis may schedule another (a rule file's own text changes the rule set, which
    // re-diagnoses the open rule files): answer once the document is quiet, so what the
    // client holds is final for its version and needs no refresh. Bounded: a few rounds.
    for (let round = 0; round < 4; round++) {
      const timer = this.timers.get(uri);
      if (timer) {
        clearTimeout(timer);
        this.timers.delete(uri);
        await this.runNow(uri);
        continue;
      }
      const running = this.inFlight.get(uri);
      if (!running) break;
      await running;
    }
    if (this.documents.get(uri) && !this.entries.has(keyOf(uri))) await this.runNow(uri);
    return { kind: DocumentDiagnosticReportKind.Full, items: this.toDiagnostics(uri) };
  }

  toDiagnostics(uri: string): Diagnostic[] {
    return this.findings(uri).map((f) => this.toDiagnostic(f));
  }

  private toDiagnostic(f: Finding): Diagnostic {
    const d: Diagnostic = {
      range: f.range,
      severity: SEVERITY[f.severity],
      code: f.code,
      source: 'agentls',
      message: f.message,
    };
    if (f.related?.length && this.client.relatedInformation) {
      d.relatedInformation = f.related.map((r) => ({ location: { uri: pathToUri(r.path), range: r.range }, message: r.message }));
    }
    if (f.tags?.length) d.tags = f.tags.map((t) => (t === 'unnecessary' ? DiagnosticTag.Unnecessary : DiagnosticTag.Deprecated));
    if (f.data !== undefined) d.data = f.data;
    return d;
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.refresh.dispose();
  }
}
