import * as path from 'node:path';
import { recipeName, type KnownRecipe } from '../../astedit/quickfix';
import { parseRecipe } from '../../astedit/recipe';
import { LIMITS } from '../../core/limits';
import { CancellationSource } from '../../core/cancel';
import type { FileChange } from '../../workspace/changes';
import { joinRelative } from '../../workspace/paths';
import { walkFiles } from '../../workspace/walk';
import type { OpenDocument } from '../documents';
import type { ServerContext } from '../feature';

/** A recipe's file name (the classifier has the last word); most of a folder's files fail this cheap test. */
const RECIPE_NAME = /\.astedit\.(json|ya?ml)$/i;
const RECIPE_EXTENSIONS = ['.json', '.yaml', '.yml'];

/** Recipes per workspace folder are looked for among at most this many files. */
const MAX_WALKED_FILES = 200_000;

/**
 * The ast-edit recipes of the workspace, for quick fixes in source files. Found among the
 * folder's files when the server starts (or a folder is added), then kept current from
 * the change stream and from open recipe buffers, so no request ever walks the tree.
 */
export class RecipeIndex {
  private readonly byPath = new Map<string, KnownRecipe | null>();
  private walks = new CancellationSource();

  constructor(private readonly ctx: ServerContext) {}

  start(): void {
    this.ctx.session.changes.onChanges((changes) => void this.changed(changes));
    this.ctx.onRootsChanged((added, removed) => {
      for (const p of [...this.byPath.keys()]) if (removed.some((r) => p.startsWith(r + path.sep))) this.set(p, undefined);
      for (const root of added) void this.discover(root);
    });
    for (const root of this.ctx.session.roots.paths) void this.discover(root);
  }

  private listed: KnownRecipe[] | undefined;

  /** Valid recipes, sorted by name; the same array until a recipe changes (callers cache on it). */
  list(): readonly KnownRecipe[] {
    this.listed ??= [...this.byPath.values()].filter((r): r is KnownRecipe => r !== null).sort((a, b) => a.name.localeCompare(b.name));
    return this.listed;
  }

  private set(p: string, recipe: KnownRecipe | null | undefined): void {
    if (recipe === undefined) this.byPath.delete(p);
    else this.byPath.set(p, recipe);
    this.listed = undefined;
  }

  /** An open recipe buffer changed: its text wins over the disk. */
  documentChanged(doc: OpenDocument, event: 'open' | 'change' | 'save' | 'close'): void {
    if (!doc.path || doc.kind.kind !== 'astedit') return;
    if (event === 'close') void this.load(doc.path);
    else this.set(doc.path, this.toRecipe(doc.path, doc.text));
  }

  private async discover(root: string): Promise<void> {
    const recipes = (await this.filesOf(root)).filter((rel) => RECIPE_NAME.test(rel)).map((rel) => joinRelative(root, rel)).filter((p) => this.isRecipe(p));
    await Promise.all(recipes.map((p) => this.load(p)));
    this.ctx.log.debug(`ast-edit: ${recipes.length} recipe file(s) in ${root}`);
  }

  /**
   * The folder's JSON and YAML files (relative; all its files when walked): from the file index, which lists the folder anyway,
   * else (no index for it) by a walk of its own. A second walk of a 92k-file tree at every
   * start took about a second of the one thread, beside the first searches and rules.
   */
  private async filesOf(root: string): Promise<string[]> {
    const indexed = await this.ctx.services.fileSearch?.pathsWithExtensions(root, RECIPE_EXTENSIONS);
    if (indexed) return indexed;
    const result = await walkFiles({ fs: this.ctx.session.diskFs, root, ignore: this.ctx.session.ignoreFor(root), maxFiles: MAX_WALKED_FILES, cancel: this.walks });
    return result.files.map((e) => e.rel);
  }

  private async changed(changes: FileChange[]): Promise<void> {
    for (const c of changes) {
      if (!this.isRecipe(c.path)) continue;
      if (c.type === 'deleted') this.set(c.path, undefined);
      else if (!this.ctx.documents.getByPath(c.path)) await this.load(c.path);
    }
  }

  private isRecipe(p: string): boolean {
    return this.ctx.session.classify(p).kind === 'astedit';
  }

  private async load(p: string): Promise<void> {
    const read = await this.ctx.documents.fs.readText(p, { maxBytes: LIMITS.recipeChars });
    this.set(p, read.ok ? this.toRecipe(p, read.text) : undefined);
  }

  private toRecipe(p: string, text: string): KnownRecipe | null {
    const kind = this.ctx.session.classify(p);
    if (kind.kind !== 'astedit') return null;
    const request = parseRecipe(text, kind.format).request;
    if (!request) return null;
    return { name: recipeName(p), path: p, root: this.ctx.session.rootOf(p) ?? path.dirname(p), ...request };
  }

  dispose(): void {
    this.walks.cancel();
  }
}
