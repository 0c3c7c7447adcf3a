import { astEditFeature } from './astedit';
import type { Feature } from './feature';
import { rulesFeatures } from './rules';
import { hashlineFeature } from './hashline';
import { promptFeature } from './prompt';
import { renamesFeature } from './renames';
import { fileSearchFeature } from './search';

/**
 * Every feature of the server, in the order their results are merged. Each domain adds
 * its own line here; the wiring (`server.ts`) never changes for a new feature.
 */
export function createFeatures(): Feature[] {
  return [
    ...rulesFeatures(),
    promptFeature(),
    hashlineFeature(),
    astEditFeature(),
    fileSearchFeature(),
    renamesFeature(),
  ];
}
