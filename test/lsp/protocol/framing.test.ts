import { afterEach, describe, expect, it } from 'vitest';
import { RawLspClient, useRawClients } from '../../helpers/rawClient';
import { tempDir } from '../../helpers/repo';

const start = useRawClients(afterEach);

const status = (id: number) => ({ jsonrpc: '2.0', id, method: 'agentls/status', params: {} });
const body = (id: number) => Buffer.from(JSON.stringify(status(id)));

/** Bad frames followed by a good request: the good one must be answered, and the bad one logged. */
async function expectRecovery(bad: Buffer | string, logged: RegExp): Promise<RawLspClient> {
  const c = await start([tempDir()]);
  c.write(bad);
  c.send(status(50));
  const answer = await c.response(50);
  expect(answer.result).toMatchObject({ roots: [expect.any(String)] });
  expect(c.logLines().join('\n')).toMatch(logged);
  expect(c.exitCode).toBeUndefined();
  return c;
}

describe('bad frame headers are logged and reading resumes at the next header', () => {
  it('a header without Content-Length', async () => {
    await expectRecovery(`Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body(7)}`, /without Content-Length/);
  });

  it('a Content-Length that is not a number', async () => {
    await expectRecovery(`Content-Length: twelve\r\n\r\n${body(7)}`, /Content-Length is not a number/);
  });

  it('a header line without a colon', async () => {
    await expectRecovery(`Content-Length 12\r\n\r\n${body(7)}`, /without a name and a colon/);
  });

  it('garbage bytes between frames', async () => {
    await expectRecovery('hello, is anybody there?\r\n\r\n\u0000\u0001', /skipped \d+ bytes|bad message header/);
  });

  it('a Content-Length that is too small: the garbage is skipped', async () => {
    const b = body(7);
    await expectRecovery(Buffer.concat([Buffer.from(`Content-Length: ${b.length - 10}\r\n\r\n`), b]), /Content-Length said|skipped/);
  });

  it('a Content-Length that is too large: the message is read and the next one too', async () => {
    const c = await start([tempDir()]);
    const b = body(7);
    c.write(Buffer.concat([Buffer.from(`Content-Length: ${b.length + 40}\r\n\r\n`), b]));
    c.send(status(8));
    expect((await c.response(8)).result).toMatchObject({ roots: [expect.any(String)] });
    expect((await c.response(7)).result).toMatchObject({ roots: [expect.any(String)] });
    expect(c.logLines().join('\n')).toMatch(/Content-Length said \d+ bytes but the message was/);
  });
});

describe('frames that are only unusual are read', () => {
  it('LF-only header line ends', async () => {
    const c = await start([tempDir()]);
    const b = body(7);
    c.write(Buffer.concat([Buffer.from(`Content-Length: ${b.length}\n\n`), b]));
    expect((await c.response(7)).result).toMatchObject({ roots: [expect.any(String)] });
  });

  it('a byte-order mark before the header and before the body', async () => {
    const c = await start([tempDir()]);
    const b = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body(7)]);
    c.write(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`Content-Length: ${b.length}\r\n\r\n`), b]));
    expect((await c.response(7)).result).toMatchObject({ roots: [expect.any(String)] });
  });

  it('a message split across many writes, one byte at a time', async () => {
    const c = await start([tempDir()]);
    const frame = RawLspClient.frame(status(7));
    for (const byte of frame) c.write(Buffer.from([byte]));
    expect((await c.response(7)).result).toMatchObject({ roots: [expect.any(String)] });
  });

  it('a body that mentions Content-Length inside a string', async () => {
    const c = await start([tempDir()]);
    const tricky = { jsonrpc: '2.0', id: 7, method: 'agentls/status', params: { note: '}Content-Length: 3\r\n\r\n{}' } };
    c.send(tricky, status(8));
    expect((await c.response(7)).result).toMatchObject({ roots: [expect.any(String)] });
    expect((await c.response(8)).result).toMatchObject({ roots: [expect.any(String)] });
  });
});

