local T = require("lib")
-- A user-level rule file (here Continue's ~/.continue/rules) opened from a project: it lies in no
-- project, so it joins the project's running client, whose server judges it by its path.
local project = T.client()
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
