import type { DemoPart } from '../demo';

export const serverPart: DemoPart = {
  title: 'The server starts on the demo workspace',
  async run(demo) {
    const { client } = demo;
    const info = client.initializeResult.serverInfo;
    const status = await client.request<{ roots: string[]; watcher: string }>('agentls/status');
    demo.say(`${info?.name} ${info?.version} is running on ${status.roots.map((r) => demo.display(r)).join(', ')} (the demo workspace),`);
    demo.say(`with the user's home directory replaced by fixtures/demo-home, file changes from the ${status.watcher} watcher.`);
    const caps = client.initializeResult.capabilities;
    const offered = [
      caps.completionProvider && `completion (triggers ${caps.completionProvider.triggerCharacters?.map((t) => `"${t}"`).join(' ') || 'none'})`,
      caps.hoverProvider && 'hover',
      caps.definitionProvider && 'go to definition',
      caps.documentLinkProvider && 'document links',
      caps.codeActionProvider && 'code actions',
      caps.executeCommandProvider && `commands: ${caps.executeCommandProvider.commands.join(', ') || 'none yet'}`,
    ].filter(Boolean);
    demo.say('It offers ' + offered.join('; ') + '.');
  },
};
