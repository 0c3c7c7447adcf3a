import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { NEVER_CANCELLED } from '../core/cancel';
import { applyLevel } from '../core/findings';
import { namedScope, workspaceScope } from '../workspace/linter';
import { WorkspaceSession } from '../workspace/session';
import { UsageError, write, type CliCommand } from './command';
import { workspaceLinters } from './linters';
import { formatJson, formatSarif, formatText, type CheckFormat, type FileFindings } from './output';

export const checkCommand: CliCommand = {
  name: 'check',
  summary: 'report every diagnostic of the workspace (or of the given files); exit 1 on errors',
  usage: 'agentls check [PATH…] [--format text|json|sarif]',
  async run(args, common, io) {
    const { values, positionals } = parseArgs({ args, options: { format: { type: 'string', default: 'text' } }, allowPositionals: true, strict: true });
    const format = values.format as CheckFormat;
    if (!['text', 'json', 'sarif'].includes(format)) throw new UsageError(`--format must be text, json or sarif, not ${format}`);
    const session = new WorkspaceSession(common.settings);
    session.addFolder(common.root);
    const files = positionals.map((p) => path.resolve(io.cwd, p));
    for (const f of files) {
      if (!session.allows(f)) {
        write(io.stderr, `agentls check: ${f} lies outside the workspace root ${common.root}`);
        return 2;
      }
    }
    const linters = workspaceLinters();
    const scope = files.length ? namedScope(files) : await workspaceScope(session, session.diskFs, NEVER_CANCELLED);
    const byPath = new Map<string, FileFindings>();
    for (const linter of linters) {
      const found = await linter.lint(session, session.diskFs, scope, NEVER_CANCELLED);
      for (const [p, findings] of found) {
        const entry = byPath.get(p) ?? { path: p, findings: [] };
        for (const f of findings) {
          const leveled = applyLevel(f, common.settings.diagnostics.severity);
          if (leveled) entry.findings.push(leveled);
        }
        byPath.set(p, entry);
      }
    }
    const results = [...byPath.values()].filter((r) => r.findings.length > 0);
    const describe = (code: string) => linters.map((l) => l.describe?.(code)).find((d) => d !== undefined);
    const out = format === 'json' ? formatJson(results, common.root) : format === 'sarif' ? formatSarif(results, common.root, describe) : formatText(results, common.root);
    io.stdout.write(out);
    session.dispose();
    return results.some((r) => r.findings.some((f) => f.severity === 'error')) ? 1 : 0;
  },
};
