import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../helpers/lspClient';
import { status, until } from '../helpers/polling';
import { tempDir, writeTree } from '../helpers/repo';

const start = useLspClients(afterEach);

describe('server lifecycle', () => {
  it('announces UTF-16 positions and the features every editor needs', async () => {
    const ws = writeTree(tempDir(), { 'README.md': '# hi\n' });
    const c = await start({ folders: [ws] });
    const caps = c.initializeResult.capabilities;
    expect(c.initializeResult.serverInfo?.name).toBe('agentls');
    expect(caps.positionEncoding).toBe('utf-16');
    expect(caps.textDocumentSync).toMatchObject({ openClose: true, change: 2 });
    expect(caps.workspace?.workspaceFolders).toEqual({ supported: true, changeNotifications: true });
    expect(caps.diagnosticProvider).toBeDefined();
    // Only the kinds the server makes: an editor lists the server for every kind it names.
    expect(caps.codeActionProvider).toMatchObject({ codeActionKinds: ['quickfix', 'refactor.rewrite'] });
  });

  it('offers pull diagnostics only to clients that can be told to refresh', async () => {
    const ws = tempDir();
    const nvim = await start({ folders: [ws], client: 'neovim' });
    expect(nvim.initializeResult.capabilities.diagnosticProvider).toBeUndefined();
    const helix = await start({ folders: [ws], client: 'helix' });
    expect(helix.initializeResult.capabilities.diagnosticProvider).toBeUndefined();
  });

  it('takes roots from workspaceFolders alone (Helix sends no rootUri)', async () => {
    const a = tempDir();
    const b = tempDir();
    const c = await start({ folders: [a, b], client: 'helix' });
    const status = await c.request<{ roots: string[] }>('agentls/status');
    expect(status.roots).toEqual([a, b]);
  });

  it('opens the project of a lone file as the root when the client names no folder (Neovim without a root_dir)', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.xcsh/rules/style.md': '---\ndescription: Style\n---\nThe xcsh copy.\n',
      '.cursor/rules/style.mdc': '---\ndescription: Style\nalwaysApply: false\n---\nThe Cursor copy.\n',
      'agentls.json': JSON.stringify({ diagnostics: { severity: { 'rule/shadowed': 'hint' } } }),
    });
    const c = await start({ folders: [], client: 'neovim' });
    const uri = await c.open(path.join(ws, '.cursor', 'rules', 'style.mdc'));
    // Not the rule's own folder (.cursor/rules/, where no agent reads rules as from a project): the folder holding .git.
    expect((await until('a root', () => status(c), (s) => s.roots.length > 0, 10_000)).roots).toEqual([ws]);
    const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/shadowed'));
    expect(ds.map((d) => d.code)).not.toContain('rule/not-read');
    // The project's agentls.json comes with it (here: shadowing as a hint).
    expect(ds.find((d) => d.code === 'rule/shadowed')?.severity).toBe(4);
    // Nothing said before the root was in place: no publish ever told the file that nothing reads it.
    expect(c.diagnosticsLog.flatMap((p) => p.diagnostics).map((d) => d.code)).not.toContain('rule/not-read');
  });

  it('opens the project of a file under the home directory as a root when the editor names the home directory (Helix started in ~, for a language without roots)', async () => {
    const home = tempDir();
    const proj = path.join(home, 'proj');
    writeTree(proj, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.xcsh/rules/style.md': '---\ndescription: Style\n---\nThe xcsh copy.\n',
      '.cursor/rules/style.mdc': '---\ndescription: Style\nalwaysApply: false\n---\nThe Cursor copy.\n',
    });
    writeTree(home, { 'notes/todo.md': 'nothing to see\n', 'proj/agentls.json': JSON.stringify({ diagnostics: { severity: { 'rule/shadowed': 'hint' } } }) });
    const c = await start({ folders: [home], home, client: 'helix' });
    // A file no project holds brings no root.
    await c.open(path.join(home, 'notes', 'todo.md'));
    const uri = await c.open(path.join(proj, '.cursor', 'rules', 'style.mdc'));
    expect((await until('the project as a root', () => status(c), (s) => s.roots.length > 1, 10_000)).roots).toEqual([home, proj]);
    // The settings take the project's agentls.json, not the home directory's (here: shadowing as a hint).
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/shadowed' && x.severity === 4));
    // The notes were looked at first (files are taken in the order opened): still only the two roots.
    expect((await status(c)).roots).toEqual([home, proj]);
  });

  it('takes a folder URI that ends in a slash as the folder (Neovim sends a root_dir written with one so)', async () => {
    const a = tempDir();
    const c = await start({ folders: [`${a}/`], client: 'helix' });
    const status = await c.request<{ roots: string[] }>('agentls/status');
    expect(status.roots).toEqual([a]);
  });

  it('follows workspace folders added and removed at run time', async () => {
    const a = tempDir();
    const b = tempDir();
    const c = await start({ folders: [a] });
    await c.notify('workspace/didChangeWorkspaceFolders', {
      event: { added: [{ uri: c.uri(b), name: 'b' }], removed: [{ uri: c.uri(a), name: 'a' }] },
    });
    // The notification has no answer: the server's status says when the roots changed.
    const after = await until('roots to change', () => status(c), (s) => !s.roots.includes(a), 10_000);
    expect(after.roots).toEqual([b]);
  });

  it('layers settings: defaults, initializationOptions, then workspace/configuration, re-read on change', async () => {
    const ws = tempDir();
    const c = await start({
      folders: [ws],
      initializationOptions: { agentls: { rules: { profile: 'xcsh' }, log: { level: 'debug' } } },
      settings: { log: { level: 'warn' } },
    });
    const settings = async () => (await status(c)).settings as { rules: { profile: string }; log: { level: string } };
    let layered = await settings();
    expect(layered.rules.profile).toBe('xcsh');
    expect(layered.log.level).toBe('warn');
    expect(c.serverRequests).toContain('workspace/configuration');
    await c.changeSettings({ log: { level: 'error' }, rules: { profile: 'seed' } });
    await c.waitFor('settings re-read', () => c.serverRequests.filter((r) => r === 'workspace/configuration').length >= 2);
    // The answer to the second workspace/configuration applies when it arrives: the status says when.
    layered = await until('the re-read settings to apply', settings, (s) => s.log.level !== 'warn', 10_000);
    expect(layered.log.level).toBe('error');
    expect(layered.rules.profile).toBe('seed');
  });

  it('takes settings pushed in didChangeConfiguration from a client without the configuration capability', async () => {
    const ws = tempDir();
    const c = await start({ folders: [ws], client: 'neovim' });
    await c.notify('workspace/didChangeConfiguration', { settings: { agentls: { rules: { profile: 'xcsh' } } } });
    const profile = async () => ((await status(c)).settings as { rules: { profile: string } }).rules.profile;
    expect(await until('the pushed settings to apply', profile, (p) => p !== 'seed', 10_000)).toBe('xcsh');
    expect(c.serverRequests).not.toContain('workspace/configuration');
  });

  it('says that a change of watcher waits for the next start, rather than ignore it in silence', async () => {
    const ws = tempDir();
    const c = await start({ folders: [ws], client: 'neovim' });
    expect((await status(c)).watcher).toBe('server');
    await c.notify('workspace/didChangeConfiguration', { settings: { agentls: { watcher: 'off' } } });
    await c.waitForLog(/watcher: off takes effect at the next start of the server; until then file changes come as before \(auto\)/);
    expect((await status(c)).watcher).toBe('server');
  });

  it('keeps a setting of the wrong type out and says so in the log', async () => {
    const ws = tempDir();
    const c = await start({ folders: [ws], settings: { rules: { profile: 'claude' } } });
    await c.waitForLog(/agentls\.rules\.profile: expected "seed" or "xcsh"/);
    const status = await c.request<{ settings: { rules: { profile: string } } }>('agentls/status');
    expect(status.settings.rules.profile).toBe('seed');
  });

  it('registers file watching with a client that allows it, and watches by itself otherwise', async () => {
    const ws = tempDir();
    const vscode = await start({ folders: [ws] });
    await vscode.waitFor('watcher registration', () => vscode.registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles'));
    expect((await vscode.request<{ watcher: string }>('agentls/status')).watcher).toBe('client');
    const nvim = await start({ folders: [ws], client: 'neovim' });
    // Once the server says it watches by itself, it has not asked the client to (and will not).
    expect((await nvim.request<{ watcher: string }>('agentls/status')).watcher).toBe('server');
    expect(nvim.registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles')).toBe(false);
  });

  it('logs through window/logMessage at the configured level', async () => {
    const quiet = await start({ folders: [tempDir()], initializationOptions: { agentls: { log: { level: 'error' } } }, settings: { log: { level: 'error' } } });
    await quiet.request('agentls/status');
    expect(quiet.logMessages.filter((m) => m.type > 1)).toEqual([]);
    const chatty = await start({ folders: [tempDir()], settings: { log: { level: 'debug' } } });
    await chatty.waitForLog(/agentls .* ready/);
    expect(chatty.logMessages.some((m) => m.type === 4)).toBe(true);
  });

  it('notices a user-level rule folder created after start (the server watches for it)', async () => {
    const home = tempDir();
    const ws = writeTree(tempDir(), { '.cursor/rules/style.mdc': '---\ndescription: project style\n---\nUse tabs.\n' });
    const c = await start({ folders: [ws], home, client: 'neovim', initializationOptions: { agentls: { home, log: { level: 'debug' } } } });
    const names = async () => (await c.request<{ rules: { name: string; path: string }[] }>('agentls/ruleBuckets', {})).rules.map((r) => r.path);
    expect(await names()).toEqual(['.cursor/rules/style.mdc']);
    // Neither ~/.cursor nor ~/.cursor/rules exists yet: both are created now, in two steps,
    // the second once the server says it waits for the rules folder in the new ~/.cursor.
    fs.mkdirSync(path.join(home, '.cursor'));
    const waitingIn = (folder: string) => (m: { message: string }) => m.message.startsWith('user-level rule folders:') && m.message.split('waiting for the others in ')[1]?.split(', ').includes(folder);
    await c.waitFor('the server to wait in ~/.cursor', () => c.logMessages.some(waitingIn(path.join(home, '.cursor'))));
    writeTree(home, { '.cursor/rules/user.mdc': '---\ndescription: user rule\n---\nBe brief.\n' });
    const found = await until('the user rule to be loaded', names, (paths) => paths.some((p) => p.endsWith('user.mdc')), 10_000);
    expect(found.some((p) => p.endsWith(path.join('.cursor', 'rules', 'user.mdc')))).toBe(true);
  });

  it('shuts down cleanly with exit code 0', async () => {
    const c = await start({ folders: [tempDir()] });
    expect(await c.stop()).toBe(0);
  });

  it('exits when the editor goes away without shutdown (stdin closed)', async () => {
    const c = await start({ folders: [tempDir()] });
    c.process.stdin.end();
    await c.waitFor('the server to exit', () => !c.alive, 5000);
  });
});

