import type { FileCandidatesPayload } from '../../../protocol/rawp';
import type { SearchRequest } from '../../search/request';

/**
 * The file search as a Markdown report (the `agentls.fileSearch.report` command, for
 * clients that drop command results): the query, then each candidate with its matched
 * characters in bold. During a first index it says the list is partial: a report is not
 * searched again as "Go to file" is, so the user runs the command again.
 */
export function fileSearchReport(request: SearchRequest, result: FileCandidatesPayload): string {
  const lines = [`# File search: \`${request.query.replace(/`/g, "'")}\``, ''];
  const shown = result.candidates.length;
  lines.push(`${shown} of ${result.total_count ?? shown} matching files (scope ${request.scope}).`, '');
  if (result.indexing) {
    const n = result.indexed_count ?? 0;
    lines.push(`Indexing: ${n} file${n === 1 ? '' : 's'} listed so far. This list is from that part of the tree; run the search again once the index is complete.`, '');
  }
  for (const c of result.candidates) {
    const score = c.match_score !== undefined ? ` (${c.match_score.toFixed(2)})` : '';
    lines.push(`- ${highlight(c.path, c.match_ranges ?? [])}${score}`);
  }
  return lines.join('\n') + '\n';
}

function highlight(path: string, ranges: { start: number; end: number }[]): string {
  let out = '';
  let at = 0;
  for (const r of ranges) {
    out += escape(path.slice(at, r.start)) + '**' + escape(path.slice(r.start, r.end)) + '**';
    at = r.end;
  }
  return out + escape(path.slice(at));
}

function escape(text: string): string {
  return text.replace(/([\\`*_[\]<>])/g, '\\$1');
}
