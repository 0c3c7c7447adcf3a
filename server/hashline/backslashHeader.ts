import * as path from 'node:path';

/**
 * A header path holding a backslash (`§..\x`, `§src\a.ts`), as an agent used to Windows
 * writes it. `hashline.md` §3.1 says nothing of backslashes: a header is trimmed, unquoted
 * and made relative, and the path is resolved as the platform resolves it. Outside Windows
 * a backslash is an ordinary file-name character (POSIX.1-2017, Base Definitions §3.170
 * "Filename": any character but `/` and NUL), so `§..\x` writes a file named `..\x` at
 * the top of the workspace. That is legal and may be meant, so the patch still applies;
 * the note says which file it writes and how to write the folders it more likely meant.
 * On Windows `path.sep` is `\` (Node's `path` docs) and the header names the folders it
 * shows: no note. `sep` is a parameter only so a caller could ask for another platform.
 */
export function backslashHeaderNote(header: string, sep: string = path.sep): string | undefined {
  if (sep === '\\' || !header.includes('\\')) return undefined;
  const meant = path.posix.normalize(header.replace(/\\/g, '/'));
  const written = `§${header} writes the file "${path.posix.basename(header)}" ${placeOf(path.posix.dirname(header))}: outside Windows a backslash is part of a file name, not a folder separator.`;
  // `C:\x` with slashes is still no path of this system (a folder named `C:`): no rewrite to offer.
  if (/^[a-zA-Z]:\//.test(meant)) return `${written} A Windows drive path names no file here: write the path relative to the workspace, with /.`;
  return `${written} For ${path.posix.basename(meant)} ${placeOf(path.posix.dirname(meant))}, write §${meant}.`;
}

/** Where a folder of a header path is, in words: `in sub/`, `in the parent folder`. */
function placeOf(folder: string): string {
  if (folder === '.') return 'at the top of the workspace';
  if (folder === '..') return 'in the parent folder';
  return `in ${folder}/`;
}
