import { tempDir, writeTree } from './repo';

/**
 * A Windsurf rule with a description and no `trigger` (`described.md`), beside what must not
 * get the hint: a Windsurf rule with a trigger, one with neither, a Cursor rule with a
 * description, and a `.windsurfrules` that looks like such frontmatter (Windsurf sends it whole).
 */
export function describedNoTriggerTree(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.windsurf/rules/described.md': '---\ndescription: Calling the web API\n---\nGo through the fetch wrapper.\n',
    '.windsurf/rules/manual.md': '---\ntrigger: manual\ndescription: Release steps\n---\nTag, then publish.\n',
    '.windsurf/rules/bare.md': '---\nglobs: "*.ts"\n---\nNo trigger, no description.\n',
    '.cursor/rules/api.mdc': '---\ndescription: Calling the web API\n---\nGo through the fetch wrapper.\n',
    '.windsurfrules': '---\ndescription: Calling the web API\n---\nGo through the fetch wrapper.\n',
  });
}

/** The message's words that say what the hint is. */
export const MODEL_DECISION_HINT = /no `trigger`.*Windsurf.*trigger: model_decision/s;
