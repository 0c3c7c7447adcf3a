local T = require("lib")
-- A user-level rule file (here Continue's ~/.continue/rules) opened from a project: it lies in no
-- project, so it joins the project's running client, whose server judges it by its path.
local project = T.client()
local project_buf = vim.api.nvim_get_current_buf()
vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('AGENTLS_USER_FILE')))
local c = require('agentls').client(0)
T.result.attached = c ~= nil
T.result.same_client = c ~= nil and c.id == project.id
T.result.root_of = require('agentls').root(vim.api.nvim_buf_get_name(0)) or vim.NIL
if c then
  T.result.codes = {}
  for _, d in ipairs(T.wait_diagnostic('frontmatter/unknown-key')) do table.insert(T.result.codes, d.code) end
end
-- A file of the home outside the agents' folders joins nothing.
vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('HOME') .. '/notes/todo.md'))
T.result.notes_attached = require('agentls').client(0) ~= nil
-- The home's other files, each opened from the project: only the places the server reads rules
-- from join (a settings file, a key or a transcript would go whole to the server in didOpen),
-- and none starts a client of its own (~/.gemini holding GEMINI.md is no project).
local bufs = {}
for _, rel in ipairs(vim.split(os.getenv('AGENTLS_HOME_FILES') or '', '\n', { trimempty = true })) do
  vim.cmd('buffer ' .. project_buf)
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('HOME') .. '/' .. rel))
  bufs[rel] = vim.api.nvim_get_current_buf()
end
-- A client started for such a file would attach it only once initialized: the list of clients,
-- made when each file is opened, says whether any was started (no waiting for an attach).
T.result.home_files = {}
for rel, buf in pairs(bufs) do T.result.home_files[rel] = require('agentls').client(buf) ~= nil end
T.result.client_roots = {}
for _, cl in ipairs(vim.lsp.get_clients and vim.lsp.get_clients({ name = 'agentls' }) or vim.lsp.get_active_clients()) do
  if cl.name == 'agentls' then table.insert(T.result.client_roots, cl.config.root_dir) end
end
