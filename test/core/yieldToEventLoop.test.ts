import * as net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { yieldToEventLoop } from '../../server/core/cancel';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A connected pair of local sockets: bytes written on `a` arrive as `data` on `b` at the loop's next poll. */
async function socketPair(): Promise<{ a: net.Socket; b: net.Socket }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
  const a = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => a.once('connect', resolve));
  const b = await accepted;
  cleanups.push(() => (a.destroy(), b.destroy(), server.close()));
  return { a, b };
}

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // a slice of work that holds the thread
  }
}

/**
 * Long work yields between slices so that input (a cancel) is read promptly. With several
 * pieces of work yielding at once, each turn of the event loop must continue only one of
 * them: input that arrives during a slice is read after that slice, not after a slice of each.
 */
describe('yieldToEventLoop', () => {
  it('continues one piece of yielded work per turn of the event loop, so input waits behind one slice', async () => {
    const { a, b } = await socketPair();
    let slices = 0;
    const seenAfter: number[] = [];
    let sentAt = -1;
    b.on('data', () => seenAfter.push(slices - sentAt));
    const work = async (rounds: number) => {
      for (let i = 0; i < rounds; i++) {
        busy(0.3);
        slices++;
        // Input arrives now and then, while the other workers have a slice queued.
        if (slices % 23 === 7) {
          sentAt = slices;
          a.write('x');
        }
        await yieldToEventLoop();
      }
    };
    await Promise.all([work(60), work(60), work(60), work(60), work(60)]);
    expect(seenAfter.length).toBeGreaterThan(0);
    // Read after the slice during which it arrived and at most one more (five workers ran five back to back).
    expect(Math.max(...seenAfter)).toBeLessThanOrEqual(2);
  });

  it('keeps every piece of work going, in the order they yielded', async () => {
    const order: string[] = [];
    const work = async (name: string) => {
      for (let i = 0; i < 3; i++) {
        order.push(`${name}${i}`);
        await yieldToEventLoop();
      }
    };
    await Promise.all([work('a'), work('b'), work('c')]);
    expect(order).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'c1', 'a2', 'b2', 'c2']);
  });
});
