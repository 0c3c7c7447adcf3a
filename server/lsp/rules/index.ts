import type { Feature } from '../feature';
import { rulesActionsFeature } from './actions';
import { rulesCompletionFeature } from './completion';
import { claudeImportCompletionFeature } from './claudeImportCompletion';
import { claudeImportHoverFeature } from './claudeImportHover';
import { rulesContextFeature } from './context';
import { copilotPromptFeature } from './copilotPrompt';
import { rulesDiagnosticsFeature } from './diagnostics';
import { rulesHoverFeature } from './hover';
import { rulesLinksFeature } from './links';
import { rulesRequestsFeature } from './requests';
import { RulesState } from './state';

/** Every rules feature, sharing one engine. The diagnostics feature comes first: it activates the shared state. */
export function rulesFeatures(): Feature[] {
  const state = new RulesState();
  return [rulesDiagnosticsFeature(state), copilotPromptFeature(state), rulesContextFeature(state), rulesHoverFeature(state), claudeImportHoverFeature(state), rulesLinksFeature(state), rulesCompletionFeature(state), claudeImportCompletionFeature(state), rulesActionsFeature(state), rulesRequestsFeature(state)];
}
