local T = require("lib")
-- The user opens a two-file hashline patch, picks "Apply patch" from Neovim's own
-- code-action menu, and writes the edited buffers.
local client = T.client()
local root = client.config.root_dir
local auth = vim.fn.bufadd(root .. '/src/auth.ts')
vim.fn.bufload(auth)
T.wait('"Apply patch" to be offered', function()
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = {} }
  for _, a in ipairs(T.request('textDocument/codeAction', params) or {}) do
    if a.title:find('Apply patch', 1, true) then return true end
  end
  return false
end, 15000)
local action = T.code_action('Apply patch', auth)
T.result.client = client.name
T.result.offered = action.offered
T.result.chosen = action.chosen
T.result.auth = T.text(auth)
local session = vim.fn.bufnr(root .. '/src/session.ts')
T.wait('session.ts to be edited too', function() return session ~= -1 and T.text(session):find('signIn', 1, true) ~= nil end, 5000)
T.result.session = T.text(session)
T.result.patch_modified = vim.bo.modified
for _, buf in ipairs({ auth, session }) do
  vim.api.nvim_buf_call(buf, function() vim.cmd('silent write') end)
end
