import { isRecord } from './settings';

/**
 * Raised for a malformed request: the LSP layer answers `InvalidParams` with this
 * message, the CLI prints it and exits with 2. The message always names the field.
 */
export class ParamError extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'ParamError';
  }
}

/** Small readers for untrusted request params; each names the field it rejects. */
export const params = {
  object(value: unknown, field = 'params'): Record<string, unknown> {
    if (!isRecord(value)) throw new ParamError(field, 'expected an object');
    return value;
  },
  string(obj: Record<string, unknown>, key: string, prefix = ''): string {
    const v = obj[key];
    if (typeof v !== 'string') throw new ParamError(prefix + key, v === undefined ? 'is required' : 'expected a string');
    return v;
  },
  optionalString(obj: Record<string, unknown>, key: string, prefix = ''): string | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') throw new ParamError(prefix + key, 'expected a string');
    return v;
  },
  optionalBoolean(obj: Record<string, unknown>, key: string, prefix = ''): boolean | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean') throw new ParamError(prefix + key, 'expected true or false');
    return v;
  },
  optionalInteger(obj: Record<string, unknown>, key: string, min: number, prefix = ''): number | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new ParamError(prefix + key, 'expected an integer');
    if (v < min) throw new ParamError(prefix + key, `must be at least ${min}`);
    return v;
  },
  optionalStringArray(obj: Record<string, unknown>, key: string, prefix = ''): string[] | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new ParamError(prefix + key, 'expected an array of strings');
    return v as string[];
  },
  oneOf<T extends string>(obj: Record<string, unknown>, key: string, allowed: readonly T[], prefix = ''): T | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
      throw new ParamError(prefix + key, `expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
    }
    return v as T;
  },
};
