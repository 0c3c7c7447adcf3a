import * as path from 'node:path';
import type { UnreadRuleFolderInfo } from '../../protocol/rulesContext';
import { parseArgs } from 'node:util';
import { NEVER_CANCELLED } from '../core/cancel';
import { describeRuleCode, RULE_CODES } from '../rules/codes';
import { CONTEXT_CODES, describeContextCode } from '../rules/context/codes';
import { RulesEngine } from '../rules/engine';
import { lintRulesWorkspace } from '../rules/lintWorkspace';
import { alwaysSentSection, bucketsWithCosts } from '../rules/context/agents';
import { showsAgent } from '../rules/context/selection';
import { instructionViews, sessionInstructionHost } from '../rules/context/instructionViews';
import { cappedInstructionUnread } from '../rules/context/cappedFolders';
import { lintRulesInContext } from '../rules/context/lintWorkspace';
import { holdersForFile, MAX_NESTED_FOLDERS, NESTED_FOLDERS_CAPPED, nestedToolHolders } from '../rules/context/nestedRules';
import { claudeFoldersForFile, NESTED_CLAUDE_CAPPED, nestedClaudeFolders } from '../rules/context/nestedClaude';
import { NESTED_AGENTS_MD, NESTED_AGENTS_MD_CAPPED } from '../rules/context/nestedAgentsMd';
import { NESTED_GEMINI, NESTED_GEMINI_CAPPED } from '../rules/context/nestedGemini';
import { rulesForFileText } from '../rules/context/report';
import { bucketsText, incompleteLine, agentSectionsText, unreadFoldersText } from '../rules/report';
import { bucketsFromHome, forFileFromHome } from '../rules/homePaths';
import { displayPath, toPosix } from '../workspace/paths';
import { MAX_LINTED_FILES, type WorkspaceLinter } from '../workspace/linter';
import { WorkspaceSession } from '../workspace/session';
import { CliError, EXIT, UsageError, exitCodesHelp, write, type CliCommand } from './command';
import { listingGaps } from './listingGaps';
import { nestedRuleFiles } from './nestedListing';
import { rulesForArgument } from './rulesFor';
import { unreadRuleFolders, unreadRuleFoldersFor } from '../rules/unreadRuleFolders';
import { agentsInPlay } from '../rules/context/userLevelFiles';
import { resolveHome } from '../workspace/home';
import { optionsForNamedPaths, refuseWholeRoot } from './wholeRoot';

/** `agentls check` for rule files and `rule://` references. */
export const rulesLinter: WorkspaceLinter = {
  id: 'rules',
  lint: lintRulesWorkspace,
  describe: describeRuleCode,
  codes: Object.keys(RULE_CODES),
};

/** `agentls check` for rules in context: dead and broad globs, tool limits, the budget, drift between copies. */
export const rulesContextLinter: WorkspaceLinter = {
  id: 'rules-context',
  lint: lintRulesInContext,
  describe: describeContextCode,
  codes: Object.keys(CONTEXT_CODES),
};

