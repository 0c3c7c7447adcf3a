local T = require("lib")
-- The shipped config attaches agentls to a rule file and the server answers a request.
local c = T.client()
T.result.client_name = c.name
T.result.filetype = vim.bo.filetype
T.result.root = c.config.root_dir
local status = T.request('agentls/status', {})
T.result.roots = status.roots
T.result.version = status.version
T.result.omnifunc = vim.bo.omnifunc
T.result.hover_map = vim.fn.maparg('K', 'n') ~= ''
-- The environment the config starts the server with (cmd_env; protocol/launch.ts), read from
-- the server process itself: Neovim's children are the server (the test's shim execs node).
T.result.server_env = {}
for _, pid in ipairs(vim.api.nvim_get_proc_children(vim.fn.getpid())) do
  local f = io.open('/proc/' .. pid .. '/environ', 'rb')
  if f then
    local environ = '\0' .. f:read('*a')
    f:close()
    for name, value in environ:gmatch('%z(MALLOC_[%w_]+)=([^%z]*)') do T.result.server_env[name] = value end
    for name, value in environ:gmatch('%z(GLIBC_TUNABLES)=([^%z]*)') do T.result.server_env[name] = value end
  end
end
-- A second file of the same project joins the same client: one server per root.
vim.cmd('edit ' .. vim.fn.fnameescape(T.result.root .. '/src/auth.ts'))
T.client()
local ids = {}
for _, buf in ipairs(vim.api.nvim_list_bufs()) do
  local c = require('agentls').client(buf)
  if c then ids[c.id] = (ids[c.id] or 0) + 1 end
end
T.result.client_buffers = vim.tbl_values(ids)