/** Both ways the server reads: on its wire thread (stdin a pipe, as editors start it), and on its own thread. */
describe.each([
  ['on the wire thread', {}],
  ['on the server thread (AGENTLS_WIRE_THREAD=0)', { AGENTLS_WIRE_THREAD: '0' }],
])('a frame that holds no request is answered with a JSON-RPC error (id null), %s', (_, env) => {
  const refusals = (c: RawLspClient, code: number) => c.received.filter((m) => m.id === null && m.error?.code === code);
  const frameOf = (text: string) => Buffer.concat([Buffer.from(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n`), Buffer.from(text)]);

  it('a body broken before its end: Parse error at once, with no next message to wait for', async () => {
    const c = await start([tempDir()], { env });
    c.write(frameOf('{"jsonrpc":"2.0","id":9,method:"agentls/status"}'));
    await c.waitFor('a Parse error', () => refusals(c, -32700).length === 1);
    expect(refusals(c, -32700)[0].error!.message).toMatch(/not JSON/);
    c.send(status(50));
    expect((await c.response(50)).result).toMatchObject({ roots: [expect.any(String)] });
    expect(refusals(c, -32700)).toHaveLength(1);
  });

  it('a body cut short at its declared length: Parse error once the next header shows no more of it comes', async () => {
    const c = await start([tempDir()], { env });
    c.write(frameOf('{"jsonrpc":"2.0","id":9,"method":"agentls/sta'));
    c.send(status(50));
    expect((await c.response(50)).result).toMatchObject({ roots: [expect.any(String)] });
    await c.waitFor('a Parse error', () => refusals(c, -32700).length === 1);
    expect(c.responses(9)).toEqual([]);
  });

  it('a JSON array (LSP has no batches): Invalid Request', async () => {
    const c = await start([tempDir()], { env });
    c.write(frameOf(JSON.stringify([status(9)])));
    await c.waitFor('an Invalid Request', () => refusals(c, -32600).length === 1);
    expect(refusals(c, -32600)[0].error!.message).toMatch(/not a JSON object/);
  });

  it('a too-short Content-Length is still mended silently: the message is answered, no error', async () => {
    const c = await start([tempDir()], { env });
    const b = body(7);
    c.write(Buffer.concat([Buffer.from(`Content-Length: ${b.length - 10}\r\n\r\n`), b]));
    c.send(status(50));
    expect((await c.response(50)).result).toMatchObject({ roots: [expect.any(String)] });
    expect((await c.response(7)).result).toMatchObject({ roots: [expect.any(String)] });
    expect(c.received.filter((m) => m.id === null)).toEqual([]);
  });
});

describe('a message nested too deep is refused, and the messages read with it are answered', () => {
  const deepStatus = (id: number | undefined, depth: number) =>
    `{"jsonrpc":"2.0",${id === undefined ? '' : `"id":${id},`}"method":"agentls/status","params":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}`;

  // Found by fuzzing: past some thousands of levels the copy to the server's thread overflowed the stack, losing
  // the whole chunk (10,000 levels: no answer to any request read with it) or the connection (100,000: the server exited).
  for (const depth of [10_000, 100_000]) {
    it(`a request ${depth.toLocaleString('en')} levels deep: Invalid Request with its id`, async () => {
      const c = await start([tempDir()]);
      c.write(Buffer.concat([RawLspClient.frame(status(1001)), RawLspClient.frame(deepStatus(1002, depth)), RawLspClient.frame(status(1003))]));
      for (const id of [1001, 1003]) expect((await c.response(id)).result).toMatchObject({ roots: [expect.any(String)] });
      expect((await c.response(1002)).error).toMatchObject({ code: -32600, message: expect.stringMatching(/nested deeper than 1000 levels/) });
      expect(c.exitCode).toBeUndefined();
    });
  }

  it('a notification: logged, not answered', async () => {
    const c = await start([tempDir()]);
    c.write(Buffer.concat([RawLspClient.frame(deepStatus(undefined, 10_000)), RawLspClient.frame(status(1004))]));
    expect((await c.response(1004)).result).toMatchObject({ roots: [expect.any(String)] });
    await c.waitFor('the log line', () => c.logLines().some((l) => /nested deeper than 1000 levels/.test(l)));
    expect(c.received.filter((m) => m.id === null)).toEqual([]);
  });

  it('a request 1000 levels deep is read', async () => {
    const c = await start([tempDir()]);
    c.write(RawLspClient.frame(deepStatus(1005, 998)));
    expect((await c.response(1005)).result).toMatchObject({ roots: [expect.any(String)] });
  });
});

describe('JSON that is no request, notification or response is answered Invalid Request', () => {
  // JSON-RPC 2.0, "Request object" and "Error object": a method is a string, an id a string, a number or null; an
  // Invalid Request is answered with the request's id when it can be read, else null. Found by fuzzing: no answer came.
  it('a method that is no string: answered with its id', async () => {
    const c = await start([tempDir()]);
    c.write(RawLspClient.frame('{"jsonrpc":"2.0","id":1006,"method":42}'));
    c.send(status(1007));
    expect((await c.response(1007)).result).toMatchObject({ roots: [expect.any(String)] });
    expect((await c.response(1006)).error).toMatchObject({ code: -32600, message: expect.stringMatching(/method is not a string/) });
  });

  it('an id that is an object: answered with a null id', async () => {
    const c = await start([tempDir()]);
    c.write(RawLspClient.frame('{"jsonrpc":"2.0","id":{"a":1},"method":"agentls/status"}'));
    await c.waitFor('an Invalid Request', () => c.received.some((m) => m.id === null && m.error?.code === -32600));
    expect(c.received.find((m) => m.id === null)!.error!.message).toMatch(/id is neither a string nor a number/);
  });
});
