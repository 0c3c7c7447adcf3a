import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FrameWriter } from '../../../server/lsp/frameWriter';

/** Splits a byte stream into the JSON bodies of its frames, strictly by `Content-Length`. */
function frames(bytes: Buffer): unknown[] {
  const out: unknown[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headerEnd = bytes.indexOf('\r\n\r\n', at);
    expect(headerEnd).toBeGreaterThan(at);
    const length = Number(/^Content-Length: (\d+)$/.exec(bytes.subarray(at, headerEnd).toString('ascii'))![1]);
    out.push(JSON.parse(bytes.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')));
    at = headerEnd + 4 + length;
  }
  return out;
}

describe('the frame writer', () => {
  it('writes each message whole, in call order, with its length in bytes (not characters)', async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (d: Buffer) => chunks.push(d));
    const writer = new FrameWriter(stream);
    const big = { jsonrpc: '2.0' as const, id: 1, result: { text: 'é→😀'.repeat(50_000) } };
    const small = { jsonrpc: '2.0' as const, id: 2, error: { code: -32800, message: 'cancelled' } };
    const written = [writer.write(big), writer.write(small), writer.write({ jsonrpc: '2.0', method: 'x/ü', params: {} } as never)];
    // Handed to the stream at the call: no turn of the event loop between a message and the next.
    expect(chunks.length).toBe(3);
    await Promise.all(written);
    expect(frames(Buffer.concat(chunks))).toEqual([big, small, { jsonrpc: '2.0', method: 'x/ü', params: {} }]);
  });

  it('rejects a message that cannot be encoded and reports it, writing nothing', async () => {
    const stream = new PassThrough();
    const writer = new FrameWriter(stream);
    const errors: Error[] = [];
    writer.onError(([err]) => errors.push(err));
    const cyclic: Record<string, unknown> = { jsonrpc: '2.0', id: 3 };
    cyclic.result = cyclic;
    await expect(writer.write(cyclic as never)).rejects.toThrow();
    expect(errors).toHaveLength(1);
    expect(stream.read()).toBeNull();
  });
});
