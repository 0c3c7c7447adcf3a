import { parseArgs } from 'node:util';
import { NEVER_CANCELLED } from '../core/cancel';
import { describeRuleCode } from '../rules/codes';
import { RulesEngine } from '../rules/engine';
import { lintRulesWorkspace } from '../rules/lintWorkspace';
import { bucketsText } from '../rules/report';
import type { WorkspaceLinter } from '../workspace/linter';
import { WorkspaceSession } from '../workspace/session';
import { CliError, UsageError, exitCodesHelp, write, type CliCommand } from './command';

/** `agentls check` for rule files and `rule://` references. */
export const rulesLinter: WorkspaceLinter = {
  id: 'rules',
  lint: lintRulesWorkspace,
  describe: describeRuleCode,
};

/** `agentls rules [--json] [--prompt default|custom]`: the rules the agent loads here, by bucket. */
export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: 'print the rules the agent loads from the workspace, by bucket (or the system-prompt section)',
  usage: `agentls rules [--json] [--prompt default|custom]
    Prints the rules the agent loads from the workspace and the home directory, by bucket
    (always-apply, rulebook, TTSR, none), with shadowed rules and warnings; --json gives the
    agentls/ruleBuckets result.
    --prompt      instead, print the rules section of the system prompt as the agent renders
                  it: default (the agent's own system prompt: a "# Rules" Markdown section) or
                  custom (the template used when the user replaces the system prompt: a <rules>
                  block with each rule's name, description and globs)
${exitCodesHelp('printed', 'does not occur')}`,
  async run(args, common, io) {
    const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false }, prompt: { type: 'string' } }, allowPositionals: false, strict: true });
    const template = values.prompt;
    if (template !== undefined && template !== 'default' && template !== 'custom') throw new UsageError(`--prompt must be default or custom, not ${template}`);
    const session = new WorkspaceSession(common.settings);
    try {
      session.addFolder(common.root);
      const engine = new RulesEngine(session, session.diskFs);
      await engine.refresh(NEVER_CANCELLED);
      const view = engine.view(common.root);
      if (!view) throw new CliError(`${common.root} is not a folder agentls can read`);
      if (template) io.stdout.write(view.systemPrompt(template) + '\n');
      else if (values.json) write(io.stdout, JSON.stringify(view.summary(), null, 2));
      else io.stdout.write(bucketsText(view.summary()));
      return 0;
    } finally {
      session.dispose();
    }
  },
};
