import { Scorer } from './score';

let shared: Scorer | undefined;

/**
 * The scorer every search shares. A scorer holds path-sized buffers (about 90 KB); made
 * per search (or per candidate) at hundreds of searches a second they were most of the
 * native memory a search allocated, and left the heap fragmented above its resting size
 * long after the load (the load benchmark's "RSS 10 s after"). Sharing is safe because
 * no caller keeps a loaded path across an `await`: each loads and scores in one step.
 */
export function sharedScorer(): Scorer {
  return (shared ??= new Scorer());
}
