local T = require("lib")
-- Started by the README's vim.lsp.config block on a file Neovim has no filetype of its own for
-- (a hashline patch, a single-file rule format): vim.lsp.enable starts clients on FileType, so
-- such a file has agentls only where the block gives it a filetype.
T.result.filetype = vim.bo.filetype
T.client()
T.wait('diagnostics', function() return #T.diagnostics() > 0 end, 15000)
T.result.codes = vim.tbl_map(function(d) return d.code end, T.diagnostics())
