import type { Finding } from '../../core/findings';
import { agentModel } from '../agents';
import type { RooModesRefusal } from '../rooModes';
import { contextFinding } from './codes';

/** A root's `.roomodes` Roo Code refuses (`readRooModes`), as Roo Code's view read it (`rooView`). */
export interface RooModesRefused extends RooModesRefusal {
  path: string;
}

/**
 * On a `.roomodes` Roo Code refuses, at the line of the fault: an error, since Roo Code then runs
 * without any of the file's modes (`readRooModes` has the source), so neither the modes nor their
 * rules are what the file says.
 */
export function rooModesFindings(refused: readonly RooModesRefused[]): Map<string, Finding[]> {
  const name = agentModel('roo').name;
  return new Map(
    refused.map((r) => {
      const at = { start: { line: r.line, character: 0 }, end: { line: r.line, character: 0 } };
      const message = `${name} refuses this file and runs without any of its custom modes (it shows "${r.shown}"): ${r.why}.`;
      return [r.path, [contextFinding('context/roomodes-refused', 'error', at, message)]];
    }),
  );
}
