local T = require("lib")
-- A recipe of the workspace offers its rewrite as a quick fix where its pattern matches;
-- the user puts the cursor in a console.log call and picks it from Neovim's list.
local client = T.client()
vim.api.nvim_win_set_cursor(0, { 2, 6 })
-- The server lists the workspace's recipes in the background after it starts.
T.wait('the recipe quick fix', function()
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = {} }
  local actions = T.request('textDocument/codeAction', params) or {}
  for _, a in ipairs(actions) do
    if a.title:find('Rewrite with console-to-logger', 1, true) then return true end
  end
  return false
end, 15000)
local action = T.code_action('Rewrite with console-to-logger')
T.result.client = client.name
T.result.offered = action.offered
T.result.chosen = action.chosen
T.result.text = action.after
T.result.modified = vim.bo.modified
