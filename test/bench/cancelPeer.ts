/**
 * The load benchmark's peer: the least a Node stdio JSON-RPC server can do under the
 * same load, so that agentls's cancel latency can be set beside the floor this machine
 * gives any Node server. Plain Node, no agentls code and no library: it reads LSP frames
 * from stdin and
 *
 * - answers `initialize` and `agentls/status` at once;
 * - keeps `agentls/fileSearch` pending and answers it with no candidates after
 *   `SEARCH_MS` (a timer: it never uses the CPU for a search);
 * - answers a pending search `RequestCancelled` when its `$/cancelRequest` or
 *   `agentls/fileSearchCancel` arrives, or a newer search does, in the turn it reads them.
 *
 * Run as `node cancelPeer.js` by `load.ts`.
 */

const CANCELLED = -32800;
/** How long a search the peer is left to finish "takes": about what agentls takes on the benchmark's 20k files. */
const SEARCH_MS = 3;

type Id = number | string;

interface Message {
  id?: Id;
  method?: string;
  params?: { id?: Id; query_id?: string } & Record<string, unknown>;
}

function write(message: object): void {
  const body = JSON.stringify(message);
  process.stdout.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

const pending = new Map<string, { id: Id; timer: NodeJS.Timeout }>();
const requestOfQuery = new Map<string, Id>();

function settle(id: Id, outcome: { result: unknown } | { error: { code: number; message: string } }): void {
  const p = pending.get(String(id));
  if (!p) return;
  clearTimeout(p.timer);
  pending.delete(String(id));
  write({ jsonrpc: '2.0', id, ...outcome });
}

function cancel(id: Id | undefined, why: string): void {
  if (id !== undefined) settle(id, { error: { code: CANCELLED, message: `agentls/fileSearch ${why}` } });
}

function handle(m: Message): void {
  switch (m.method) {
    case 'initialize':
      write({ jsonrpc: '2.0', id: m.id, result: { capabilities: {}, serverInfo: { name: 'cancel-peer' } } });
      return;
    case 'agentls/status':
      write({ jsonrpc: '2.0', id: m.id, result: { peer: true } });
      return;
    case 'agentls/fileSearch': {
      for (const older of [...pending.values()]) cancel(older.id, 'was superseded by a newer search');
      const id = m.id!;
      const timer = setTimeout(() => settle(id, { result: { candidates: [] } }), SEARCH_MS);
      pending.set(String(id), { id, timer });
      if (typeof m.params?.query_id === 'string') requestOfQuery.set(m.params.query_id, id);
      return;
    }
    case '$/cancelRequest':
      cancel(m.params?.id, 'was cancelled');
      return;
    case 'agentls/fileSearchCancel': {
      const queryId = m.params?.query_id;
      if (typeof queryId !== 'string') return;
      cancel(requestOfQuery.get(queryId), 'was cancelled');
      requestOfQuery.delete(queryId);
      return;
    }
    case 'shutdown':
      write({ jsonrpc: '2.0', id: m.id, result: null });
      return;
    case 'exit':
      process.exit(0);
      return;
    default:
      if (m.id !== undefined && m.method !== undefined) write({ jsonrpc: '2.0', id: m.id, result: null });
  }
}

let input: Buffer = Buffer.alloc(0);
process.stdin.on('data', (chunk: Buffer) => {
  input = input.length === 0 ? chunk : Buffer.concat([input, chunk]);
  for (;;) {
    const headerEnd = input.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const length = Number(/Content-Length: *(\d+)/i.exec(input.subarray(0, headerEnd).toString('latin1'))?.[1]);
    const start = headerEnd + 4;
    if (!Number.isFinite(length) || input.length < start + length) return;
    const message = JSON.parse(input.subarray(start, start + length).toString('utf8')) as Message;
    input = input.subarray(start + length);
    handle(message);
  }
});
process.stdin.on('end', () => process.exit(0));
