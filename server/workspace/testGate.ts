import * as fs from 'node:fs';

/**
 * For tests that catch the server half-way through something (a first index, views made
 * from it): resolves once `gate` exists, polled every 20 ms. Only ever waited on where an
 * `AGENTLS_TEST_HOLD_*` variable names the gate; unset, nothing waits.
 */
export function untilFileExists(gate: string): Promise<void> | undefined {
  if (fs.existsSync(gate)) return undefined;
  return new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (!fs.existsSync(gate)) return;
      clearInterval(timer);
      resolve();
    }, 20);
  });
}
