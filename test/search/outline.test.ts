import { describe, expect, it } from 'vitest';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import { folderOutline, MAX_OUTLINE_FILES } from '../../server/search/outline';
import { PathTable } from '../../server/search/pathTable';

/** The outline a glob completion reads: a folder's subfolders and the extensions below it, from the table alone, capped. */
describe('folderOutline', () => {
  it('lists the subfolders of one folder and counts the extensions below it, live files only', async () => {
    const t = new PathTable();
    for (const p of ['src/a/x.ts', 'src/a/y.ts', 'src/b/z.tsx', 'src/README', 'src/c.ts', 'docs/d.md', 'src/a/gone.css']) t.add(p);
    t.remove('src/a/gone.css');
    const src = await folderOutline(t, 'src/', NEVER_CANCELLED);
    expect(src).toEqual({ folders: ['a', 'b'], extensions: [{ ext: '.ts', files: 3 }, { ext: '.tsx', files: 1 }], counted: 5, capped: false });
    expect((await folderOutline(t, '', NEVER_CANCELLED))?.folders).toEqual(['docs', 'src']);
    expect(await folderOutline(t, 'nowhere/', NEVER_CANCELLED)).toBeUndefined();
  });

  it('offers no folder whose files are all gone (renamed away), and no outline of one', async () => {
    const t = new PathTable();
    for (const p of ['src/lib/a.ts', 'src/lib/deep/b.ts', 'src/index.ts']) t.add(p);
    t.remove('src/lib/a.ts');
    t.remove('src/lib/deep/b.ts');
    t.add('src/util/a.ts');
    expect((await folderOutline(t, 'src/', NEVER_CANCELLED))?.folders).toEqual(['util']);
    expect(await folderOutline(t, 'src/lib/', NEVER_CANCELLED)).toBeUndefined();
  });

  it(`stops counting after ${MAX_OUTLINE_FILES} files, and says so`, async () => {
    const t = new PathTable();
    for (let i = 0; i < MAX_OUTLINE_FILES + 500; i++) t.add(`m${i % 40}/f${i}.java`);
    const all = await folderOutline(t, '', NEVER_CANCELLED);
    expect(all?.capped).toBe(true);
    expect(all?.counted).toBe(MAX_OUTLINE_FILES);
    expect(all?.extensions).toEqual([{ ext: '.java', files: MAX_OUTLINE_FILES }]);
  });
});
