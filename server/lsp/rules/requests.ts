import { LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { Commands, Methods } from '../../../protocol/methods';
import type { ResolveRuleResult, RuleBucketsResult, SystemPromptResult } from '../../../protocol/rules';
import { params, ParamError } from '../../core/params';
import { isRecord } from '../../core/settings';
import { alwaysSentSection, bucketsWithCosts } from '../../rules/context/agents';
import { bucketsMarkdown, incompleteLine, agentSectionsText, systemPromptMarkdown, unreadFoldersText } from '../../rules/report';
import { unreadRuleFolders } from '../../rules/unreadRuleFolders';
import { agentsInPlay } from '../../rules/context/userLevelFiles';
import { cappedInstructionUnread } from '../../rules/context/cappedFolders';
import { bucketsFromHome } from '../../rules/homePaths';
import { RULE_URL_PREFIX } from '../../rules/ruleUrl';
import type { RulesView } from '../../rules/view';
import type { AgentView } from '../../rules/context/agentView';
import type { Feature } from '../feature';
import type { RulesState } from './state';
import { PARTIAL_ANSWER_HOLD } from './instructions';
import { testHold } from '../testHolds';
import { unfollowedLinks } from './unfollowedLinks';

const TEMPLATES = ['default', 'custom'] as const;

/**
 * `agentls/ruleBuckets`, `agentls/systemPrompt`, `agentls/resolveRule`, and the command
 * twins `agentls.rules.showBuckets` / `agentls.rules.showSystemPrompt`, which write a
 * report and open it (Helix throws custom-request and command results away).
 */
export function rulesRequestsFeature(state: RulesState): Feature {
  const viewFor = async (uri: string | undefined): Promise<RulesView | undefined> => {
    const engine = await state.engine();
    return engine.view(await state.rootFor(uri));
  };
  /** The buckets answer, with the views it was made from: the report's cost section is made from the same ones. */
  const bucketsWithViews = async (raw: unknown): Promise<{ result: RuleBucketsResult; view?: RulesView; views: AgentView[] }> => {
    const p = optionalObject(raw);
    const engine = await state.engine();
    const view = engine.view(await state.rootFor(params.optionalString(p, 'uri')));
    if (!view) return { result: { root: '', profile: state.context.session.settings.rules.profile, rules: [], buckets: { ttsr: [], alwaysApply: [], rulebook: [], none: [] }, shadowed: [], warnings: [] }, views: [] };
    // `agentls.rules.agents` picks whose parts are shown, as `agentls rules --agents` does.
    // Nested rule folders come from the file index: while its first listing runs, some may be missing (`indexing`); where it
    // stopped at `search.maxFiles`, or past the nested folders read, those past it are (`incomplete`, as `agentls rules` says it).
    // Both are taken with the views they describe: the index may complete while they are made.
    const { views, capped, indexing, incomplete } = await state.instructions.snapshot(view.cwd);
    const result = bucketsWithCosts(view, views, state.context.session.settings.rules.agents);
    if (indexing) await testHold(PARTIAL_ANSWER_HOLD, `${Methods.ruleBuckets} made from part of the file index`, (line) => state.context.log.info(line));
    // Rule folders whose rules are not read, the root's and the packages' the file index did not follow (none yet while it lists: `indexing` says so), as `agentls rules` lists them.
    const links = await unfollowedLinks(state.context, view.cwd);
    // With the agents' rule folders the views read only in part.
    // Another agent's user-level folder, where that agent is in play in this folder (`outOfPlayUserFolder`), as check says it.
    const inPart = cappedInstructionUnread(capped, view.cwd, engine.xcshSubfoldersCapped(view.cwd));
    const unread = unreadRuleFolders(engine, state.context.session, view.cwd, links.unfollowed, agentsInPlay(views), inPart);
    const whole = { ...result, ...(incomplete.length ? { incomplete } : {}), ...(unread.length ? { unread } : {}) };
    // Made from part of the index, be it the nested folders (Cursor's) or the links (every agent's): said either way.
    return { result: indexing || links.listing ? { ...whole, indexing: true } : whole, view, views };
  };
  const prompt = async (raw: unknown): Promise<SystemPromptResult & { root: string; template: string }> => {
    const p = optionalObject(raw);
    const template = params.oneOf(p, 'template', TEMPLATES) ?? 'default';
    const view = await viewFor(params.optionalString(p, 'uri'));
    return { text: view ? view.systemPrompt(template) : '', root: view?.cwd ?? '', template };
  };
  return {
    id: 'rules-requests',
    commands: {
      [Commands.rulesShowBuckets]: async (args) => {
        // One snapshot for the whole report: the views may be made again while it is written (a file changed, the index completed).
        const { result, view, views } = await bucketsWithViews(args[0]);
        const costs = view ? alwaysSentSection(view, state.context.session.settings.rules.budgetTokens, true, views, state.context.session.settings.rules.agents) : '';
        // User-level rules from `~`, as `agentls rules` prints them; `agentls/ruleBuckets` keeps the absolute paths clients read.
        const shown = bucketsFromHome(result, state.context.session.home);
        return state.context.showReport('rule-buckets', 'Rule buckets', bucketsMarkdown(shown) + costs + agentSectionsText(shown, true) + unreadFoldersText(shown, true) + incompleteLine(shown.incomplete ?? [], true));
      },
      [Commands.rulesShowSystemPrompt]: async (args) => {
        const result = await prompt(args[0]);
        const profile = state.context.session.settings.rules.profile;
        return state.context.showReport(`system-prompt-${result.template}`, 'Rules section of the system prompt', systemPromptMarkdown(result.root, profile, result.template, result.text));
      },
    },
    activate(ctx) {
      ctx.onRequest(Methods.ruleBuckets, async (raw) => (await bucketsWithViews(raw)).result);
      ctx.onRequest(Methods.systemPrompt, async (raw) => {
        const { text } = await prompt(raw);
        return { text } satisfies SystemPromptResult;
      });
      ctx.onRequest(Methods.resolveRule, async (raw): Promise<ResolveRuleResult> => {
        const p = params.object(raw);
        const url = params.string(p, 'url');
        if (!url.startsWith(RULE_URL_PREFIX)) throw new ParamError('url', 'expected a rule:// URL');
        const view = await viewFor(params.optionalString(p, 'uri'));
        const resolved = view?.resolveUrl(url) ?? { ok: false as const, error: 'rule:// cannot be resolved: no workspace folder is open' };
        if (!resolved.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, resolved.error);
        return { name: resolved.name, path: resolved.sourcePath, content: resolved.content };
      });
    },
  };
}

/** Params that may be omitted entirely (`{}` then). */
function optionalObject(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) throw new ParamError('params', 'expected an object');
  return raw;
}
