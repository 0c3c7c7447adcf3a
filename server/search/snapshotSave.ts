import { yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { PathTable } from './pathTable';
import { encodeSnapshot, snapshotChunks, type ListingFacts } from './snapshot';
import type { IndexStore } from './store';

/**
 * Longest piece of a save between two turns of the event loop: making the chunks and
 * writing them held the thread 60-140 ms in one go for the 92k-file tree, and a keystroke
 * or a cancel arriving then waited for all of it (issue 13 asks 5 ms for a cancel).
 */
const SAVE_SLICE_MS = 1;
/**
 * Chunks handed to the store at once. Measured on the 92k-file tree (16 MB, 2 cores) when
 * each was a SQLite transaction: slices of 1 ms with 4 chunks kept the event loop's longest
 * wait near 2 ms; 2 ms with 8 chunks, near 3-4 ms. A file write of four is cheaper still.
 */
const CHUNKS_PER_WRITE = 4;

/** How a sliced save ended: written; the table changed under it (not written); the store failed; stopped by its owner. */
export type SlicedSaveOutcome = 'saved' | 'changed' | 'failed' | 'stopped';

/**
 * Saves a folder's file list a slice at a time: the chunks are made and written a few at a
 * time beside the saved list, which they replace at the end in one step. The table must
 * not change meanwhile: when its generation moves between slices the save is dropped
 * ('changed'), the old list staying the saved one. With `copyFirst` the chunks are all
 * made at once (10-20 ms for the 92k tree) and only written in slices: for a table that
 * changes too often for the other way. The owner makes sure one save of a folder runs at
 * a time.
 */
export async function saveInSlices(table: PathTable, store: IndexStore, root: string, stop: Cancellation, options: { sliceMs?: number; copyFirst?: boolean; listing?: ListingFacts } = {}): Promise<SlicedSaveOutcome> {
  const sliceMs = options.sliceMs ?? SAVE_SLICE_MS;
  const generation = table.generation;
  const chunks = options.copyFirst ? encodeSnapshot(table, options.listing)[Symbol.iterator]() : snapshotChunks(table, options.listing);
  const writing = store.beginSnapshot(root);
  try {
    for (let made = false; !made; ) {
      const sliceStart = performance.now();
      do {
        const batch: Uint8Array[] = [];
        for (let next = chunks.next(); ; next = chunks.next()) {
          if (next.done) {
            made = true;
            break;
          }
          batch.push(next.value);
          if (batch.length === CHUNKS_PER_WRITE) break;
        }
        if (batch.length > 0 && !writing.add(batch)) return 'failed';
      } while (!made && performance.now() - sliceStart < sliceMs);
      if (made) break;
      await yieldToEventLoop();
      const outcome = stop.isCancellationRequested ? 'stopped' : !options.copyFirst && table.generation !== generation ? 'changed' : undefined;
      if (outcome) {
        writing.abandon();
        return outcome;
      }
    }
  } catch (err) {
    // Whatever stopped the save, the saved list stays and the half-written one goes.
    writing.abandon();
    throw err;
  }
  // Reached without a turn of the event loop when one slice held every chunk: the owner's timer sees the save begun.
  return (await writing.commit()) ? 'saved' : 'failed';
}
