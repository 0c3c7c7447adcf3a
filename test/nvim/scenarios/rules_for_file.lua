local T = require("lib")
-- A source file: the first line's hover says which rules reach it; :AgentlsRulesForFile writes the report.
T.client()
local hover = T.request('textDocument/hover', { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = 0, character = 0 } })
T.result.hover = hover and hover.contents and hover.contents.value or ''
vim.cmd('AgentlsRulesForFile')
local reports = vim.fn.json_decode(vim.env.AGENTLS_SETTINGS).cacheDir .. '/reports'
T.wait('the rules-for-file report', function()
  local found = vim.fn.glob(reports .. '/rules-for-file*.md', false, true)
  return #found > 0 and vim.fn.getfsize(found[1]) > 0
end, 15000)
local file = vim.fn.glob(reports .. '/rules-for-file*.md', false, true)[1]
T.result.report = table.concat(vim.fn.readfile(file), '\n')
