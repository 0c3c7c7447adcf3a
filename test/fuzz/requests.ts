import { Methods } from '../../protocol/methods';
import { ALL_REQUESTS } from '../helpers/requestMethods';
import type { Random } from './random';
import type { FuzzWorld } from './world';

/** One fuzz case: a label that reproduces it (with the seed) and what it does. */
export interface FuzzCase {
  label: string;
  run(world: FuzzWorld): Promise<void>;
}

// Every request (`test/helpers/requestMethods.ts`), the cancel notification, and a method nobody answers.
const METHODS = [...ALL_REQUESTS, Methods.fileSearchCancel, 'agentls/noSuchMethod'];

const NOTIFICATIONS = ['textDocument/didOpen', 'textDocument/didChange', 'textDocument/didClose', 'textDocument/didSave', 'workspace/didChangeWatchedFiles', 'workspace/didChangeConfiguration', '$/cancelRequest'];

const KEYS = ['uri', 'textDocument', 'position', 'range', 'context', 'input', 'dryRun', 'path', 'ops', 'paths', 'lang', 'root', 'previewId', 'action', 'text', 'file_references', 'adapter', 'inline', 'query', 'query_id', 'max_results', 'name', 'command', 'arguments', 'startLine', 'endLine', 'version', 'contentChanges', 'changes', 'settings', 'id', 'line', 'character', 'data', 'pat', 'out'];

/** The commands the server advertises, and one it does not. */
function commands(world: FuzzWorld): string[] {
  return [...(world.client.initializeResult.capabilities.executeCommandProvider?.commands ?? []), 'agentls.nothing'];
}

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

/** Well-formed params of each request, as a real client sends them: mutated, they reach past the first check. */
function validParams(method: string, world: FuzzWorld): unknown {
  const uri = world.client.uri(`${world.ws}/prompts/p.prompt.md`);
  const at = { textDocument: { uri }, position: { line: 5, character: 8 } };
  const range = { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } };
  switch (method) {
    case 'agentls/fileSearch':
      return { query_id: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b', query: 'notes', max_results: 10, scope: 'workspace' };
    case 'agentls/fileSearchCancel':
      return { query_id: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b' };
    case 'agentls/resolveRule':
      return { url: 'rule://style' };
    case 'agentls/hashlineRead':
      return { uri: world.client.uri(`${world.ws}/notes.txt`), startLine: 1, endLine: 2 };
    case 'agentls/hashlineApply':
      return { input: '§notes.txt\n»EOF\nfour\n', dryRun: true };
    case 'agentls/astEditPreview':
      return { ops: [{ pat: 'console.log($A)', out: 'log($A)' }], paths: ['src'] };
    case 'agentls/astEditResolve':
      return { previewId: 'x', action: 'discard' };
    case 'agentls/parsePrompt':
    case 'agentls/convertPrompt':
      return { text: 'see <@file:ref_0|notes.txt>', file_references: [{ ref_id: 'ref_0', path: 'notes.txt' }], adapter: 'generic', inline: true, uri };
    case 'textDocument/codeAction':
      return { textDocument: { uri }, range, context: { diagnostics: [] } };
    case 'textDocument/documentLink':
    case 'textDocument/diagnostic':
      return { textDocument: { uri } };
    case 'workspace/executeCommand':
      return { command: 'agentls.hashline.read', arguments: [{ uri: world.client.uri(`${world.ws}/notes.txt`) }] };
    default:
      return at;
  }
}

/** `value` with one to three fields replaced, removed or set to a random value, at any depth. */
function mutate(rng: Random, world: FuzzWorld, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return rng.chance(0.5) ? randomValue(rng, world, 2) : value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0) return randomValue(rng, world, 2);
  for (let n = rng.int(1, 3); n > 0; n--) {
    const key = rng.pick(keys);
    const record = copy as Record<string, unknown>;
    const r = rng.int(0, 3);
    if (r === 0) delete record[key];
    else if (r === 1) record[key] = randomValue(rng, world, 2);
    else record[key] = mutate(rng, world, record[key]);
  }
  return copy;
}

/** A request or notification with well-formed framing and any params. */
export function malformedRequest(rng: Random, world: FuzzWorld): FuzzCase {
  const notify = rng.chance(0.25);
  const method = notify ? rng.pick(NOTIFICATIONS) : rng.pick(METHODS);
  let params = rng.chance(0.7) && !notify ? mutate(rng, world, validParams(method, world)) : randomValue(rng, world);
  if (method === 'workspace/executeCommand' && rng.chance(0.5)) params = { command: rng.pick(commands(world)), arguments: [mutate(rng, world, validParams(rng.pick(METHODS), world))] };
  const shown = JSON.stringify(params)?.slice(0, 160);
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
