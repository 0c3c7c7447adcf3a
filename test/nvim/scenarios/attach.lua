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
