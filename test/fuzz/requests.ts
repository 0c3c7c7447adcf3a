import type { Random } from './random';
import type { FuzzWorld } from './world';

/** One fuzz case: a label that reproduces it (with the seed) and what it does. */
export interface FuzzCase {
  label: string;
  run(world: FuzzWorld): Promise<void>;
}

const METHODS = [
  'agentls/fileSearch',
  'agentls/fileSearchCancel',
  'agentls/ruleBuckets',
  'agentls/systemPrompt',
  'agentls/resolveRule',
  'agentls/hashlineRead',
  'agentls/hashlineApply',
  'agentls/astEditPreview',
  'agentls/astEditResolve',
  'agentls/parsePrompt',
  'agentls/convertPrompt',
  'agentls/status',
  'agentls/noSuchMethod',
  'textDocument/hover',
  'textDocument/completion',
  'textDocument/codeAction',
  'codeAction/resolve',
  'textDocument/documentLink',
  'textDocument/definition',
  'textDocument/diagnostic',
  'workspace/executeCommand',
];

const NOTIFICATIONS = ['textDocument/didOpen', 'textDocument/didChange', 'textDocument/didClose', 'textDocument/didSave', 'workspace/didChangeWatchedFiles', 'workspace/didChangeConfiguration', '$/cancelRequest'];

const KEYS = ['uri', 'textDocument', 'position', 'range', 'context', 'input', 'dryRun', 'path', 'ops', 'paths', 'lang', 'root', 'previewId', 'action', 'text', 'file_references', 'adapter', 'inline', 'query', 'query_id', 'max_results', 'name', 'command', 'arguments', 'startLine', 'endLine', 'version', 'contentChanges', 'changes', 'settings', 'id', 'line', 'character', 'data', 'pat', 'out'];

const COMMANDS = ['agentls.hashline.apply', 'agentls.hashline.read', 'agentls.astEdit.preview', 'agentls.astEdit.apply', 'agentls.rules.showBuckets', 'agentls.rules.showSystemPrompt', 'agentls.index.rebuild', 'agentls.fileSearch.report', 'agentls.prompt.parse', 'agentls.prompt.convert', 'agentls.nothing'];

/** A JSON value of any shape, with the keys and strings the server looks at. */
export function randomValue(rng: Random, world: FuzzWorld, depth = 0): unknown {
  const kind = rng.int(0, depth > 3 ? 5 : 9);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng.pick([0, -1, 1.5, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER, 1e308]);
    case 2:
      return rng.chance(0.5);
    case 3:
      return rng.nasty(rng.size(2000));
    case 4:
      return rng.pick([world.client.uri(`${world.ws}/src/a.ts`), world.client.uri(`${world.ws}/prompts/p.prompt.md`), 'file:///', 'file://', '', 'untitled:x', 'http://x/y', '../../etc/passwd', world.ws]);
    case 5:
      return rng.pick(['apply', 'discard', 'claude-code', 'generic', 'script', 'typescript', 'python', 'src', '**', 'rule://style']);
    case 6:
    case 7: {
      const out: Record<string, unknown> = {};
      for (let i = rng.int(0, 6); i > 0; i--) out[rng.pick(KEYS)] = randomValue(rng, world, depth + 1);
      return out;
    }
    default:
      return Array.from({ length: rng.int(0, 5) }, () => randomValue(rng, world, depth + 1));
  }
}

/** A request or notification with well-formed framing and any params. */
export function malformedRequest(rng: Random, world: FuzzWorld): FuzzCase {
  const notify = rng.chance(0.25);
  const method = notify ? rng.pick(NOTIFICATIONS) : rng.pick(METHODS);
  let params = randomValue(rng, world);
  if (method === 'workspace/executeCommand' && rng.chance(0.7)) params = { command: rng.pick(COMMANDS), arguments: [randomValue(rng, world)] };
  const shown = JSON.stringify(params)?.slice(0, 120);
  return {
    label: `${notify ? 'notification' : 'request'} ${method} ${shown}`,
    async run(w) {
      if (notify) {
        await w.client.notify(method, params);
        return;
      }
      const answer = await w.answer(method, params);
      w.assertClean(method, answer);
    },
  };
}
