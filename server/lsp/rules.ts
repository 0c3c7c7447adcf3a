import type { Feature } from './feature';
import { rulesActionsFeature } from './rulesActions';
import { rulesCompletionFeature } from './rulesCompletion';
import { rulesDiagnosticsFeature } from './rulesDiagnostics';
import { rulesHoverFeature } from './rulesHover';
import { rulesLinksFeature } from './rulesLinks';
import { rulesRequestsFeature } from './rulesRequests';
import { RulesState } from './rulesState';

/** Every rules feature, sharing one engine. The diagnostics feature comes first: it activates the shared state. */
export function rulesFeatures(): Feature[] {
  const state = new RulesState();
  return [rulesDiagnosticsFeature(state), rulesHoverFeature(state), rulesLinksFeature(state), rulesCompletionFeature(state), rulesActionsFeature(state), rulesRequestsFeature(state)];
}
