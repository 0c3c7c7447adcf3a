import { parseRawpPrompt } from './jsonPrompt';
import { parseMarkdownPrompt } from './markdownPrompt';
import type { PromptForm, PromptModel } from './model';

/** Larger documents are not analysed (one finding says so): a prompt is never this big. */
export const MAX_PROMPT_DOCUMENT_CHARS = 2 * 1024 * 1024;

/** Reads a prompt document of either form; never throws. */
export function parsePromptDocument(source: string, form: PromptForm): PromptModel {
  if (source.length > MAX_PROMPT_DOCUMENT_CHARS) {
    return {
      form,
      source,
      prompt: undefined,
      entries: [],
      referencesReadable: false,
      problems: [{ code: 'ref/too-large', message: `this prompt document has ${source.length} characters, over the ${MAX_PROMPT_DOCUMENT_CHARS} agentls reads; its file references are not checked`, start: 0, end: 0 }],
      editor: undefined,
    };
  }
  return form === 'markdown' ? parseMarkdownPrompt(source) : parseRawpPrompt(source);
}
