import { Methods, type StatusResult } from '../../protocol/methods';
import { VERSION } from '../version';
import type { Feature, ServerContext } from './feature';

/** `agentls/status`: what the server is working on (roots, watcher, settings). */
export function statusFeature(watcherMode: () => StatusResult['watcher']): Feature {
  return {
    id: 'status',
    activate(ctx: ServerContext) {
      ctx.onRequest(Methods.status, (): StatusResult => ({
        version: VERSION,
        roots: ctx.session.roots.paths,
        watcher: watcherMode(),
        settings: ctx.settings(),
      }));
    },
  };
}
