import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { ParamError } from '../../core/params';
import { editorView } from '../../core/text';
import { uriToPath } from '../../workspace/paths';
import { writeFilesAtomically } from '../../workspace/write';
import type { ServerContext } from '../feature';

/**
 * `agentls.rules.renameFile [fromUri, toUri, prepend?]`: the rename quick fixes for
 * editors that cannot apply a file rename from a code action (no `documentChanges` or no
 * `rename` resource operation: Neovim 0.7–0.10, Eglot 1.9). The server renames on disk,
 * refusing to replace an existing file: a hard link then an unlink, so at every moment
 * the rule exists under exactly one of the names or, for a moment, both, never neither.
 * With `prepend` the new file gets that text first (written all-or-nothing, never over an
 * existing file), and the old one is removed only once the new one is on disk; from a
 * symbolic link, that is a copy of the text it leads to, which stays as it was. Without
 * `prepend`, a link is moved as a link that leads where it led.
 */
export async function renameRuleFile(ctx: ServerContext, args: unknown[]): Promise<{ renamed: boolean; message: string }> {
  const from = typeof args[0] === 'string' ? uriToPath(args[0]) : undefined;
  const to = typeof args[1] === 'string' ? uriToPath(args[1]) : undefined;
  if (!from) throw new ParamError('arguments[0]', 'expected the file URI of the rule to rename');
  if (!to) throw new ParamError('arguments[1]', 'expected the file URI of the new name');
  const prepend = typeof args[2] === 'string' ? args[2] : '';
  const refuse = (message: string) => {
    ctx.showMessage('error', message);
    return { renamed: false, message };
  };
  if (!ctx.session.allows(from) || !ctx.session.allows(to)) return refuse(`Not renamed: ${to} or ${from} lies outside the workspace.`);
  let copiedFrom: string | undefined;
  try {
    if (prepend) {
      if ((await fsp.lstat(from)).isSymbolicLink()) copiedFrom = await fsp.realpath(from);
      // A BOM stays the file's first character: put after the new frontmatter, it would be the rule body's.
      const { text, bom } = editorView(await fsp.readFile(from, 'utf8'));
      const written = await writeFilesAtomically([{ path: to, text: (bom ? '\uFEFF' : '') + prepend + text, expectedText: null }], ctx.session.confinement);
      if (!written.ok) return refuse(`Not renamed: ${written.message}`);
    } else if ((await fsp.lstat(from)).isSymbolicLink()) {
      // A link moved as it is would lead somewhere else from its new folder: made anew, leading to the same place (never over an existing file).
      await fsp.mkdir(path.dirname(to), { recursive: true });
      const target = await fsp.readlink(from);
      await fsp.symlink(path.isAbsolute(target) ? target : path.relative(path.dirname(to), path.resolve(path.dirname(from), target)), to);
    } else {
      // A move into another tool's folder (`sub/.cursor/rules/`) often names a folder not made yet.
      await fsp.mkdir(path.dirname(to), { recursive: true });
      await fsp.link(from, to).catch(async (err: NodeJS.ErrnoException) => {
        // File systems without hard links: an exclusive copy keeps the no-overwrite promise.
        if (err.code !== 'EPERM' && err.code !== 'ENOTSUP' && err.code !== 'EXDEV') throw err;
        await fsp.copyFile(from, to, fsp.constants.COPYFILE_EXCL);
      });
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return refuse(`Not renamed: ${to} already exists.`);
    // The fix was offered for a file that has since gone (renamed by hand, deleted, another fix applied first).
    if (code === 'ENOENT' && !(await exists(from))) return refuse(`Not renamed: ${from} no longer exists (moved or deleted since the fix was offered).`);
    return refuse(`Not renamed: ${(err as Error).message}`);
  }
  try {
    await fsp.unlink(from);
  } catch (err) {
    // Keep the old name only: undo the new one so the agent never sees the rule twice.
    await fsp.unlink(to).catch(() => undefined);
    return refuse(`Not renamed: ${from} could not be removed (${(err as Error).message}).`);
  }
  await ctx.session.reportChange(from, 'deleted');
  await ctx.session.reportChange(to, 'created');
  // Delivered now, not in the stream's next batch: what the user asks next (the buckets, the rules for a file) knows of the move.
  ctx.session.changes.flush();
  const done = copiedFrom ? `Copied the text of ${copiedFrom} (${from} linked to it) into ${to} and removed the link; ${copiedFrom} is unchanged.` : `Renamed ${from} to ${to}.`;
  const message = `${done}${ctx.documents.getByPath(from) ? ' The old buffer is still open under the old name: close it and open the new file.' : ''}`;
  ctx.showMessage('info', message);
  return { renamed: true, message };
}

async function exists(file: string): Promise<boolean> {
  return fsp.lstat(file).then(
    () => true,
    () => false,
  );
}
