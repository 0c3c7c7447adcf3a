import { userToolFolderAgent } from '../../rules/brokenToolFolders';
import { agentsInPlay, outOfPlayUserFolder } from '../../rules/context/userLevelFiles';
import type { WorkspaceSession } from '../../workspace/session';
import type { InstructionViewsCache } from './instructions';

/**
 * Another agent's user-level rule folder the engine reports (`~/.roo/rules` a link to nothing), in
 * the editor: its findings are shown only where that agent is in play in some workspace folder
 * (`outOfPlayUserFolder`, from each folder's instruction views), as `agentls check` counts it in
 * its note and `agentls rules` lists it: a user of Cursor alone is not told of a broken
 * `~/.roo/rules`. Which agents are in play changes with files the engine says nothing of on the
 * link (a project's first `.roo/rules` file), so after each change the places whose answer
 * changed are found (`changed`) and pushed again. The views are asked only for such places.
 */
export class UserFoldersInPlay {
  /** The places last found out of play, their findings held back. */
  private readonly held = new Set<string>();

  constructor(
    private readonly session: () => WorkspaceSession,
    private readonly instructions: InstructionViewsCache,
  ) {}

  /** Whether the findings of `p` are held back now: another agent's user-level folder, that agent in play in none of `roots`. */
  async holdsBack(roots: readonly string[], p: string): Promise<boolean> {
    const session = this.session();
    if (userToolFolderAgent(session.home, p) === undefined) return false;
    const out = outOfPlayUserFolder(session, p, await this.inPlay(roots));
    if (out) this.held.add(p);
    else this.held.delete(p);
    return out;
  }

  /** Of `reported`, the user-level folders whose answer differs from the one `holdsBack` last gave: their findings are due again. */
  async changed(roots: readonly string[], reported: Iterable<string>): Promise<Set<string>> {
    const session = this.session();
    const places = [...reported].filter((p) => userToolFolderAgent(session.home, p) !== undefined);
    if (places.length === 0) return new Set();
    const inPlay = await this.inPlay(roots);
    return new Set(places.filter((p) => outOfPlayUserFolder(session, p, inPlay) !== this.held.has(p)));
  }

  /** The agents in play in any of `roots`, as `check` takes them over the workspace (`shownUserLevelFiles`). */
  private async inPlay(roots: readonly string[]): Promise<Set<string>> {
    const snapshots = await Promise.all(roots.map((root) => this.instructions.snapshot(root)));
    return agentsInPlay(snapshots.flatMap((s) => s.views));
  }
}
