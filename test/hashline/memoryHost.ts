import * as path from 'node:path';
import type { PatchHost } from '../../server/hashline/plan';
import type { Generation } from '../../server/hashline/snapshots';
import { isInside } from '../../server/workspace/paths';

/** A patch host over an in-memory file map rooted at `/ws` (the vectors' shape: relative paths). */
export function memoryHost(files: Record<string, string>, options: { generations?: Record<string, Generation[]>; autoDrop?: boolean } = {}): PatchHost & { files: Map<string, string> } {
  const root = '/ws';
  const map = new Map(Object.entries(files).map(([rel, text]) => [path.posix.join(root, rel), text]));
  return {
    files: map,
    resolve(text) {
      const abs = path.posix.resolve(root, text);
      return isInside(root, abs) ? { ok: true, path: abs } : { ok: false, message: `${text} lies outside the workspace; it is never read or written` };
    },
    normalize(text) {
      return path.posix.isAbsolute(text) && isInside(root, text) ? path.posix.relative(root, text) : text;
    },
    async read(p) {
      const text = map.get(p);
      return text === undefined ? { kind: 'missing' } : { kind: 'text', text };
    },
    generations: (p) => options.generations?.[path.posix.relative(root, p)] ?? [],
    options: { autoDropPureInsertDuplicates: options.autoDrop === true },
  };
}

export function relativeTo(p: string): string {
  return path.posix.relative('/ws', p);
}
