import type { DemoPart } from './demo';
import { astEditPart } from './parts/astedit';
import { hashlinePart } from './parts/hashline';
import { refsPart } from './parts/refs';
import { rulesPart } from './parts/rules';
import { rulesContextPart } from './parts/rulesContext';
import { searchPart } from './parts/search';
import { serverPart } from './parts/server';

/** The parts of `npm run demo`, in order. Each domain adds its own line. */
export function demoParts(): DemoPart[] {
  return [serverPart, rulesPart, rulesContextPart, refsPart, hashlinePart, astEditPart, searchPart];
}
