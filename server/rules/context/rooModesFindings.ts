import type { Finding } from '../../core/findings';
import { agentModel } from '../agents';
import type { RooModesRefusal } from '../rooModes';
import { contextFinding } from './codes';

/**
 * A root's `.roomodes` Roo Code refuses, or one agentls did not read (`unread`: why, as a clause),
 * as Roo Code's view read it (`rooView`, `readRooModes`).
 */
export type RooModesNote = { path: string } & (RooModesRefusal | { unread: string });

/**
 * On a `.roomodes` Roo Code refuses, at the line of the fault: an error, since Roo Code then runs
 * without any of the file's modes (`readRooModes` has the source), so neither the modes nor their
 * rules are what the file says. On one agentls did not read (too large, …), a warning at its top:
 * a path agentls cannot check is said, as Roo Code reads it all the same.
 */
export function rooModesFindings(notes: readonly RooModesNote[]): Map<string, Finding[]> {
  const name = agentModel('roo').name;
  return new Map(
    notes.map((r) => {
      if ('unread' in r) {
        const message = `agentls has not read this file: ${r.unread}. ${name} reads it whole, so whether it refuses the file, and which custom modes it takes from it (and so which ~/.roo/rules-{mode}/ folders it reads), is not checked.`;
        return [r.path, [contextFinding('context/roomodes-unread', 'warning', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message)]];
      }
      const at = { start: { line: r.line, character: 0 }, end: { line: r.line, character: 0 } };
      const message = `${name} refuses this file and runs without any of its custom modes (it shows "${r.shown}"): ${r.why}.`;
      return [r.path, [contextFinding('context/roomodes-refused', 'error', at, message)]];
    }),
  );
}
