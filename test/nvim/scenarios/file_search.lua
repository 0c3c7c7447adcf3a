local T = require("lib")
-- Neovim 0.7 watches no files for the server: agentls's own watcher keeps the file index
-- current. The scenario searches through Neovim's client, writes and deletes files
-- outside the editor, and rebuilds the index with the plugin's :AgentlsRebuildIndex.
T.client()
local root = vim.fn.getcwd()
local n = 0
local function search(query)
  n = n + 1
  local id = string.format('00000000-0000-4000-8000-%012x', n)
  return T.request('agentls/fileSearch', { query_id = id, query = query })
end

-- The test holds the first index after its first files (AGENTLS_TEST_HOLD_INDEX): asked then,
-- the answer holds what is indexed so far and says `indexing` (as on a loaded machine, where it
-- often held no candidate yet). The scenario lets the index go on, and asks again until the
-- server says it is whole.
local first = search('hip')
T.result.first_said_indexing = first.indexing == true
local gate = assert(io.open(vim.env.AGENTLS_TEST_HOLD_INDEX, 'w'))
gate:close()
T.wait('the first index to complete', function()
  first = search('hip')
  return not first.indexing
end, 20000)
T.result.first = first.candidates[1].path
T.result.ranges = first.candidates[1].match_ranges

local f = assert(io.open(root .. '/src/createdOutside.ts', 'w'))
f:write('export {};\n')
f:close()
T.wait('the created file to be found', function()
  local r = search('createdoutside')
  return #r.candidates == 1 and r.candidates[1].path == 'src/createdOutside.ts'
end, 10000)
T.result.created_found = true

os.remove(root .. '/src/session.ts')
T.wait('the deleted file to be gone', function()
  for _, c in ipairs(search('session').candidates) do
    if c.path == 'src/session.ts' then return false end
  end
  return true
end, 10000)
T.result.deleted_gone = true

local shown = {}
local original = vim.lsp.handlers['window/showMessage']
vim.lsp.handlers['window/showMessage'] = function(err, result, ctx, config)
  table.insert(shown, result.message)
  return original(err, result, ctx, config)
end
vim.cmd('AgentlsRebuildIndex')
T.wait('the rebuild message', function()
  for _, m in ipairs(shown) do
    if m:find('File index rebuilt', 1, true) then
      T.result.message = m
      return true
    end
  end
  return false
end, 15000)
vim.lsp.handlers['window/showMessage'] = original
