local T = require("lib")
-- The user types "@aut" after "Explain " in a prompt without frontmatter and accepts
-- src/auth.ts from the completion menu (applied as nvim-cmp applies items).
T.client()
vim.api.nvim_buf_set_text(0, 0, 8, 0, 8, { '@aut' })
vim.api.nvim_win_set_cursor(0, { 1, 12 })
local outcome
T.wait('src/auth.ts to be offered', function()
  outcome = T.complete('src/auth.ts', '@')
  return outcome.picked ~= nil
end, 20000)
T.result.picked = outcome.picked
T.result.incomplete = outcome.incomplete
T.result.labels = outcome.labels
T.result.text = T.text()
-- The server sees the accepted buffer: the token and the entry now link to the file.
T.wait('links to src/auth.ts', function()
  local links = T.request('textDocument/documentLink', { textDocument = vim.lsp.util.make_text_document_params() })
  T.result.links = #links
  return #links == 2
end, 10000)
