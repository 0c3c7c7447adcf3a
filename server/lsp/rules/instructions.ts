import type { AgentView } from '../../rules/context/agentView';
import { instructionViews, sessionInstructionHost, touchesInstructions, type InstructionViews } from '../../rules/context/instructionViews';
import type { ServerContext } from '../feature';

interface Entry {
  views: Promise<InstructionViews>;
  done?: InstructionViews;
}

/**
 * The views of Claude Code, Copilot and the AGENTS.md readers for each folder
 * (`rules/context/instructionViews.ts`), read on first use through the rule reader with
 * open buffers over it, and kept until a file they read or looked for changes (on disk
 * or in a buffer), or the roots or settings do.
 */
export class InstructionViewsCache {
  private readonly byRoot = new Map<string, Entry>();
  private listening = false;

  constructor(private readonly context: () => ServerContext) {}

  async views(root: string): Promise<AgentView[]> {
    this.listen();
    let entry = this.byRoot.get(root);
    if (!entry) {
      const ctx = this.context();
      const created: Entry = { views: instructionViews(root, sessionInstructionHost(ctx.session, ctx.documents.ruleFs)) };
      created.views.then((v) => (created.done = v)).catch(() => this.byRoot.delete(root));
      this.byRoot.set(root, (entry = created));
    }
    return (await entry.views).views;
  }

  /** A file changed at `p` (on disk, or an open buffer): the folders whose views read it are read again when next asked. */
  touched(p: string): void {
    for (const [root, entry] of this.byRoot) {
      // Still being read: the change may have come after a file was read, so the result is not kept.
      if (!entry.done || touchesInstructions(entry.done, p)) this.byRoot.delete(root);
    }
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    const ctx = this.context();
    ctx.session.changes.onChanges((batch) => {
      for (const change of batch) this.touched(change.path);
    });
    ctx.onRootsChanged(() => this.byRoot.clear());
    ctx.onSettingsChanged((next, previous) => {
      if (next.home !== previous.home || JSON.stringify(next.rules.agents) !== JSON.stringify(previous.rules.agents)) this.byRoot.clear();
    });
  }
}
