import { LIMITS, overLimit } from '../core/limits';
import { parseRawpPrompt } from './jsonPrompt';
import { parseMarkdownPrompt } from './markdownPrompt';
import type { PromptForm, PromptModel } from './model';

/** Larger documents are not analysed (one finding says so). */
export const MAX_PROMPT_DOCUMENT_CHARS = LIMITS.promptDocumentChars;

/** Reads a prompt document of either form; never throws. */
export function parsePromptDocument(source: string, form: PromptForm): PromptModel {
  if (source.length > MAX_PROMPT_DOCUMENT_CHARS) {
    return {
      form,
      source,
      prompt: undefined,
      entries: [],
      referencesReadable: false,
      problems: [{ code: 'ref/too-large', message: `${overLimit('this prompt document has', source.length, MAX_PROMPT_DOCUMENT_CHARS, 'characters')}; its file references are not checked`, start: 0, end: 0 }],
      editor: undefined,
    };
  }
  return form === 'markdown' ? parseMarkdownPrompt(source) : parseRawpPrompt(source);
}
