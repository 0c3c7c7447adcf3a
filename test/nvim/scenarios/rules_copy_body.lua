local T = require("lib")
-- The Cursor and xcsh copies of rule `style` have different bodies; with the Cursor copy
-- open, the user copies its body over the xcsh copy, which is not open. Its edit is made
-- when chosen (codeAction/resolve); Neovim loads the other file into a buffer and edits it.
T.client()
local diagnostics = T.wait_diagnostic('context/drift')
for _, d in ipairs(diagnostics) do
  if d.code == 'context/drift' then vim.api.nvim_win_set_cursor(0, { d.line + 1, 0 }) end
end
local target = vim.fn.fnamemodify('.xcsh/rules/style.md', ':p')
-- Changed on disk after the server read it: the edit must be made from this text.
local f = assert(io.open(target, 'a'))
f:write('Also: no default exports in tests.\n')
f:close()
local action = T.code_action('Copy this body to', 0, function()
  local buf = vim.fn.bufnr(target)
  return buf ~= -1 and vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].modified
end)
T.result.chosen = action.chosen
vim.cmd('silent wall')
local written = assert(io.open(target, 'r'))
T.result.target = written:read('*a')
written:close()
