/**
 * The properties the SARIF 2.1.0 schema (sarif-schema-2.1.0.json) requires, and the
 * value constraints it puts on the ones agentls writes, checked by hand (no network,
 * no schema library). Returns every violation as `path: problem`.
 */
export function sarifViolations(log: unknown): string[] {
  const out: string[] = [];
  const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const need = (v: Record<string, unknown>, key: string, at: string) => {
    if (!(key in v)) out.push(`${at}: missing required "${key}"`);
  };
  const int = (v: unknown, min: number, at: string) => {
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < min)) out.push(`${at}: expected an integer ≥ ${min}, got ${JSON.stringify(v)}`);
  };
  const message = (m: unknown, at: string) => {
    if (!obj(m)) return out.push(`${at}: expected a message object`);
    if (typeof m.text !== 'string' && typeof m.id !== 'string') out.push(`${at}: a message needs "text" or "id"`);
  };
  /** A result's or a notification's required message and optional level. */
  const messageAndLevel = (v: Record<string, unknown>, at: string) => {
    need(v, 'message', at);
    message(v.message, `${at}.message`);
    if (v.level !== undefined && !['none', 'note', 'warning', 'error'].includes(String(v.level))) out.push(`${at}.level: not an allowed value`);
  };
  const artifactLocation = (a: unknown, at: string) => {
    if (!obj(a)) return out.push(`${at}: expected an artifactLocation object`);
    if (a.uri !== undefined && (typeof a.uri !== 'string' || /\s/.test(a.uri))) out.push(`${at}.uri: expected a URI reference`);
    if (a.uriBaseId !== undefined && typeof a.uriBaseId !== 'string') out.push(`${at}.uriBaseId: expected a string`);
  };
  const region = (r: unknown, at: string) => {
    if (!obj(r)) return out.push(`${at}: expected a region object`);
    int(r.startLine, 1, `${at}.startLine`);
    int(r.startColumn, 1, `${at}.startColumn`);
    int(r.endLine, 1, `${at}.endLine`);
    int(r.endColumn, 1, `${at}.endColumn`);
    if (typeof r.startLine === 'number' && typeof r.endLine === 'number' && r.endLine < r.startLine) out.push(`${at}: endLine before startLine`);
  };
  const physicalLocation = (p: unknown, at: string) => {
    if (!obj(p)) return out.push(`${at}: expected a physicalLocation object`);
    if (!('address' in p) && !('artifactLocation' in p)) out.push(`${at}: needs "artifactLocation" or "address"`);
    if (p.artifactLocation !== undefined) artifactLocation(p.artifactLocation, `${at}.artifactLocation`);
    if (p.region !== undefined) region(p.region, `${at}.region`);
  };
  const location = (l: unknown, at: string) => {
    if (!obj(l)) return out.push(`${at}: expected a location object`);
    int(l.id, -1, `${at}.id`);
    if (l.physicalLocation !== undefined) physicalLocation(l.physicalLocation, `${at}.physicalLocation`);
    if (l.message !== undefined) message(l.message, `${at}.message`);
  };

  if (!obj(log)) return ['$: expected an object'];
  need(log, 'version', '$');
  need(log, 'runs', '$');
  if (log.version !== '2.1.0') out.push(`$.version: expected "2.1.0", got ${JSON.stringify(log.version)}`);
  if (!Array.isArray(log.runs)) return [...out, '$.runs: expected an array'];
  log.runs.forEach((run: unknown, i) => {
    const at = `$.runs[${i}]`;
    if (!obj(run)) return out.push(`${at}: expected an object`);
    need(run, 'tool', at);
    const tool = run.tool;
    if (!obj(tool)) return out.push(`${at}.tool: expected an object`);
    need(tool, 'driver', `${at}.tool`);
    const driver = tool.driver;
    if (!obj(driver)) return out.push(`${at}.tool.driver: expected an object`);
    need(driver, 'name', `${at}.tool.driver`);
    const rules = Array.isArray(driver.rules) ? driver.rules : [];
    rules.forEach((rule: unknown, j) => {
      const rat = `${at}.tool.driver.rules[${j}]`;
      if (!obj(rule)) return out.push(`${rat}: expected an object`);
      need(rule, 'id', rat);
      if (rule.shortDescription !== undefined) {
        if (!obj(rule.shortDescription) || typeof rule.shortDescription.text !== 'string') out.push(`${rat}.shortDescription: needs "text"`);
      }
    });
    if (run.columnKind !== undefined && run.columnKind !== 'utf16CodeUnits' && run.columnKind !== 'unicodeCodePoints') out.push(`${at}.columnKind: not an allowed value`);
    if (run.originalUriBaseIds !== undefined) {
      if (!obj(run.originalUriBaseIds)) out.push(`${at}.originalUriBaseIds: expected an object`);
      else for (const [k, v] of Object.entries(run.originalUriBaseIds)) artifactLocation(v, `${at}.originalUriBaseIds.${k}`);
    }
    if (run.invocations !== undefined) {
      if (!Array.isArray(run.invocations)) out.push(`${at}.invocations: expected an array`);
      else
        run.invocations.forEach((inv: unknown, j) => {
          const iat = `${at}.invocations[${j}]`;
          if (!obj(inv)) return out.push(`${iat}: expected an object`);
          need(inv, 'executionSuccessful', iat);
          if (typeof inv.executionSuccessful !== 'boolean') out.push(`${iat}.executionSuccessful: expected a boolean`);
          const notes = inv.toolExecutionNotifications;
          if (notes !== undefined && !Array.isArray(notes)) out.push(`${iat}.toolExecutionNotifications: expected an array`);
          if (Array.isArray(notes))
            notes.forEach((n: unknown, k) => {
              const nat = `${iat}.toolExecutionNotifications[${k}]`;
              if (!obj(n)) return out.push(`${nat}: expected an object`);
              messageAndLevel(n, nat);
            });
        });
    }
    const results = run.results;
    if (results === undefined) return;
    if (!Array.isArray(results)) return out.push(`${at}.results: expected an array`);
    results.forEach((result: unknown, j) => {
      const rat = `${at}.results[${j}]`;
      if (!obj(result)) return out.push(`${rat}: expected an object`);
      messageAndLevel(result, rat);
      int(result.ruleIndex, -1, `${rat}.ruleIndex`);
      if (typeof result.ruleIndex === 'number' && result.ruleIndex >= 0) {
        const rule = rules[result.ruleIndex] as Record<string, unknown> | undefined;
        if (!rule || rule.id !== result.ruleId) out.push(`${rat}.ruleIndex: does not point at rule ${JSON.stringify(result.ruleId)}`);
      }
      if (result.locations !== undefined) {
        if (!Array.isArray(result.locations)) out.push(`${rat}.locations: expected an array`);
        else result.locations.forEach((l: unknown, k) => location(l, `${rat}.locations[${k}]`));
      }
      if (result.relatedLocations !== undefined) {
        if (!Array.isArray(result.relatedLocations)) out.push(`${rat}.relatedLocations: expected an array`);
        else result.relatedLocations.forEach((l: unknown, k) => location(l, `${rat}.relatedLocations[${k}]`));
      }
    });
  });
  return out;
}

