/**
 * One message's frame: the `Content-Length` header and the JSON body in one string. One
 * string, not buffers: a stream writes a small string from the stack when the pipe takes
 * it at once, so most answers allocate nothing outside V8's heap (buffers would, and glibc
 * keeps freed memory: RSS after a burst stayed above its start).
 */
export function frameOf(body: string): string {
  return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
}
