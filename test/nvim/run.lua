-- Runner for one scenario (see lib.lua). Inputs come from the environment.
local env = function(k) return os.getenv(k) end
local repo, out = env('AGENTLS_REPO'), env('AGENTLS_NVIM_OUT')
vim.opt.rtp:prepend(repo .. '/editors/nvim')
package.path = repo .. '/test/nvim/?.lua;' .. package.path
vim.o.swapfile = false
vim.o.shadafile = 'NONE'
-- Scenarios type in normal mode: let the cursor sit after a line's last character, where it
-- is in insert mode when a user completes (Neovim 0.10 clamps it onto the last character).
vim.o.virtualedit = 'onemore'

local T = require('lib')
-- A deprecation notice is a failure: Neovim prints it to the user at every start, and the API
-- behind it goes in a later release (0.12 warns of vim.lsp.start_client, gone in 0.13).
local function deprecation_notice()
  for _, line in ipairs(vim.split(vim.fn.execute('messages'), '\n')) do
    if line:find('deprecated') then return line end
  end
end

local function finish(ok, err)
  local notice = deprecation_notice()
  if ok and notice then ok, err = false, 'Neovim printed a deprecation notice: ' .. notice end
  local f = io.open(out, 'w')
  f:write(vim.fn.json_encode({ ok = ok, error = err and tostring(err) or vim.NIL, result = T.result, log = T.log, nvim = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. '.' .. tostring(vim.version().patch) }))
  f:close()
  vim.cmd('qa!')
end

-- A scenario that types into Neovim sets T.later: the keys it feeds run after it returns, in
-- Neovim's own loop, and it calls T.finish(err) when done (a timer ends it after 30 s).
T.finish = function(err) finish(err == nil, err) end

local ok, err = pcall(function()
  local settings = vim.fn.json_decode(env('AGENTLS_SETTINGS'))
  if env('AGENTLS_INIT') then
    -- A user's own set-up (the README's vim.lsp.config block), with the test's home and cache folders.
    dofile(env('AGENTLS_INIT'))
    vim.lsp.config('agentls', { settings = { agentls = settings } })
    -- Neovim turns file type detection on after the user's init and before opening the files
    -- named on its command line; the runner opens its file from here, so it turns it on first.
    vim.cmd('filetype plugin indent on')
  else
    require('agentls').setup({
      cmd = { env('AGENTLS_NODE'), repo .. '/out/bundle/agentls.js', '--stdio' },
      settings = { agentls = settings },
    })
  end
  vim.cmd('edit ' .. vim.fn.fnameescape(env('AGENTLS_FILE')))
  dofile(env('AGENTLS_SCENARIO'))
end)
if ok and T.later then
  vim.defer_fn(function() T.finish('the scenario did not finish within 30 s') end, 30000)
else
  finish(ok, err)
end
