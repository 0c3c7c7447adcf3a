/** Logging as engines see it; the LSP layer sends it to `window/logMessage`, the CLI to stderr. */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug' | 'off';

export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

export const SILENT_LOGGER: Logger = {
  error() {},
  warn() {},
  info() {},
  debug() {},
};

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** A logger that drops messages above `level`; `level` is read on every call so it can change. */
export function leveledLogger(sink: (level: Exclude<LogLevel, 'off'>, message: string) => void, level: () => LogLevel): Logger {
  const emit = (l: Exclude<LogLevel, 'off'>) => (message: string) => {
    if (RANK[l] <= RANK[level()]) sink(l, message);
  };
  return { error: emit('error'), warn: emit('warn'), info: emit('info'), debug: emit('debug') };
}

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && value in RANK;
}
