/**
 * xxHash32 (seed 0 by default) over UTF-8 bytes, written here so the line hash needs no
 * dependency. Strings are encoded the way `TextEncoder` does (a lone surrogate becomes
 * U+FFFD) into one reusable buffer, so hashing a million lines allocates almost nothing.
 */

const PRIME1 = 0x9e3779b1;
const PRIME2 = 0x85ebca77;
const PRIME3 = 0xc2b2ae3d;
const PRIME4 = 0x27d4eb2f;
const PRIME5 = 0x165667b1;

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function round(acc: number, lane: number): number {
  return Math.imul(rotl((acc + Math.imul(lane, PRIME2)) | 0, 13), PRIME1);
}

function readU32(b: Uint8Array, i: number): number {
  return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24);
}

/** xxHash32 of `bytes[0..length)`, as an unsigned 32-bit integer. */
export function xxhash32(bytes: Uint8Array, length = bytes.length, seed = 0): number {
  let i = 0;
  let h: number;
  if (length >= 16) {
    let v1 = (seed + PRIME1 + PRIME2) | 0;
    let v2 = (seed + PRIME2) | 0;
    let v3 = seed | 0;
    let v4 = (seed - PRIME1) | 0;
    const limit = length - 16;
    while (i <= limit) {
      v1 = round(v1, readU32(bytes, i));
      v2 = round(v2, readU32(bytes, i + 4));
      v3 = round(v3, readU32(bytes, i + 8));
      v4 = round(v4, readU32(bytes, i + 12));
      i += 16;
    }
    h = (rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18)) | 0;
  } else {
    h = (seed + PRIME5) | 0;
  }
  h = (h + length) | 0;
  while (i + 4 <= length) {
    h = Math.imul(rotl((h + Math.imul(readU32(bytes, i), PRIME3)) | 0, 17), PRIME4);
    i += 4;
  }
  while (i < length) {
    h = Math.imul(rotl((h + Math.imul(bytes[i], PRIME5)) | 0, 11), PRIME1);
    i++;
  }
  h ^= h >>> 15;
  h = Math.imul(h, PRIME2);
  h ^= h >>> 13;
  h = Math.imul(h, PRIME3);
  h ^= h >>> 16;
  return h >>> 0;
}

let scratch = new Uint8Array(1024);

/**
 * Encodes `text` as UTF-8 into a shared scratch buffer and returns the byte length.
 * The buffer is only valid until the next call.
 */
function encodeUtf8(text: string): number {
  // Three bytes per UTF-16 unit is the worst case (a surrogate pair is 4 bytes for 2 units).
  if (scratch.length < text.length * 3) scratch = new Uint8Array(Math.max(text.length * 3, scratch.length * 2));
  const out = scratch;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
    } else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = text.charCodeAt(i + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
          out[n++] = 0xf0 | (cp >> 18);
          out[n++] = 0x80 | ((cp >> 12) & 0x3f);
          out[n++] = 0x80 | ((cp >> 6) & 0x3f);
          out[n++] = 0x80 | (cp & 0x3f);
          continue;
        }
        c = 0xfffd; // a lone surrogate, as TextEncoder writes it
      }
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    }
  }
  return n;
}

const NON_ASCII = /[^\x00-\x7f]/;

function charsU32(s: string, i: number): number {
  return s.charCodeAt(i) | (s.charCodeAt(i + 1) << 8) | (s.charCodeAt(i + 2) << 16) | (s.charCodeAt(i + 3) << 24);
}

/** xxHash32 of an ASCII string, whose UTF-8 bytes are its char codes: no encoding pass. */
function xxhash32Ascii(s: string, seed: number): number {
  const length = s.length;
  let i = 0;
  let h: number;
  if (length >= 16) {
    let v1 = (seed + PRIME1 + PRIME2) | 0;
    let v2 = (seed + PRIME2) | 0;
    let v3 = seed | 0;
    let v4 = (seed - PRIME1) | 0;
    const limit = length - 16;
    while (i <= limit) {
      v1 = round(v1, charsU32(s, i));
      v2 = round(v2, charsU32(s, i + 4));
      v3 = round(v3, charsU32(s, i + 8));
      v4 = round(v4, charsU32(s, i + 12));
      i += 16;
    }
    h = (rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18)) | 0;
  } else {
    h = (seed + PRIME5) | 0;
  }
  h = (h + length) | 0;
  while (i + 4 <= length) {
    h = Math.imul(rotl((h + Math.imul(charsU32(s, i), PRIME3)) | 0, 17), PRIME4);
    i += 4;
  }
  while (i < length) {
    h = Math.imul(rotl((h + Math.imul(s.charCodeAt(i), PRIME5)) | 0, 11), PRIME1);
    i++;
  }
  h ^= h >>> 15;
  h = Math.imul(h, PRIME2);
  h ^= h >>> 13;
  h = Math.imul(h, PRIME3);
  h ^= h >>> 16;
  return h >>> 0;
}

/** xxHash32 of the UTF-8 encoding of `text`. */
export function xxhash32String(text: string, seed = 0): number {
  if (!NON_ASCII.test(text)) return xxhash32Ascii(text, seed);
  const length = encodeUtf8(text);
  return xxhash32(scratch, length, seed);
}
