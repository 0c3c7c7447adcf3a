import * as path from 'node:path';
import { cli, type CliResult } from '../cli/run';
import type { Diagnostic } from 'vscode-languageserver/node';
import { URI } from 'vscode-uri';
import type { LspTestClient } from '../helpers/lspClient';

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

/** What each part of the demo gets: a running server on a copy of `fixtures/demo`, and a printer. */
export class Demo {
  constructor(
    readonly client: LspTestClient,
    /** The copy of `fixtures/demo` the server works on (the demo changes files). */
    readonly workspace: string,
    /** The copy of `fixtures/demo-home` used as the user's home directory. */
    readonly home: string,
  ) {}

  /** A heading for a part. */
  section(title: string): void {
    console.log(`\n== ${title} ${'='.repeat(Math.max(0, 70 - title.length))}`);
  }

  say(text: string): void {
    console.log(text);
  }

  /** An indented block (a buffer, a report, a list). */
  block(text: string, indent = '    '): void {
    for (const line of text.replace(/\n$/, '').split('\n')) console.log(indent + line);
  }

  /** Runs `agentls ARGS` on the workspace (home replaced), as a user would type it; stdin for patches. */
  cli(args: string[], stdin = ''): Promise<CliResult> {
    return cli([...args, '--home', this.home], this.workspace, stdin);
  }

  path(rel: string): string {
    return path.join(this.workspace, ...rel.split('/'));
  }

  uri(rel: string): string {
    return URI.file(this.path(rel)).toString();
  }

  /** A path as the user reads it: relative to the workspace (or `~/…` under the home). */
  display(uriOrPath: string): string {
    const p = uriOrPath.startsWith('file:') ? URI.parse(uriOrPath).fsPath : uriOrPath;
    if (p.startsWith(this.home + path.sep)) return '~/' + path.relative(this.home, p);
    return path.relative(this.workspace, p) || '.';
  }

  /** Diagnostics as an editor's list shows them: `file:line:col severity [code] message`. */
  diagnostics(uri: string, diagnostics: Diagnostic[]): void {
    if (diagnostics.length === 0) {
      this.block(`${this.display(uri)}: no problems`);
      return;
    }
    const sorted = [...diagnostics].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    for (const d of sorted) {
      this.block(`${this.display(uri)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${SEVERITY[d.severity ?? 1]} [${d.code}] ${d.message}`);
    }
  }
}

/** One part of the demo; each domain adds its own in `parts.ts`. */
export interface DemoPart {
  title: string;
  run(demo: Demo): Promise<void>;
}
