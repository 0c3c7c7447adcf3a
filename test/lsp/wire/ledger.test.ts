import { describe, expect, it } from 'vitest';
import { WireLedger } from '../../../server/lsp/wire/ledger';

const request = (id: number | string, method: string, params: unknown = {}) => ({ jsonrpc: '2.0', id, method, params });
const search = (id: number, queryId = `q${id}`) => request(id, 'agentls/fileSearch', { query_id: queryId, query: 'x' });
const cancel = (id: number | string) => ({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } });
const ids = (answers: { id: number | string }[]) => answers.map((a) => a.id);

describe('WireLedger', () => {
  it('answers a cancelled read-only request once, and drops the answer the server thread gives it after', () => {
    const ledger = new WireLedger();
    expect(ledger.fromClient(request(1, 'textDocument/hover'))).toEqual([]);
    expect(ledger.fromClient(cancel(1))).toEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32800, message: 'textDocument/hover was cancelled' } }]);
    expect(ledger.fromClient(cancel(1))).toEqual([]);
    expect(ledger.fromServer(1)).toBe(false);
    // The id is free again: a new request with it is answered by the server as usual.
    expect(ledger.fromClient(request(1, 'textDocument/hover'))).toEqual([]);
    expect(ledger.fromServer(1)).toBe(true);
  });

  it('leaves requests that change something to the server thread, and requests already answered alone', () => {
    const ledger = new WireLedger();
    ledger.fromClient(request(1, 'agentls/hashlineApply'));
    ledger.fromClient(request(2, 'workspace/executeCommand'));
    ledger.fromClient(request(3, 'textDocument/completion'));
    expect(ledger.fromServer(3)).toBe(true);
    expect([...ledger.fromClient(cancel(1)), ...ledger.fromClient(cancel(2)), ...ledger.fromClient(cancel(3)), ...ledger.fromClient(cancel(99))]).toEqual([]);
    expect([ledger.fromServer(1), ledger.fromServer(2)]).toEqual([true, true]);
  });

  it('settles each search when the next one arrives, and agentls/fileSearchCancel by its query id', () => {
    const ledger = new WireLedger();
    expect(ids(ledger.fromClient(search(1)))).toEqual([]);
    expect(ids(ledger.fromClient(search(2)))).toEqual([1]);
    expect(ids(ledger.fromClient(search(3)))).toEqual([2]);
    expect(ids(ledger.fromClient({ jsonrpc: '2.0', method: 'agentls/fileSearchCancel', params: { query_id: 'q3' } }))).toEqual([3]);
    expect(ids(ledger.fromClient(search(4)))).toEqual([]);
    // A search the server has answered is not superseded again.
    expect(ledger.fromServer(4)).toBe(true);
    expect(ids(ledger.fromClient(search(5)))).toEqual([]);
    // A search the server refuses (params not an object) supersedes nothing there, nor here.
    expect(ids(ledger.fromClient(request(6, 'agentls/fileSearch', 7)))).toEqual([]);
  });

  it('answers a search whose agentls/fileSearchCancel overtook it as it arrives, and that one only', () => {
    const ledger = new WireLedger();
    expect(ids(ledger.fromClient({ jsonrpc: '2.0', method: 'agentls/fileSearchCancel', params: { query_id: 'q1' } }))).toEqual([]);
    expect(ids(ledger.fromClient(search(1)))).toEqual([1]);
    expect(ledger.fromServer(1)).toBe(false);
    // The cancel was spent: a later search of that query runs (and supersedes nothing that was answered).
    expect(ids(ledger.fromClient(search(2, 'q1')))).toEqual([]);
    expect(ledger.fromServer(2)).toBe(true);
  });

  it('gives no early answer for an id the client reuses while it is pending, and passes every answer the server gives it', () => {
    const ledger = new WireLedger();
    ledger.fromClient(request('a', 'textDocument/hover'));
    ledger.fromClient(request('a', 'textDocument/hover'));
    expect(ledger.fromClient(cancel('a'))).toEqual([]);
    expect([ledger.fromServer('a'), ledger.fromServer('a')]).toEqual([true, true]);
  });

  it('ignores what is not a request or notification of a known shape', () => {
    const ledger = new WireLedger();
    for (const junk of [null, 5, 'x', [], { id: 1 }, { method: 7 }, { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: null } }, { jsonrpc: '2.0', method: '$/cancelRequest' }]) {
      expect(ledger.fromClient(junk)).toEqual([]);
    }
    expect(ledger.fromServer(undefined)).toBe(true);
  });
});
