import * as path from 'node:path';
import { tempDir, writeTree } from './repo';

/** Over the 2 MiB agentls reads of a rule file (`MAX_RULE_FILE_BYTES`): 3 MB of body under keys that would make a glob rule for `src/**`. */
const BODY = `${'x'.repeat(99)}\n`.repeat(30_000);

/** Each file of `tooLargeRules` (relative) with its text. */
const FILES: Record<string, string> = {
  '.cursor/rules/big.mdc': `---\nglobs: src/**\n---\n${BODY}`,
  '.github/instructions/big.instructions.md': `---\napplyTo: "src/**"\n---\n${BODY}`,
};

/**
 * A workspace with a Cursor rule and a Copilot instructions file each too large for agentls to
 * read, whose frontmatter would attach it to `src/a.ts`.
 */
export function tooLargeRules(): string {
  return writeTree(tempDir(), { '.git/HEAD': '', ...FILES, 'src/a.ts': 'export {};\n' });
}

/** Why the views say agentls did not read `rel` of the workspace `ws` (the read limit's words). */
export function tooLargeReason(ws: string, rel: string): string {
  return `${path.join(ws, rel)} is ${Buffer.byteLength(FILES[rel])} bytes, over the 2097152-byte limit`;
}
