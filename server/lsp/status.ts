import { Methods, type StatusResult } from '../../protocol/methods';
import { VERSION } from '../version';
import type { Feature, ServerContext } from './feature';

/** `agentls/status`: what the server is working on (roots, watcher and how far its watching is, settings). */
export function statusFeature(watcherMode: () => StatusResult['watcher'], watching: () => StatusResult['watching'] | undefined): Feature {
  return {
    id: 'status',
    activate(ctx: ServerContext) {
      ctx.onRequest(Methods.status, (): StatusResult => ({
        version: VERSION,
        roots: ctx.session.roots.paths,
        watcher: watcherMode(),
        watching: watching() ?? { state: 'off', folders: 0, watched: 0, roots: [] },
        settings: ctx.settings(),
      }));
    },
  };
}
