local T = require("lib")
-- A rule file hidden by a same-named rule of a higher-priority provider: what Neovim shows.
T.client()
local diagnostics = T.wait_diagnostic('rule/shadowed')
for _, d in ipairs(diagnostics) do
  if d.code == 'rule/shadowed' then
    T.result.message = d.message
    T.result.severity = d.severity
    T.result.line = d.line
    T.result.source = d.source
  end
end
-- The user-level twin, which is not open, has its diagnostic pushed too.
local home = vim.fn.json_decode(vim.env.AGENTLS_SETTINGS).home
local twin = vim.fn.bufadd(home .. '/.cursor/rules/style.mdc')
T.result.twin_codes = {}
T.wait('the closed twin to be diagnosed', function()
  return #vim.diagnostic.get(twin) > 0
end, 15000)
for _, d in ipairs(T.diagnostics(twin)) do table.insert(T.result.twin_codes, d.code) end
