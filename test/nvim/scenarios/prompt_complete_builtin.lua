local T = require("lib")
-- Neovim 0.11's own LSP completion (vim.lsp.completion), as a user without nvim-cmp has it:
-- in insert mode the user types "@aut" after "Explain ", the menu opens by itself on the
-- server's trigger character, and <C-n>… <C-y> accepts src/auth.ts. Neovim applies the
-- item's edit and its additional edit (the file_references entry) itself.
if vim.fn.has('nvim-0.11') == 0 then
  -- Before 0.11 Neovim has no completion of its own to type into: the test checks that.
  T.result.builtin_completion = type(vim.lsp.completion)
  return
end
local c = T.client()
local buf = vim.api.nvim_get_current_buf()
vim.lsp.completion.enable(true, c.id, buf, { autotrigger = true })
T.later = true

local function keys(s) vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(s, true, false, true), 'nt', false) end

-- Runs `step` every 20 ms until it returns true; fails the scenario after `ms`.
local function poll(what, step, ms)
  local clock = vim.uv or vim.loop
  local deadline = clock.hrtime() + ms * 1e6
  local function tick()
    local good, done = pcall(step)
    if not good then return T.finish(done) end
    if done then return end
    if clock.hrtime() > deadline then
      local lines = vim.inspect(vim.api.nvim_buf_get_lines(buf, 0, -1, false))
      return T.finish(('timed out waiting for %s (mode %s, menu %s, lines %s)'):format(what, vim.api.nvim_get_mode().mode, vim.fn.pumvisible() == 1 and vim.inspect(vim.tbl_map(function(i) return i.abbr ~= '' and i.abbr or i.word end, vim.fn.complete_info({ 'items' }).items)) or 'closed', lines))
    end
    vim.defer_fn(tick, 20)
  end
  vim.defer_fn(tick, 20)
end

-- As `:help lsp-autocompletion` sets it up: the menu also for one match, nothing preselected.
vim.o.completeopt = 'menuone,noselect'
-- Typing starts right after "Explain " (the end of a Markdown prompt, or inside a JSON prompt's string).
for row, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  local _, last = line:find('Explain ', 1, true)
  if last then vim.api.nvim_win_set_cursor(0, { row, last - 1 }) break end
end
keys('a@')
local typed = false
poll('the completion menu with src/auth.ts', function()
  if vim.fn.pumvisible() == 0 then return false end
  -- The menu opened on '@'; the user narrows it, and the server's incomplete list is asked again.
  if not typed then
    typed = true
    keys('aut')
    return false
  end
  -- One <C-n> at a time until src/auth.ts is the selected row (the list may be replaced
  -- meanwhile by the server's answer to the narrowed query), then <C-y> accepts it.
  local info = vim.fn.complete_info({ 'items', 'selected' })
  local selected = info.items[info.selected + 1]
  if not (selected and (selected.abbr ~= '' and selected.abbr or selected.word):find('src/auth.ts', 1, true)) then
    keys('<C-n>')
    return false
  end
  T.result.menu = #info.items
  keys('<C-y>')
  poll('the accepted item in the buffer', function()
    local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
    -- The token and its entry (in a one-line JSON prompt the entry comes by the item's command, a moment later).
    if not (text:find('<@file:', 1, true) and text:find('ref_id', 1, true)) then return false end
    T.result.text = text
    T.result.mode = vim.api.nvim_get_mode().mode
    T.finish()
    return true
  end, 10000)
  return true
end, 20000)
