import type { Range } from './text';

/** Severity names as users write them in settings and as the CLI prints them. */
export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A user-facing level: a severity, or `off` to drop the finding. */
export type Level = Severity | 'off';

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

export interface RelatedLocation {
  /** Absolute file system path. */
  path: string;
  range: Range;
  message: string;
}

/**
 * A problem an engine found in one document: plain data, no LSP types. The LSP layer
 * turns it into a `Diagnostic`, the CLI into text, JSON or SARIF.
 */
export interface Finding {
  /** Stable id in a family, e.g. `frontmatter/yaml-error`; users key severity overrides on it. */
  code: string;
  /** The engine's default; settings may override it per code. */
  severity: Severity;
  /** States the key fact on its own: some clients hide `related`. */
  message: string;
  range: Range;
  related?: RelatedLocation[];
  /** Faded or struck-through rendering hints. */
  tags?: ('unnecessary' | 'deprecated')[];
  /** Engine-private payload for code actions (must be JSON-serialisable). */
  data?: unknown;
}

/** Applies per-code overrides; returns undefined when the user turned the code off. */
export function applyLevel(finding: Finding, overrides: Record<string, Level> | undefined): Finding | undefined {
  if (!overrides) return finding;
  const level = overrides[finding.code] ?? overrides[familyOf(finding.code) + '/*'];
  if (level === undefined) return finding;
  if (level === 'off') return undefined;
  return level === finding.severity ? finding : { ...finding, severity: level };
}

export function familyOf(code: string): string {
  const slash = code.indexOf('/');
  return slash < 0 ? code : code.slice(0, slash);
}
