import type { Finding, Severity } from '../core/findings';
import { VERSION } from '../version';
import { displayPath, pathToUri } from '../workspace/paths';

export interface FileFindings {
  /** Absolute path. */
  path: string;
  findings: Finding[];
}

export type CheckFormat = 'text' | 'json' | 'sarif';

/** The JSON of `agentls check --format json` (`lsp.md` §5). */
export interface CheckJson {
  diagnostics: {
    path: string;
    range: Finding['range'];
    severity: Severity;
    code: string;
    message: string;
  }[];
}

function sorted(results: FileFindings[], root: string): { path: string; f: Finding }[] {
  const rows = results.flatMap((r) => r.findings.map((f) => ({ path: displayPath(r.path, root), f })));
  return rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.f.range.start.line - b.f.range.start.line || a.f.range.start.character - b.f.range.start.character));
}

export function formatText(results: FileFindings[], root: string): string {
  const rows = sorted(results, root);
  const lines = rows.map(({ path: p, f }) => `${p}:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} [${f.code}] ${f.message}`);
  const counts = countBySeverity(rows.map((r) => r.f));
  lines.push(
    rows.length === 0
      ? 'No problems found.'
      : `${rows.length} problem${rows.length === 1 ? '' : 's'} (${counts.error} error${counts.error === 1 ? '' : 's'}, ${counts.warning} warning${counts.warning === 1 ? '' : 's'}, ${counts.information + counts.hint} info)`,
  );
  return lines.join('\n') + '\n';
}

export function formatJson(results: FileFindings[], root: string): string {
  const json: CheckJson = {
    diagnostics: sorted(results, root).map(({ path: p, f }) => ({ path: p, range: f.range, severity: f.severity, code: f.code, message: f.message })),
  };
  return JSON.stringify(json, null, 2) + '\n';
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** SARIF 2.1.0: one run, one rule per diagnostic code, 1-based lines and columns (UTF-16 units, declared). */
export function formatSarif(results: FileFindings[], root: string, describe: (code: string) => string | undefined = () => undefined): string {
  const rows = sorted(results, root);
  const codes = [...new Set(rows.map((r) => r.f.code))].sort();
  const ruleIndex = new Map(codes.map((c, i) => [c, i]));
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agentls',
            version: VERSION,
            informationUri: 'https://github.com/agentls/agentls',
            rules: codes.map((code) => ({
              id: code,
              name: code.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')),
              shortDescription: { text: describe(code) ?? code },
            })),
          },
        },
        columnKind: 'utf16CodeUnits',
        originalUriBaseIds: { ROOT: { uri: pathToUri(root).replace(/\/?$/, '/') } },
        results: rows.map(({ path: p, f }) => ({
          ruleId: f.code,
          ruleIndex: ruleIndex.get(f.code),
          level: SARIF_LEVEL[f.severity],
          message: { text: f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: p.startsWith('/') ? { uri: pathToUri(p) } : { uri: p.split('/').map(encodeURIComponent).join('/'), uriBaseId: 'ROOT' },
                region: {
                  startLine: f.range.start.line + 1,
                  startColumn: f.range.start.character + 1,
                  endLine: f.range.end.line + 1,
                  endColumn: f.range.end.character + 1,
                },
              },
            },
          ],
          ...(f.related?.length
            ? {
                relatedLocations: f.related.map((r, id) => ({
                  id,
                  message: { text: r.message },
                  physicalLocation: {
                    artifactLocation: { uri: pathToUri(r.path) },
                    region: { startLine: r.range.start.line + 1, startColumn: r.range.start.character + 1 },
                  },
                })),
              }
            : {}),
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

export function countBySeverity(findings: Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}
