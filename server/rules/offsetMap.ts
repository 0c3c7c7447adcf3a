/**
 * Maps offsets of a transformed text back to the text it came from. The agent's parser
 * rewrites a rule file before reading it (line endings, HTML comments, tabs), and every
 * diagnostic must still point at the characters the user typed.
 */
export interface OffsetMapper {
  /** Offset in the source text of the character at `offset` in the transformed text. */
  toSource(offset: number): number;
}

export const IDENTITY_MAP: OffsetMapper = { toSource: (o) => o };

/**
 * Built left to right while transforming: `copy` keeps source characters, `replace`
 * turns a source run into new characters, `drop` deletes a source run.
 */
export class OffsetMapBuilder implements OffsetMapper {
  private readonly outStarts: number[] = [];
  private readonly srcStarts: number[] = [];
  private readonly lengths: number[] = [];
  /** Whether the segment maps character by character (a copy) or all to its start (a replacement). */
  private readonly linear: boolean[] = [];
  private out = 0;
  private src = 0;

  copy(length: number): void {
    if (length <= 0) return;
    this.push(length, true);
    this.src += length;
  }

  replace(sourceLength: number, outputLength: number): void {
    if (outputLength > 0) this.push(outputLength, false);
    this.src += sourceLength;
  }

  drop(sourceLength: number): void {
    this.src += sourceLength;
  }

  private push(length: number, linear: boolean): void {
    const last = this.outStarts.length - 1;
    if (linear && last >= 0 && this.linear[last] && this.srcStarts[last] + this.lengths[last] === this.src && this.outStarts[last] + this.lengths[last] === this.out) {
      this.lengths[last] += length;
    } else {
      this.outStarts.push(this.out);
      this.srcStarts.push(this.src);
      this.lengths.push(length);
      this.linear.push(linear);
    }
    this.out += length;
  }

  toSource(offset: number): number {
    if (offset >= this.out) return this.src + (offset - this.out);
    let lo = 0;
    let hi = this.outStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.outStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    if (hi < 0) return offset;
    const delta = offset - this.outStarts[lo];
    return this.srcStarts[lo] + (this.linear[lo] ? delta : 0);
  }
}

/** `outer` maps a text made from `inner`'s output: composes both back to the first source. */
export function chainMaps(outer: OffsetMapper, inner: OffsetMapper): OffsetMapper {
  return { toSource: (o) => inner.toSource(outer.toSource(o)) };
}

/** A map for a slice: offsets in `text.slice(start)` back to `text`. */
export function shiftMap(start: number, inner: OffsetMapper = IDENTITY_MAP): OffsetMapper {
  return { toSource: (o) => inner.toSource(o + start) };
}
