import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeTree } from './repo';

/** `café` composed (NFC: as most keyboards type it). */
export const CAFE_NFC = 'caf\u00e9';
export const CAFE_NFD = 'cafe\u0301';
/** `résumé` decomposed (NFD: as macOS writes names). */
export const RESUME_NFD = 're\u0301sume\u0301';
export const RESUME_NFC = 'r\u00e9sum\u00e9';
/** `naïve` decomposed, a folder. */
export const NAIVE_NFD = 'nai\u0308ve';
export const NAIVE_NFC = 'na\u00efve';

/**
 * Writes `notes/café.md` composed, `notes/résumé.md` and `naïve/plan.md` decomposed under
 * `root`, and returns each path as the disk spells it (a disk that normalizes names may
 * have changed the spelling written: the search must answer the disk's).
 */
export function writeSpellings(root: string): { cafe: string; resume: string; plan: string } {
  writeTree(root, { [`notes/${CAFE_NFC}.md`]: 'x', [`notes/${RESUME_NFD}.md`]: 'x', [`${NAIVE_NFD}/plan.md`]: 'x' });
  return { cafe: onDisk(root, `notes/${CAFE_NFC}.md`), resume: onDisk(root, `notes/${RESUME_NFD}.md`), plan: onDisk(root, `${NAIVE_NFD}/plan.md`) };
}

/** `rel` spelt as the listing of its folders spells it. */
function onDisk(root: string, rel: string): string {
  let dir = root;
  const out: string[] = [];
  for (const part of rel.split('/')) {
    const name = fs.readdirSync(dir).find((n) => n.normalize('NFC') === part.normalize('NFC'));
    if (name === undefined) throw new Error(`${rel}: ${part} is not in ${dir}`);
    out.push(name);
    dir = path.join(dir, name);
  }
  return out.join('/');
}
