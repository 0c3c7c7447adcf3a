/** Where the README documents `agentls check`, its `--fix` and `--severity`: each rule's help points there. */
export const CHECK_HELP_URI = 'https://github.com/agentls/agentls#command-line';

/**
 * The SARIF reportingDescriptor (SARIF 2.1.0 §3.49) of one diagnostic code. GitHub code
 * scanning requires `shortDescription.text`, `fullDescription.text` and `help.text`, none
 * empty, the descriptions at most 1024 characters (GitHub Docs, "SARIF support for code
 * scanning", reportingDescriptor object); the SARIF Multitool's GH2012 rejects a rule without
 * them. A code has one description line (its linter's `describe`), which is both descriptions;
 * the help says what a user does about any result of the code, as every code is handled alike.
 */
export function sarifRule(code: string, description: string | undefined) {
  const text = (description ?? code).slice(0, 1024);
  const help = (quote: (s: string) => string) =>
    `Each result's message says what is wrong at its location and what the tool concerned makes of it. ` +
    `Where a result has a safe fix, ${quote('agentls check --fix')} applies it. ` +
    `Its level (error, warning, information, hint, or off to report it no more) is set with ${quote(`--severity ${code}=LEVEL`)} or in agentls.json's ${quote('diagnostics.severity')}. ` +
    `See ${CHECK_HELP_URI}.`;
  return {
    id: code,
    name: pascalCase(code),
    shortDescription: { text },
    fullDescription: { text },
    help: { text: help((s) => s), markdown: help((s) => `\`${s}\``) },
    helpUri: CHECK_HELP_URI,
  };
}

/**
 * `rule/shadowed` → `RuleShadowed`: a rule's friendly name (SARIF 2.1.0 §3.49.7) as one
 * Pascal-case identifier, as the SARIF Multitool asks (its SARIF2012 note); GitHub shows it
 * to filter results by rule.
 */
function pascalCase(code: string): string {
  return code.replace(/(?:^|[^A-Za-z0-9]+)(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''));
}
