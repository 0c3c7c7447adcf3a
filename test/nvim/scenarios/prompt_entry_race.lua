local T = require("lib")
-- A one-line JSON prompt where an `@` completion has just put a token in (Neovim's
-- completion inserts the token alone there), and the item's command asks the server to add
-- its entry. The user's next keystroke (" now" after the token) lands in the buffer before
-- the server's edit does: Neovim must drop that edit rather than put the entry at offsets
-- that moved, and the server sends it again for the text as it is then.
local c = T.client()
local buf = vim.api.nvim_get_current_buf()
local token = '<@file:ref_0|src/auth.ts>'
do
  local line = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1]
  local _, last = line:find('Explain ', 1, true)
  vim.api.nvim_buf_set_text(buf, 0, last, 0, last, { token })
end
local original = vim.lsp.handlers['workspace/applyEdit']
local edits = 0
vim.lsp.handlers['workspace/applyEdit'] = function(err, params, ctx, config)
  edits = edits + 1
  if edits == 1 then
    local line = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1]
    local _, last = line:find(token, 1, true)
    vim.api.nvim_buf_set_text(buf, 0, last, 0, last, { ' now' })
  end
  return original(err, params, ctx, config)
end
T.request('workspace/executeCommand', { command = 'agentls.prompt.addReference', arguments = { { uri = vim.uri_from_bufnr(buf), ref_id = 'ref_0', path = 'src/auth.ts' } } })
T.wait('the entry in the buffer', function() return T.text(buf):find('"ref_id"', 1, true) ~= nil end, 15000)
T.result.text = T.text(buf)
T.result.edits = edits
