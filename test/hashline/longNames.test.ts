import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineHash } from '../../server/hashline/hash';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/** 240 bytes of ASCII and 239 bytes of two-byte characters (121 UTF-16 units): both under the 255 bytes a name may have, neither with 27 to spare for a staging name. */
const ASCII_NAME = `${'a'.repeat(237)}.md`;
const WIDE_NAME = `${'é'.repeat(118)}.md`;

describe('files whose names are near the 255 bytes a name may have', () => {
  it('hashline apply edits one and creates another, leaving no staging file beside them', () => {
    expect(Buffer.byteLength(ASCII_NAME)).toBe(240);
    expect(Buffer.byteLength(WIDE_NAME)).toBe(239);
    const ws = writeTree(tempDir(), { '.git/HEAD': '', [ASCII_NAME]: 'one\n' });
    const patch = `§${ASCII_NAME}\n≔1${lineHash('one')}\nONE\n§${WIDE_NAME}\n»EOF\nnew\n`;
    const applied = builtCli(['hashline', 'apply'], { cwd: ws, stdin: patch });
    expect(applied.stderr).toBe('');
    expect(applied.status).toBe(0);
    expect(fs.readFileSync(path.join(ws, ASCII_NAME), 'utf8')).toBe('ONE\n');
    expect(fs.readFileSync(path.join(ws, WIDE_NAME), 'utf8')).toBe('new');
    expect(fs.readdirSync(ws).sort()).toEqual(['.git', ASCII_NAME, WIDE_NAME].sort());
  });

  it('ast-edit --apply rewrites one', () => {
    const name = `${'é'.repeat(119)}.ts`;
    const ws = writeTree(tempDir(), { '.git/HEAD': '', [name]: 'console.log(1);\n' });
    const applied = builtCli(['ast-edit', '--pat', 'console.log($A)', '--out', 'logger.info($A)', '--apply', '.'], { cwd: ws });
    expect(applied.stderr).toBe('');
    expect(applied.status).toBe(0);
    expect(fs.readFileSync(path.join(ws, name), 'utf8')).toBe('logger.info(1);\n');
    expect(fs.readdirSync(ws).sort()).toEqual(['.git', name].sort());
  });
});
