/**
 * The environment variable that turns the load benchmark's trace on (`loadTrace.ts`): a
 * file name. In a module of its own so the wire thread can read it without loading the
 * trace.
 */
export const LOAD_TRACE_ENV = 'AGENTLS_LOAD_TRACE';
