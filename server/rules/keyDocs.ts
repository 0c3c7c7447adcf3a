import type { ProviderId } from '../workspace/ruleLocations';
import { INTERRUPT_MODES } from './model';

/** What a frontmatter key does, for hovers and completion. */
export interface KeyDoc {
  key: string;
  /** Which tool reads it: the xcsh agent, or an origin tool. */
  readBy: string;
  summary: string;
  /** Values to offer after `key: `. */
  values?: string[];
  /** Providers whose files this key belongs in (undefined: every provider). */
  providers?: ProviderId[];
}

export const KEY_DOCS: KeyDoc[] = [
  { key: 'description', readBy: 'the xcsh agent, Cursor, Windsurf', summary: 'Text that lists the rule in the rulebook: the model sees the name and this description and reads the rule with rule://NAME when it applies. Without one (and without alwaysApply or a condition) the rule is never shown.' },
  { key: 'globs', readBy: 'the xcsh agent, Cursor, Windsurf', summary: 'Files the rule is about: a list of globs (write `["*.ts", "*.tsx"]`, not `*.ts, *.tsx`). The xcsh agent only lists them as the rule\'s domain in the prompt; for TTSR rules they filter the paths a match must come from.', values: ['["**/*.ts"]'] },
  { key: 'alwaysApply', readBy: 'the xcsh agent, Cursor', summary: 'The boolean `true` puts the whole rule into every prompt (always-apply bucket). A quoted "true", `yes` or `on` is not the boolean and does not count.', values: ['true', 'false'] },
  { key: 'condition', readBy: 'the xcsh agent', summary: 'JavaScript regular expressions (a string or a list) that make this a TTSR rule: when the model\'s output matches, the xcsh agent interrupts and injects the rule. A token that looks like a file glob becomes a tool scope instead.', values: ['"console\\\\.log\\\\("'] },
  { key: 'ttsr_trigger', readBy: 'the xcsh agent', summary: 'Older name of `condition`, used only when `condition` is absent.' },
  { key: 'ttsrTrigger', readBy: 'the xcsh agent', summary: 'Older name of `condition`, used only when `condition` and `ttsr_trigger` are absent.' },
  { key: 'scope', readBy: 'the xcsh agent', summary: 'Which streams a TTSR rule watches: `text`, `thinking`, `tool`, `tool:NAME`, `tool:NAME(GLOB)`, comma-separated or as a list. Default: text and tool calls.', values: ['text', 'tool', 'thinking'] },
  { key: 'interruptMode', readBy: 'the xcsh agent', summary: 'When a TTSR match interrupts the model.', values: [...INTERRUPT_MODES] },
  { key: 'trigger', readBy: 'Windsurf', summary: "Windsurf's activation mode. The xcsh agent ignores it: use `alwaysApply: true` for always_on and a description for model_decision.", values: ['always_on', 'manual', 'model_decision', 'glob'], providers: ['windsurf'] },
  { key: 'paths', readBy: 'Cline', summary: "Cline's conditional rule paths. The xcsh agent ignores them; it reads `globs`.", values: ['["src/**"]'], providers: ['cline'] },
];

export function keyDoc(key: string): KeyDoc | undefined {
  return KEY_DOCS.find((d) => d.key === key);
}
