local T = require("lib")
-- Cursor's unquoted `globs: *.test.ts` breaks the YAML and `alwaysApply: true` turns into a
-- string; the user runs the quick fix Neovim offers on that line.
T.client()
local diagnostics = T.wait_diagnostic('frontmatter/fallback-string')
for _, d in ipairs(diagnostics) do
  if d.code == 'frontmatter/fallback-string' then
    T.result.message = d.message
    vim.api.nvim_win_set_cursor(0, { d.line + 1, 0 })
  end
end
local action = T.code_action('Quote')
T.result.chosen = action.chosen
T.result.text = action.after
T.wait('the frontmatter diagnostics to go', function()
  for _, d in ipairs(T.diagnostics()) do
    if d.code:find('^frontmatter/') then return false end
  end
  return true
end, 10000)
T.result.after_codes = {}
for _, d in ipairs(T.diagnostics()) do table.insert(T.result.after_codes, d.code) end