describe('bad input never takes the server down', () => {
  it('answers unknown requests with MethodNotFound and keeps serving', async () => {
    const c = await start({ folders: [tempDir()] });
    await expect(c.request('agentls/noSuchThing', {})).rejects.toMatchObject({ code: -32601 });
    await c.notify('agentls/noSuchNotification', { x: 1 });
    expect((await c.request<{ roots: string[] }>('agentls/status')).roots).toHaveLength(1);
  });

  it('survives malformed JSON-RPC on its stdin', async () => {
    const c = await start({ folders: [tempDir()] });
    const body = '{"jsonrpc":"2.0","id":99,"method":"agentls/status",';
    c.writeRaw(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const garbage = '{"this is": not json}';
    c.writeRaw(`Content-Length: ${Buffer.byteLength(garbage)}\r\n\r\n${garbage}`);
    expect((await c.request<{ roots: string[] }>('agentls/status')).roots).toHaveLength(1);
    expect(c.alive).toBe(true);
  });

  it('answers requests about documents that are not open with null, not a crash', async () => {
    const c = await start({ folders: [tempDir()] });
    const uri = 'file:///nowhere/not-open.md';
    expect(await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } })).toBeNull();
    expect(await c.request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 0 } })).toBeNull();
    expect(await c.request('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] } })).toBeNull();
  });

  it('answers a request with garbage params with an error and keeps serving', async () => {
    const c = await start({ folders: [tempDir()] });
    await expect(c.request('textDocument/hover', { nonsense: true })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('textDocument.uri') });
    await expect(c.request('textDocument/hover', { textDocument: { uri: 5 }, position: { line: 0, character: 0 } })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('textDocument.uri: expected a string') });
    await expect(c.request('workspace/executeCommand', { command: 'agentls.nope' })).rejects.toMatchObject({ code: -32602 });
    expect(c.alive).toBe(true);
  });

  it('says in a message why a command did nothing, for Helix, which only logs the error reply', async () => {
    const c = await start({ folders: [tempDir()], client: 'helix' });
    for (const command of ['agentls.rules.convert', 'agentls.rules.copyBody', 'agentls.rules.renameFile', 'agentls.prompt.addReference']) {
      await expect(c.request('workspace/executeCommand', { command })).rejects.toMatchObject({ code: -32602 });
      await c.waitFor(`the message of ${command}`, () => c.shownMessages.some((m) => m.message.startsWith(`agentls: ${command} did nothing: `)));
    }
    expect(c.shownMessages.find((m) => m.message.startsWith('agentls: agentls.rules.convert'))).toMatchObject({ type: 1, message: expect.stringContaining('expected') });
  });

  it('opens binary, invalid UTF-8 and vanished files without failing', async () => {
    const ws = tempDir();
    const bin = path.join(ws, 'blob.md');
    fs.writeFileSync(bin, Buffer.from([0, 1, 2, 0xff, 0xfe, 0]));
    const c = await start({ folders: [ws] });
    await c.open(bin, '\u0000\u0001binary\u0000');
    await c.open(path.join(ws, 'gone.prompt.md'), '---\nfile_references: []\n---\nhello\n');
    expect((await c.request<{ roots: string[] }>('agentls/status')).roots).toEqual([ws]);
  });

  it('refuses to watch or index a workspace folder that is the home directory, with a message', async () => {
    const home = tempDir();
    const c = await start({ folders: [home], home, client: 'neovim' });
    await c.waitForLog(/home directory; agentls does not index it/);
  });

  it('survives a symlink loop and an unreadable folder in the workspace', async () => {
    const ws = writeTree(tempDir(), { 'a/x.md': 'x' });
    fs.symlinkSync(path.join(ws, 'a'), path.join(ws, 'a', 'loop'));
    fs.symlinkSync(path.join(ws, 'self'), path.join(ws, 'self'));
    fs.mkdirSync(path.join(ws, 'locked'));
    fs.chmodSync(path.join(ws, 'locked'), 0);
    try {
      const c = await start({ folders: [ws], client: 'neovim' });
      expect((await c.request<{ roots: string[] }>('agentls/status')).roots).toEqual([ws]);
      expect(c.alive).toBe(true);
    } finally {
      fs.chmodSync(path.join(ws, 'locked'), 0o755);
    }
  });
});
