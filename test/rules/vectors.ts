import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../helpers/repo';

/** Loads a vector file from `test/vectors/` unchanged. */
export function loadVectors<T>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(repoRoot(), 'test', 'vectors', name), 'utf8')) as T;
}

export interface FrontmatterExpect {
  frontmatter: Record<string, unknown>;
  body: string;
  fallbackUsed: boolean;
}

export interface FrontmatterCase {
  id: string;
  description: string;
  input: string;
  expect: { seed: FrontmatterExpect; xcsh: FrontmatterExpect; gjc: FrontmatterExpect };
}

export interface DiscoveryScenario {
  id: string;
  description: string;
  tree: Record<string, string | { symlinkTo: string }>;
  cwd?: string;
  env?: { PI_CONFIG_DIR?: string };
  resolve?: string[];
  renderPrompt?: boolean;
  expect: {
    all: { name: string; provider: string; level: string; path: string; shadowed: boolean }[];
    effective: {
      name: string;
      provider: string;
      level: string;
      path: string;
      description: string | null;
      alwaysApply: boolean;
      globs: string[] | null;
      condition: string[] | null;
      scope: string[] | null;
      interruptMode: string | null;
      content: string;
    }[];
    warnings: string[];
    logWarnings: string[];
    buckets: { ttsr: string[]; alwaysApply: string[]; rulebook: string[]; none: string[] };
    ruleUrl?: Record<string, { content: string; contentType: string; sourcePath: string } | { error: string }>;
    promptSection?: { defaultTemplate: string; customTemplate: string };
  };
}
