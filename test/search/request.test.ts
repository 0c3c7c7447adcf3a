import { describe, expect, it } from 'vitest';
import { ParamError } from '../../server/core/params';
import { readSearchRequest } from '../../server/search/request';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

function fails(raw: unknown): string {
  try {
    readSearchRequest(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(ParamError);
    return (err as ParamError).message;
  }
  throw new Error('expected a ParamError');
}

describe('control.file.search payload', () => {
  it('fills the defaults: scope workspace, 20 results, no filters', () => {
    expect(readSearchRequest({ query_id: ID, query: 'auth' })).toEqual({
      queryId: ID,
      query: 'auth',
      scope: 'workspace',
      maxResults: 20,
      filters: { extensions: [], excludes: [] },
      fromUri: undefined,
    });
  });

  it('clamps max_results at 50 and normalises extensions', () => {
    const r = readSearchRequest({ query_id: ID, query: '', max_results: 500, scope: 'global', filters: { extensions: ['TS', '.tsx', 'ts', ' '] } });
    expect(r.maxResults).toBe(50);
    expect(r.scope).toBe('global');
    expect(r.filters.extensions).toEqual(['.ts', '.tsx']);
  });

  it('names the field of every malformed part', () => {
    expect(fails(null)).toMatch(/^params: expected an object/);
    expect(fails({ query: 'x' })).toMatch(/^query_id: is required/);
    expect(fails({ query_id: 'not-a-uuid', query: 'x' })).toMatch(/^query_id: must be a UUID v4/);
    // A UUID, but version 1.
    expect(fails({ query_id: 'c232ab00-9414-11ec-b3c8-9f6bdeced846', query: 'x' })).toMatch(/^query_id: must be a UUID v4/);
    expect(fails({ query_id: ID })).toMatch(/^query: is required/);
    expect(fails({ query_id: ID, query: 7 })).toMatch(/^query: expected a string/);
    expect(fails({ query_id: ID, query: 'x', scope: 'everything' })).toMatch(/^scope: expected one of/);
    expect(fails({ query_id: ID, query: 'x', max_results: 0 })).toMatch(/^max_results: must be at least 1/);
    expect(fails({ query_id: ID, query: 'x', max_results: 2.5 })).toMatch(/^max_results: expected an integer/);
    expect(fails({ query_id: ID, query: 'x', max_results: '10' })).toMatch(/^max_results: expected an integer/);
    expect(fails({ query_id: ID, query: 'x', filters: [] })).toMatch(/^filters: expected an object/);
    expect(fails({ query_id: ID, query: 'x', filters: { extensions: '.ts' } })).toMatch(/^filters\.extensions: expected an array of strings/);
    expect(fails({ query_id: ID, query: 'x', filters: { exclude_patterns: [1] } })).toMatch(/^filters\.exclude_patterns: expected an array of strings/);
    expect(fails({ query_id: ID, query: 'x', filters: { exclude_patterns: ['ok/**', 'src/[a'] } })).toMatch(/^filters\.exclude_patterns\[1\]: "src\/\[a"/);
  });

  it('cuts an absurdly long query instead of scoring it', () => {
    expect(readSearchRequest({ query_id: ID, query: 'a'.repeat(100_000) }).query.length).toBe(512);
  });
});
