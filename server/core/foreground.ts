import { yieldToEventLoop } from './cancel';

/** When each request being answered now started (`performance.now()`). */
const answering = new Set<{ since: number }>();
let waiting: (() => void)[] = [];

/** Longest a background slice waits for requests to be answered at a time. */
const MAX_WAIT_MS = 200;
/**
 * A request answered for longer than this no longer holds background work back: a long
 * one (a full rebuild, an edit the client never confirms) must not stop it for good.
 */
const HOLDS_FOR_MS = 2000;

/**
 * Marks a request as being answered until the returned function is called. Background
 * work (listing folders to watch them) steps aside meanwhile: at start-up the first
 * answer otherwise shares the one thread with the listing of every folder.
 */
export function answeringRequest(): () => void {
  const entry = { since: performance.now() };
  answering.add(entry);
  return () => {
    if (!answering.delete(entry) || holding()) return;
    const wake = waiting;
    waiting = [];
    for (const w of wake) w();
  };
}

function holding(): boolean {
  const now = performance.now();
  for (const a of answering) if (now - a.since < HOLDS_FOR_MS) return true;
  return false;
}

/**
 * Background work's yield: queued messages run, and while a request is being answered the
 * work waits until it is (at most `MAX_WAIT_MS` a time).
 */
export async function yieldToRequests(): Promise<void> {
  await yieldToEventLoop();
  if (!holding()) return;
  await new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    // A waiter that times out leaves the list, so that waiters never pile up under a steady stream of requests.
    const timer = setTimeout(() => {
      const at = waiting.indexOf(wake);
      if (at >= 0) waiting.splice(at, 1);
      resolve();
    }, MAX_WAIT_MS);
    waiting.push(wake);
  });
}

/**
 * Background work that has not begun yet waits here until no request is being answered:
 * at start-up the editor's first question (a file search) then has the thread to itself
 * instead of sharing it with the rules' discovery, which nothing waits for. The wait is
 * no longer than the requests take, and a request stops holding after `HOLDS_FOR_MS`.
 */
export async function afterRequestsAnswered(): Promise<void> {
  do await yieldToRequests();
  while (holding());
}
