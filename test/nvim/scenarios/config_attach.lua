local T = require("lib")
-- Started by the README's vim.lsp.config block, not by the plugin: the client attaches to a
-- Cursor rule of the demo, with the project as its root, and the shadowed rule is shown.
local c = T.client()
T.result.root = c.config.root_dir
T.result.filetype = vim.bo.filetype
T.result.roots = T.request('agentls/status', {}).roots
local codes = {}
for _, d in ipairs(T.wait_diagnostic('rule/shadowed')) do table.insert(codes, d.code) end
T.result.codes = codes
