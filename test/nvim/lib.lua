-- Helpers for scenarios that drive real Neovim (0.7+) headless. A scenario is a Lua
-- file run after the shipped config (editors/nvim/lua/agentls.lua) has attached to
-- the first buffer; it records what the user would see in `T.result` and the runner
-- prints it as JSON for the TypeScript test to check.
local T = { result = {}, log = {} }

local function note(msg) table.insert(T.log, msg) end
T.note = note

--- Waits (processing events) until `cond()` is truthy; errors after `ms`.
function T.wait(what, cond, ms)
  -- The condition runs between waits, not inside vim.wait's callback: conditions make
  -- synchronous requests, which wait themselves, and Neovim 0.10 refuses a vim.wait
  -- nested in another's callback (0.7 allowed it).
  local deadline = vim.loop.hrtime() + (ms or 10000) * 1e6
  local last
  while true do
    local good, value = pcall(cond)
    if good and value then return end
    if not good then last = value end
    if vim.loop.hrtime() > deadline then error('timed out waiting for ' .. what .. (last and (' (last error: ' .. tostring(last) .. ')') or ''), 2) end
    vim.wait(20)
  end
end

-- The agentls client attached to the current buffer (waits for it).
function T.client()
  local agentls = require('agentls')
  T.wait('agentls to attach', function()
    local c = agentls.client(0)
    return c and c.initialized
  end, 15000)
  return agentls.client(0)
end

--- Diagnostics Neovim holds for a buffer, as plain tables (0.7 keeps the code under user_data.lsp).
function T.diagnostics(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr or 0)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(out, { line = d.lnum, col = d.col, severity = d.severity, code = code, message = d.message, source = d.source })
  end
  return out
end

--- Waits until the buffer has a diagnostic with this code; returns all diagnostics.
function T.wait_diagnostic(code, bufnr, ms)
  T.wait('a diagnostic ' .. code, function()
    for _, d in ipairs(T.diagnostics(bufnr)) do
      if d.code == code then return true end
    end
    return false
  end, ms or 15000)
  return T.diagnostics(bufnr)
end

--- A request through Neovim's client, synchronously; returns the result (errors on an LSP error).
function T.request(method, params, bufnr)
  local responses = vim.lsp.buf_request_sync(bufnr or 0, method, params, 10000)
  for _, r in pairs(responses or {}) do
    if r.error then error(method .. ': ' .. vim.inspect(r.error)) end
    return r.result
  end
  error(method .. ': no response')
end

function T.text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr or 0, 0, -1, false), '\n')
end

--- Runs Neovim's own code-action command at the cursor and picks the action whose title
--- contains `title_part` at its prompt (vim.ui.select), as a user would. It waits for the
--- buffer to change, or for `done()` when the action edits another file.
function T.code_action(title_part, bufnr, done)
  bufnr = bufnr or 0
  local offered, chosen = {}, nil
  local original = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    for i, item in ipairs(items) do
      local action = item.action or item[2] or item
      local title = action.title or tostring(item)
      table.insert(offered, title)
      if not chosen and title:find(title_part, 1, true) then
        chosen = title
        vim.ui.select = original
        on_choice(item, i)
        return
      end
    end
    vim.ui.select = original
    on_choice(nil, nil)
  end
  local before = T.text(bufnr)
  local changedtick = vim.api.nvim_buf_get_changedtick(bufnr)
  vim.lsp.buf.code_action()
  T.wait('code actions to be offered', function() return #offered > 0 end, 10000)
  if chosen and done then
    T.wait('the action to be applied', done, 10000)
  elseif chosen then
    T.wait('the action to change the buffer', function() return vim.api.nvim_buf_get_changedtick(bufnr) ~= changedtick end, 10000)
  end
  return { offered = offered, chosen = chosen, before = before, after = T.text(bufnr) }
end

--- Requests completion at the cursor and accepts the item whose label contains `label_part`
--- the way nvim-cmp does: its textEdit, then its additionalTextEdits, with Neovim's own util.
function T.complete(label_part, trigger, bufnr)
  -- A real buffer number: Neovim 0.10's apply_text_edits refuses 0 (the current buffer).
  if bufnr == nil or bufnr == 0 then bufnr = vim.api.nvim_get_current_buf() end
  local params = vim.lsp.util.make_position_params()
  params.context = trigger and { triggerKind = 2, triggerCharacter = trigger } or { triggerKind = 1 }
  local result = T.request('textDocument/completion', params, bufnr)
  local items = result and (result.items or result) or {}
  local labels, picked = {}, nil
  for _, item in ipairs(items) do
    table.insert(labels, item.label)
    if not picked and item.label:find(label_part, 1, true) then picked = item end
  end
  if picked then
    local edit = picked.textEdit
    if edit and edit.insert then edit = { range = edit.replace, newText = edit.newText } end
    if edit then vim.lsp.util.apply_text_edits({ edit }, bufnr, 'utf-16') end
    if picked.additionalTextEdits then vim.lsp.util.apply_text_edits(picked.additionalTextEdits, bufnr, 'utf-16') end
  end
  return { labels = labels, picked = picked and picked.label or nil, incomplete = result and result.isIncomplete or false, text = T.text(bufnr) }
end

return T
