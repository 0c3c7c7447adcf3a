import { describe, expect, it } from 'vitest';
import { PROMPT_ADAPTER_CHOICES } from '../../editors/vscode/src/adapters';
import { PROMPT_ADAPTERS } from '../../protocol/refs';

/** The extension's quick pick of adapters offers exactly those the server's agentls.prompt.convert accepts. */
describe('the adapters "Convert this prompt for an adapter" offers', () => {
  it('are the server\'s, generic (its default) first', () => {
    expect(PROMPT_ADAPTER_CHOICES.map((c) => c.adapter).sort()).toEqual([...PROMPT_ADAPTERS].sort());
    expect(PROMPT_ADAPTER_CHOICES[0].adapter).toBe('generic');
  });
});
