/**
 * A path as one line of text output: one that holds a line break or another control
 * character is written as a quoted JSON string (`"a\nb.md"`, as git quotes such names), so
 * that a line always holds one whole finding or path and a reader of lines is not misled.
 */
export function linePath(p: string): string {
  return /[\u0000-\u001f\u007f]/.test(p) ? JSON.stringify(p) : p;
}
