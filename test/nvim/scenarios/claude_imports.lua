local T = require("lib")
-- A CLAUDE.md importing a file that does not exist: Neovim shows the warning. The user
-- then types "@sty" on a new last line and accepts docs/style.md from the completion menu.
T.client()
for _, d in ipairs(T.wait_diagnostic('claude/import-missing')) do
  if d.code == 'claude/import-missing' then T.result.missing = d end
end
local last = vim.api.nvim_buf_line_count(0)
vim.api.nvim_buf_set_lines(0, last, last, false, { 'See @sty' })
vim.api.nvim_win_set_cursor(0, { last + 1, 8 })
local outcome
T.wait('@docs/style.md to be offered', function()
  outcome = T.complete('@docs/style.md', '@')
  return outcome.picked ~= nil
end, 20000)
T.result.picked = outcome.picked
T.result.line = vim.api.nvim_buf_get_lines(0, last, last + 1, false)[1]
