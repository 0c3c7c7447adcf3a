local T = require("lib")
-- In a prompt that already has file_references, the user types " Also @sess" at the end
-- of the body and accepts src/session.ts: the new entry comes as an additionalTextEdit.
T.client()
local last = vim.api.nvim_buf_line_count(0)
local line = vim.api.nvim_buf_get_lines(0, last - 1, last, false)[1]
vim.api.nvim_buf_set_text(0, last - 1, #line, last - 1, #line, { ' Also @sess' })
vim.api.nvim_win_set_cursor(0, { last, #line + 11 })
local outcome
T.wait('src/session.ts to be offered', function()
  outcome = T.complete('src/session.ts', '@')
  return outcome.picked ~= nil
end, 20000)
T.result.picked = outcome.picked
T.result.text = T.text()
T.wait('the server to see both references', function()
  local links = T.request('textDocument/documentLink', { textDocument = vim.lsp.util.make_text_document_params() })
  T.result.links = #links
  return #links == 4
end, 10000)