/** `agentls rules [--json] [--prompt default|custom] [--for PATH]`: the rules each agent loads here, by bucket, or those reaching one file. */
export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: 'print the rules each agent (xcsh, Cursor, Claude Code, Copilot, …) loads here, or those reaching a file (--for)',
  usage: `agentls rules [--json] [--prompt default|custom] [--for PATH]
    Prints the rules the xcsh agent loads from the workspace and the home directory, by bucket
    (always-apply, rulebook, TTSR, none), with shadowed rules and warnings, then what each
    agent sends in every request (the xcsh agent, Cursor, Windsurf, Cline, Claude Code,
    GitHub Copilot, AGENTS.md readers, as --agents selects them), then a section for each of
    those agents but the xcsh agent: its rules and how it applies each (always, a glob, its
    description, manual), then a section for each nested .cursor/rules folder
    (packages/web/.cursor/rules): its rules, how each applies to files under that folder, and
    their paths (sent only while such a file is in context); --json gives the
    agentls/ruleBuckets result, with those totals in alwaysSent, the agents' rules in
    agentRules and the nested folders in nestedFolders. Where the workspace has no .xcsh
    folder and --agents is auto, the buckets say they are what the xcsh agent would load
    (noXcshFolder in --json); where it would load nothing either, the xcsh agent is left
    out. It ends with the rule folders agentls could not read, the root's and every package's (a link out of the workspace or to nothing, a folder it cannot
    list, a file where the folder goes), then those it read only in part (a folder of more
    files than it reads), with what check says of each (unread in --json; readInPart: true
    for the latter).
    --agents LIST shows the listed agents' parts alone (the xcsh agent's buckets only when it
    is listed) and says which it covers (selectedAgents).
    Where the listing behind the nested folders and the unread links stops at check's
    file cap or cannot read a folder, or there are more nested folders than the ${MAX_NESTED_FOLDERS} read
    (nearest the root first), the output ends by saying so (incomplete in --json) and the run
    exits 2, as check's incomplete run does.
    --prompt      instead, print the rules section of the system prompt as the xcsh agent
                  renders it: default (the xcsh agent's own system prompt: a "# Rules" Markdown section) or
                  custom (the template used when the user replaces the system prompt: a <rules>
                  block with each rule's name, description and globs). The prompt is the xcsh
                  agent's alone: --agents typed with it must list xcsh (a rules.agents in
                  agentls.json that leaves xcsh out does not stop it)
    --for PATH    instead, the rules that reach one file of the workspace (any file, source
                  code included) and why: always, a glob matched, a description offered;
                  of the rule folders agentls could not read, those whose rules could reach
                  it (the root's, the user-level ones, its own package's), and how many others
                  there are (unreadElsewhere in --json)
${exitCodesHelp('printed', 'does not occur')}`,
  async run(args, commonOptions, io) {
    let common = commonOptions;
    const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false }, prompt: { type: 'string' }, for: { type: 'string' } }, allowPositionals: false, strict: true });
    const template = values.prompt;
    if (template !== undefined && template !== 'default' && template !== 'custom') throw new UsageError(`--prompt must be default or custom, not ${template}`);
    // Each of these picks what is printed: taking one and dropping the other in silence would answer a question not asked.
    if (template !== undefined && values.for !== undefined) throw new UsageError('--prompt and --for cannot be combined: --prompt prints the rules section of the system prompt, --for the rules that reach one file');
    if (template !== undefined && values.json) throw new UsageError('--prompt prints the prompt as text: leave out --json');
    // The prompt is the xcsh agent's alone: `--agents` typed without it on the same line asks for a report that leaves it out.
    // A list from agentls.json is the project's choice for every command, not this question: the prompt asked for is printed.
    const agents = common.settings.rules.agents;
    if (template !== undefined && common.given.has('--agents') && !showsAgent(agents, common.settings.rules.profile)) {
      throw new UsageError(`--prompt renders the xcsh agent's system prompt, and --agents ${typeof agents === 'string' ? agents : agents.join(',')} leaves the xcsh agent out: add xcsh to --agents, or leave --agents out`);
    }
    // Run outside any project, the file names the project as check's paths do (`optionsForNamedPaths`): from ~/src, `rules --for
    // myrepo/x.ts` is myrepo's, while a plain folder's `rules --for packages/a/x.ts` is not package a's (its `.cursor` sits in
    // packages too). Else the home or `/` is refused.
    const home = resolveHome(common.settings.home);
    const forPath = values.for === undefined ? undefined : path.resolve(io.cwd, values.for);
    if (forPath !== undefined) common = await optionsForNamedPaths(common, [forPath]);
    refuseWholeRoot('rules', common.root, home);
    const session = new WorkspaceSession(common.settings);
    try {
      session.addFolder(common.root);
      const engine = new RulesEngine(session, session.ruleFs);
      await engine.refresh(NEVER_CANCELLED);
      const view = engine.view(common.root);
      if (!view) throw new CliError(`${common.root} is not a folder agentls can read`);
      // Claude Code, Copilot and AGENTS.md readers: their files are not the engine's (`instructionViews.ts`).
      const target = values.for !== undefined ? path.resolve(io.cwd, values.for) : undefined;
      // Nested `.cursor/rules` reach only files under their folder: for one file, the others are listed too, with why not, as the editor lists them from its file index;
      // for the buckets, each folder the listing names gets its section. One listing either way (`nestedListing.ts`); the prompt is the xcsh agent's, which reads none.
      const listing = template ? undefined : await nestedRuleFiles(session, common.root);
      const rel = target !== undefined ? toPosix(path.relative(common.root, target)) : undefined;
      const held = listing && (rel !== undefined ? holdersForFile(rel, listing.rels, listing.complete) : nestedToolHolders(listing.rels));
      // Subfolders' CLAUDE.md files, from the same listing and in the same order (`nestedClaude.ts`).
      const memory = listing && (rel !== undefined ? claudeFoldersForFile(rel, listing.rels, listing.complete) : nestedClaudeFolders(listing.rels));
      // Subfolders' AGENTS.md files the same way (`nestedAgentsMd.ts`).
      const agentsMd = listing && (rel !== undefined ? NESTED_AGENTS_MD.foldersForFile(rel, listing.rels, listing.complete) : NESTED_AGENTS_MD.folders(listing.rels));
      // And Gemini CLI's subfolder GEMINI.md files (`nestedGemini.ts`).
      const gemini = listing && (rel !== undefined ? NESTED_GEMINI.foldersForFile(rel, listing.rels, listing.complete) : NESTED_GEMINI.folders(listing.rels));
      const nested = held ? async () => held.holders : undefined;
      const named = { nestedClaudeFolders: memory && (async () => memory.holders), nestedAgentsMdFolders: agentsMd && (async () => agentsMd.holders), nestedGeminiFolders: gemini && (async () => gemini.holders) };
      const made = template ? undefined : await instructionViews(common.root, sessionInstructionHost(session, session.ruleFs, nested, named));
      const extra = made?.views ?? [];
      // The agents' rule folders walked only as far as agentls reads: said with the others read in part.
      const inPart = made ? cappedInstructionUnread(made.capped, common.root, engine.xcshSubfoldersCapped(common.root)) : [];
      // Another agent's user-level folder it could not read is said where that agent is in play, as check says it (`outOfPlayUserFolder`).
      const inPlay = agentsInPlay(extra);
      const answer = target !== undefined && listing ? await rulesForArgument(view, target, session, extra, common.settings.rules.agents) : undefined;
      // Rule folders it could not read (links out of the workspace or to nothing, unlistable, a file where the folder goes): said with the answer,
      // as the editor says them (`RulesContext.forFile`, `agentls/ruleBuckets`); for one file, those whose rules could reach it, and how many others.
      const unread = !listing
        ? undefined
        : answer
          ? unreadRuleFoldersFor(engine, session, common.root, listing.unfollowed, answer.file, inPlay, inPart)
          : { unread: unreadRuleFolders(engine, session, common.root, listing.unfollowed, inPlay, inPart), elsewhere: 0 };
      const withUnread = <T extends object>(result: T): T & { unread?: UnreadRuleFolderInfo[]; unreadElsewhere?: number } => ({
        ...result,
        ...(unread?.unread.length ? { unread: unread.unread } : {}),
        ...(unread?.elsewhere ? { unreadElsewhere: unread.elsewhere } : {}),
      });
      // The listing stopped at check's file cap or met a folder it could not read: the nested folders and links past it are missing, said in check's words.
      // A root rule folder the engine could not read is said below, once.
      const unreadable = engine.unreadableFolders(common.root);
      const saidBelow = new Set(unreadable.map((f) => toPosix(path.relative(common.root, f))));
      // Past `MAX_NESTED_FOLDERS` nested folders, those farthest from the root are not read: said as the capped listing is.
      const gaps = listing ? [...listingGaps({ truncated: listing.truncated, errors: listing.errors.filter((e) => !saidBelow.has(e.rel)) }, MAX_LINTED_FILES), ...(held?.more ? [NESTED_FOLDERS_CAPPED] : []), ...(memory?.more ? [NESTED_CLAUDE_CAPPED] : []), ...(agentsMd?.more ? [NESTED_AGENTS_MD_CAPPED] : []), ...(gemini?.more ? [NESTED_GEMINI_CAPPED] : [])] : [];
      const withGaps = <T extends object>(result: T): T & { incomplete?: string[] } => (gaps.length ? { ...result, incomplete: gaps } : result);
      const forFile = answer && withGaps(withUnread(answer));
      if (template) io.stdout.write(view.systemPrompt(template) + '\n');
      else if (forFile) io.stdout.write(values.json ? JSON.stringify(forFile, null, 2) + '\n' : rulesForFileText(forFileFromHome(forFile, session.home)) + incompleteLine(gaps, false));
      else {
        // --agents picks whose parts are printed, as it picks whose behaviour check predicts (`selection.ts`).
        const buckets = withGaps(withUnread(bucketsWithCosts(view, extra, agents)));
        if (values.json) write(io.stdout, JSON.stringify(buckets, null, 2));
        else {
          const shown = bucketsFromHome(buckets, session.home);
          io.stdout.write(bucketsText(shown) + alwaysSentSection(view, common.settings.rules.budgetTokens, false, extra, agents) + agentSectionsText(shown, false) + unreadFoldersText(shown, false) + incompleteLine(gaps, false));
        }
      }
      // A rule folder that cannot be listed may hold rules: what was printed is not the whole (exit 2, as every command's incomplete run).
      // Not for a link: that is what the workspace holds, said with the answer (and a finding of check's), not a folder this run failed to read.
      for (const folder of unreadable) write(io.stderr, `agentls rules: cannot read folder ${displayPath(folder, common.root, session.home)}: its rules are not listed`);
      for (const gap of gaps) write(io.stderr, `agentls rules: ${gap}`);
      if (gaps.length) write(io.stderr, 'agentls rules: the listing is incomplete, so the run fails (exit 2) whatever it printed');
      return unreadable.length || gaps.length ? EXIT.error : 0;
    } finally {
      session.dispose();
    }
  },
};
