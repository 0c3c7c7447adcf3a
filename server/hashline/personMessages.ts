import { lineHash } from './hash';
import type { PatchError } from './plan';
import { relocate } from './validate';

/**
 * A refused patch as a person reads it in a terminal: which anchor, which line, what that
 * line says now, and what to do. The engine's own messages stay as the agent reads them
 * (`hashline.md` §4, pinned by the spec's vectors); this is the CLI's wording over the same
 * facts. `currentLines` are the lines of the file concerned as they are now, when known.
 */
export function describePatchErrorForPerson(error: PatchError, currentLines?: readonly string[]): string {
  const where = patchLinePrefix(error.docLine);
  const file = error.display ?? 'the file';
  switch (error.kind) {
    case 'hash_mismatch':
      return staleAnchors(error, file, currentLines);
    case 'parse_error':
      return atPatchLine(error.message, error.docLine);
    case 'missing_hash':
    case 'missing_line_number':
      return `${where}${error.message.replace(/^line \d+: /, '').replace(/\nThe edit was NOT applied\.?/, '\nNothing was written.').replace(/ The edit was NOT applied\./, ' Nothing was written.')}`;
    default:
      return `${where}${error.message}`;
  }
}

/**
 * An engine message that counts its line within the section (`line 5: …`, the words the agent
 * reads) as a person in a terminal or an editor reads it: counted in the patch document
 * (`patch line 6: …`), the line they can find, and the same count in every place it shows.
 */
export function atPatchLine(message: string, docLine: number | undefined): string {
  return `${patchLinePrefix(docLine)}${message.replace(/^line \d+: /, '')}`;
}

/**
 * An absorb warning (`… replacement at line 1 (file lines 1..2 …)`, wording fixed by
 * `hashline.md` §5.3 and the spec's vectors) with its op line counted in the patch document
 * (`at patch line 4`), as `atPatchLine` counts the other messages; the file lines stay.
 */
export function opLineAtPatchLine(warning: string, docLine: number): string {
  return warning.replace(/\bat line \d+\b/, `at patch line ${docLine + 1}`);
}

/** `patch line N: `, or nothing for a header made from the `path` parameter (--path), which has no line of the patch (docLine -1). */
function patchLinePrefix(docLine: number | undefined): string {
  return docLine === undefined || docLine < 0 ? '' : `patch line ${docLine + 1}: `;
}

function staleAnchors(error: PatchError, file: string, read?: readonly string[]): string {
  // A BOM is no text of line 1 (hashline reads without it: `hashline.md` §4).
  const lines = read?.[0]?.startsWith('\ufeff') ? [read[0].slice(1), ...read.slice(1)] : read;
  const remaps = Object.entries(error.remaps ?? {});
  const count = remaps.length;
  const out = [`${file}: ${count} anchor${count === 1 ? ' is' : 's are'} stale (the file changed since it was read), so nothing was written:`];
  for (const [stale, current] of remaps) {
    const line = Number(/^\d+/.exec(stale)?.[0]);
    const text = lines?.[line - 1];
    const now = text === undefined ? `line ${line}'s anchor is now ${current}` : `line ${line} now reads ${JSON.stringify(text)} (anchor ${current})`;
    let moved = '';
    const expected = stale.slice(String(line).length);
    if (lines) {
      const target = relocate(line, expected, lines);
      if (target !== undefined) moved = `; the line it meant is probably line ${target} now (${target}${lineHash(lines[target - 1])})`;
    }
    out.push(`  ${stale}: ${now}${moved}`);
  }
  out.push(`Read ${file} again (agentls hashline read) and write the patch with the current anchors.`);
  return out.join('\n');
}
