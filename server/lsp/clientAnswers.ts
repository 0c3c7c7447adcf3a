/**
 * How long start-up waits for the client to answer a request of ours (its settings, the
 * registration of file watching) before it goes on without the answer. Editors answer
 * these within milliseconds; a client that never answers must not leave the server with
 * no file index and no diagnostics. An answer that comes later still takes effect.
 */
export const CLIENT_ANSWER_WAIT_MS = 3000;
