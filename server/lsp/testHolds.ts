import { untilFileExists } from '../workspace/testGate';

export { untilFileExists };

/**
 * Holds `what` until the file `process.env[variable]` names exists, saying so in the log
 * (the state a test waits for before it moves the server on). Unset, returns at once.
 */
export async function testHold(variable: string, what: string, say: (line: string) => void): Promise<void> {
  const gate = process.env[variable];
  const held = gate ? untilFileExists(gate) : undefined;
  if (!held) return;
  say(`test: holding ${what} until ${gate} exists`);
  await held;
}

/**
 * For tests that run the server against a small limit (`AGENTLS_TEST_DISK_LOOK_FILES=20`): the
 * whole number `process.env[variable]` holds. Unset (or not a whole number), undefined: the
 * limit the server always uses.
 */
export function testLimit(variable: string): number | undefined {
  const value = process.env[variable];
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** How long a wait for a folder's first listing lasts while a test holds it before its first files: longer than any test. */
const HELD_INDEX_WAIT_MS = 10 * 60_000;

/**
 * A wait of `ms` for a folder's first listing, stretched while a test holds that listing before
 * its first files (`AGENTLS_TEST_HOLD_INDEX_START`): a cancel or a newer request sent after the
 * wait began then surely finds it waiting, whatever the machine's load.
 */
export function indexWaitMs(ms: number): number {
  return process.env.AGENTLS_TEST_HOLD_INDEX_START ? HELD_INDEX_WAIT_MS : ms;
}
