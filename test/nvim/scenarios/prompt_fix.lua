local T = require("lib")
-- A hand-typed token is flagged; the user runs the code action that adds its entry.
T.client()
local diagnostics = T.wait_diagnostic('ref/unmapped')
for _, d in ipairs(diagnostics) do
  if d.code == 'ref/unmapped' then
    T.result.message = d.message
    vim.api.nvim_win_set_cursor(0, { d.line + 1, d.col + 1 })
  end
end
local action = T.code_action('Add ref_7')
T.result.offered = action.offered
T.result.chosen = action.chosen
T.result.text = action.after
T.wait('the fixed buffer to be clean', function()
  for _, d in ipairs(T.diagnostics()) do
    if d.code == 'ref/unmapped' then return false end
  end
  return true
end, 10000)
