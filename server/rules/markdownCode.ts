/**
 * Where Markdown shows text as code: fenced blocks (``` or ~~~, at any indent, as inside
 * list items, closed by a fence of the same character at least as long, or by the end of the
 * document) and inline code spans (a run of backticks closed by a run of the same length in
 * the same paragraph), after CommonMark. A `rule://NAME` there is an example, not a link.
 * Indented code blocks are not detected: telling them from a list's continuation needs
 * the whole block structure, and missing one only keeps today's behaviour.
 * One pass over the text; each paragraph's backtick runs are matched in linear time.
 */
export function markdownCodeRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  let fence: { char: string; length: number; start: number } | undefined;
  let paragraphStart = -1;
  let offset = 0;
  // The next backtick at or after a paragraph's start, shared by the paragraphs: looking it up
  // from each one scanned to the end of a text without backticks, once a paragraph.
  let nextBacktick = -1;
  const closeParagraph = (end: number) => {
    if (paragraphStart >= 0) {
      if (nextBacktick !== Infinity && nextBacktick < paragraphStart) {
        const at = text.indexOf('`', paragraphStart);
        nextBacktick = at < 0 ? Infinity : at;
      }
      if (nextBacktick < end) codeSpans(text, paragraphStart, end, out);
    }
    paragraphStart = -1;
  };
  while (offset <= text.length) {
    const nl = text.indexOf('\n', offset);
    const lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(offset, lineEnd);
    const marker = /^[ \t]*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      if (marker && marker[1][0] === fence.char && marker[1].length >= fence.length && marker[2].trim() === '') {
        out.push([fence.start, lineEnd]);
        fence = undefined;
      }
    } else if (marker && !(marker[1][0] === '`' && marker[2].includes('`'))) {
      closeParagraph(offset);
      fence = { char: marker[1][0], length: marker[1].length, start: offset };
    } else if (line.trim() === '') {
      closeParagraph(offset);
    } else if (paragraphStart < 0) {
      paragraphStart = offset;
    }
    if (nl < 0) break;
    offset = nl + 1;
  }
  if (fence) out.push([fence.start, text.length]);
  closeParagraph(text.length);
  return out.sort((a, b) => a[0] - b[0]);
}

/** Inline code spans of `text[start, end)`, appended to `out`. */
function codeSpans(text: string, start: number, end: number, out: [number, number][]): void {
  const runs: { at: number; length: number }[] = [];
  for (let i = start; i < end; ) {
    if (text[i] === '\\' && text[i + 1] === '`') {
      i += 2;
      continue;
    }
    if (text[i] !== '`') {
      i++;
      continue;
    }
    let j = i;
    while (j < end && text[j] === '`') j++;
    runs.push({ at: i, length: j - i });
    i = j;
  }
  // For each run, the next run of the same length: found from the back in one pass.
  const next = new Array<number>(runs.length).fill(-1);
  const lastOfLength = new Map<number, number>();
  for (let k = runs.length - 1; k >= 0; k--) {
    next[k] = lastOfLength.get(runs[k].length) ?? -1;
    lastOfLength.set(runs[k].length, k);
  }
  for (let k = 0; k < runs.length; ) {
    const close = next[k];
    if (close < 0) {
      k++;
      continue;
    }
    out.push([runs[k].at, runs[close].at + runs[close].length]);
    k = close + 1;
  }
}

/** Whether `offset` lies in one of the sorted `ranges` (binary search). */
export function inRanges(ranges: readonly [number, number][], offset: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid][1] <= offset) lo = mid + 1;
    else if (ranges[mid][0] > offset) hi = mid - 1;
    else return true;
  }
  return false;
}
