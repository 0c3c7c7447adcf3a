import * as fs from 'node:fs';
import * as path from 'node:path';
import { lineHash } from '../../server/hashline/hash';
import { LspTestClient, type StartOptions } from '../helpers/lspClient';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * How long one answer may take before the case fails: generous (answers take milliseconds;
 * this allows for two busy cores), yet short of the seconds a quadratic scan takes.
 */
export const ANSWER_CAP_MS = 5_000;
/** How long a document's diagnostics may take (they follow a debounce and cover the whole document). */
export const DIAGNOSTICS_CAP_MS = 15_000;

/**
 * A workspace, a folder outside it holding a secret, and a server. Every case runs against
 * it; after each one the outside folder must be byte for byte as it was, the secret must
 * appear in nothing the server sent or wrote, and a probe request must be answered.
 */
export class FuzzWorld {
  readonly secret: string;
  private readonly outsideBefore: Map<string, string>;

  private constructor(
    readonly ws: string,
    readonly outside: string,
    readonly client: LspTestClient,
    readonly seed: number,
  ) {
    this.secret = secretOf(seed);
    this.outsideBefore = snapshot(outside);
  }

  /**
   * `ruleFolderLinks`: the workspace's `.clinerules` and `.agents/rules` are symlinks to the
   * outside folder (a rule location that leaves the root must not widen confinement).
   */
  static async create(seed: number, options: { ruleFolderLinks?: boolean; client?: StartOptions['client'] } = {}): Promise<FuzzWorld> {
    const secret = secretOf(seed);
    const outside = writeTree(tempDir('agentls-fuzz-outside-'), {
      'secret.txt': `${secret}\nsecond line\n`,
      'secret.ts': `console.log("${secret}");\n`,
      'rules/leak.md': `# ${secret}\n`,
    });
    const ws = writeTree(tempDir('agentls-fuzz-ws-'), {
      'src/a.ts': 'console.log(1);\nexport const a = 1;\n',
      'notes.txt': 'one\ntwo\nthree\n',
      '.cursor/rules/style.mdc': '---\ndescription: Style\nglobs: src/**/*.ts\n---\nUse tabs.\n',
      'prompts/p.prompt.md': '---\nfile_references:\n  - ref_id: ref_0\n    path: notes.txt\n---\nRead <@file:ref_0|notes.txt>\n',
    });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(ws, 'link.txt'));
    fs.symlinkSync(outside, path.join(ws, 'linkdir'));
    if (options.ruleFolderLinks) {
      fs.symlinkSync(outside, path.join(ws, '.clinerules'));
      fs.mkdirSync(path.join(ws, '.agents'));
      fs.symlinkSync(outside, path.join(ws, '.agents/rules'));
    }
    const client = await LspTestClient.start({ folders: [ws], client: options.client ?? 'vscode', settings: { rules: { profile: 'xcsh' } } });
    return new FuzzWorld(ws, outside, client, seed);
  }

  /** Ways a request can name the outside secret: absolute, climbing, as a URI, through symlinks. */
  outsideTargets(): { text: string; abs: string }[] {
    const abs = path.join(this.outside, 'secret.txt');
    const targets = [
      { text: abs, abs },
      { text: path.relative(this.ws, abs), abs },
      { text: this.client.uri(abs), abs },
      { text: 'link.txt', abs },
      { text: 'linkdir/secret.txt', abs },
      { text: path.join(this.ws, 'linkdir/secret.txt'), abs },
    ];
    if (fs.existsSync(path.join(this.ws, '.clinerules'))) {
      targets.push({ text: '.clinerules/secret.txt', abs }, { text: '.agents/rules/secret.txt', abs }, { text: path.join(this.ws, '.clinerules/secret.txt'), abs });
    }
    return targets;
  }

  /** The hash a patch needs to replace the secret's first line, as an attacker could compute it. */
  secretAnchor(): string {
    return `1${lineHash(this.secret)}`;
  }

  /** A request answered within the cap, or the reason it failed (an error answer is fine). */
  async answer(method: string, params: unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
    return withCap(
      this.client.request(method, params).then(
        (value) => ({ ok: true as const, value }),
        (error) => ({ ok: false as const, error }),
      ),
      `${method} to be answered`,
    );
  }

  /** After every case: the server lives and answers, and nothing leaked out or in. */
  async check(label: string): Promise<void> {
    if (this.client.exitCode !== undefined) throw new Error(`${label}: the server exited (${this.client.exitCode}); stderr: ${this.client.stderr.slice(-2000)}`);
    await withCap(this.client.request('agentls/status'), `${label}: the status probe to be answered`);
    const after = snapshot(this.outside);
    for (const [file, bytes] of this.outsideBefore) {
      if (after.get(file) !== bytes) throw new Error(`${label}: ${file} outside the workspace was changed`);
    }
    if (after.size !== this.outsideBefore.size) throw new Error(`${label}: a file was created outside the workspace: ${[...after.keys()].filter((k) => !this.outsideBefore.has(k)).join(', ')}`);
  }

  /** Throws when `value` (an answer, a publish, an edit) carries the secret or names an outside file. */
  assertClean(label: string, value: unknown): void {
    const text = JSON.stringify(value ?? null);
    if (text.includes(this.secret)) throw new Error(`${label}: the answer quotes a file outside the workspace: ${text.slice(0, 400)}`);
  }

  /** Everything the server sent or wrote so far, checked for the secret and for edits of outside files. */
  assertNothingLeaked(label: string): void {
    this.assertClean(`${label} (diagnostics)`, this.client.diagnosticsLog.map((p) => p.diagnostics.map((d) => d.message)));
    this.assertClean(`${label} (messages)`, this.client.shownMessages);
    this.assertClean(`${label} (edits)`, this.client.appliedEdits);
    const outsideUri = this.client.uri(this.outside);
    const edits = JSON.stringify(this.client.appliedEdits);
    if (edits.includes(outsideUri) || edits.includes(this.outside)) throw new Error(`${label}: an edit of a file outside the workspace was sent to the editor`);
    for (const uri of this.client.shownDocuments) {
      const p = uri.startsWith('file:') ? new URL(uri).pathname : uri;
      if (fs.existsSync(p) && fs.readFileSync(p, 'utf8').includes(this.secret)) throw new Error(`${label}: the report ${p} quotes a file outside the workspace`);
    }
  }

  async stop(): Promise<void> {
    await this.client.stop();
  }
}

function secretOf(seed: number): string {
  return `AGENTLS-FUZZ-SECRET-${seed.toString(16)}`;
}

/** Every file under `root` (symlinks not followed) with its bytes. */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile()) out.set(path.relative(root, abs), fs.readFileSync(abs).toString('base64'));
    }
  };
  walk(root);
  return out;
}

/** `promise`, or a failure naming `what` when it is not settled within `ANSWER_CAP_MS`. */
export function withCap<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ANSWER_CAP_MS} ms for ${what}`)), ANSWER_CAP_MS);
  });
  return Promise.race([promise, cap]).finally(() => clearTimeout(timer));
}
