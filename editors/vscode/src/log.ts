import type * as vscode from 'vscode';

/**
 * A line in the Output channel in the form vscode-languageclient writes its own
 * (`[Info  - 3:04:05 PM] text`), so the extension's lines and the client's read as one log
 * and tools that parse that log see both.
 */
export function logLine(output: vscode.OutputChannel, message: string, level: 'Info' | 'Warn' | 'Error' = 'Info'): void {
  output.appendLine(`[${level.padEnd(5)} - ${new Date().toLocaleTimeString()}] ${message}`);
}