/**
 * What GitHub code scanning requires of a log beyond the schema, for the properties agentls
 * writes: GitHub Docs, "SARIF support for code scanning" (reportingDescriptor object: `id`,
 * `shortDescription.text`, `fullDescription.text` and `help.text` required, the descriptions
 * at most 1024 characters, `name` at most 255; "The empty string is not supported for required
 * properties"). The SARIF Multitool's GitHub rules (GH2012) reject a rule without them.
 */
export function codeScanningViolations(log: unknown): string[] {
  const out: string[] = [];
  const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const text = (v: unknown, at: string, max?: number) => {
    const t = obj(v) ? v.text : undefined;
    if (typeof t !== 'string' || t === '') out.push(`${at}.text: required, not empty`);
    else if (max !== undefined && t.length > max) out.push(`${at}.text: longer than ${max} characters`);
  };
  if (!obj(log) || !Array.isArray(log.runs)) return ['$: expected a log with runs'];
  log.runs.forEach((run: unknown, i) => {
    const driver = obj(run) && obj(run.tool) ? run.tool.driver : undefined;
    const rules = obj(driver) ? driver.rules : undefined;
    if (!Array.isArray(rules)) return out.push(`$.runs[${i}].tool.driver.rules: required`);
    rules.forEach((rule: unknown, j) => {
      const at = `$.runs[${i}].tool.driver.rules[${j}]`;
      if (!obj(rule)) return out.push(`${at}: expected an object`);
      if (typeof rule.id !== 'string' || rule.id === '') out.push(`${at}.id: required, not empty`);
      if (rule.name !== undefined && (typeof rule.name !== 'string' || rule.name.length > 255)) out.push(`${at}.name: a string of at most 255 characters`);
      text(rule.shortDescription, `${at}.shortDescription`, 1024);
      text(rule.fullDescription, `${at}.fullDescription`, 1024);
      text(rule.help, `${at}.help`);
    });
  });
  return out;
}
