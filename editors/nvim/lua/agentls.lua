-- agentls for Neovim (0.7 and later), without plugins.
--
-- Install: put this file on your 'runtimepath' (for example copy it to
-- ~/.config/nvim/lua/agentls.lua) and add to your init.lua:
--
--   require('agentls').setup({
--     -- cmd = { 'agentls', '--stdio' },           -- default; use the full path if not on $PATH
--     -- settings = { agentls = { rules = { profile = 'seed' } } },
--   })
--
-- The server decides what a file is from its path (rule files, prompts, hashline
-- patches, ast-edit recipes), so the client attaches to every file under a project
-- root that has agent files (or a .git folder); `patterns` narrows that down.
-- With nvim-lspconfig you can instead register the same cmd/root/settings there.

local M = {}

local defaults = {
  cmd = { 'agentls', '--stdio' },
  -- The server's environment (protocol/launch.ts): two malloc arenas keep its memory near its
  -- resting size after a burst of requests; huge pages for its large arrays make its start
  -- touch fewer pages (glibc only; elsewhere unused).
  cmd_env = { MALLOC_ARENA_MAX = '2', GLIBC_TUNABLES = 'glibc.malloc.hugetlb=1' },
  -- Files or folders that mark a project root, nearest first: every agent's rule folders and
  -- files (those the VS Code extension activates on, editors/vscode/package.json), agentls.json, .git.
  -- Their single files (.cursorrules, .windsurfrules, .clinerules, .roorules) each carry one
  -- agent's own name, and are read at the workspace root alone.
  root_markers = { '.xcsh', '.cursorrules', '.windsurfrules', '.agent', '.agents', '.clinerules', '.cline', '.roorules', 'agentls.json', '.git' },
  -- Files that mark a root only where no folder above the file holds a root marker, before the
  -- folders below: Zed reads .rules at a worktree's root alone, but other tools and people name
  -- files so too, and a stray one in a package is not the repository's root.
  generic_root_markers = { '.rules' },
  -- Folders that mark a root only where no folder above the file holds one of the markers above: they sit
  -- in a package of a repository too (a package's nested .cursor/rules or .windsurf/rules; Claude
  -- Code writes .claude/settings.local.json wherever it is started), which is not the project's root.
  secondary_root_markers = { '.cursor', '.windsurf', '.devin', '.claude', '.github', '.kiro', '.gemini', '.codex', '.roo', '.continue' },
  -- Files that mark a root only where no folder above the file holds one of the markers above:
  -- Claude Code and AGENTS.md readers also read them in a project's subfolders.
  fallback_root_markers = { 'CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md', 'GEMINI.md' },
  -- The places of the home the server reads user-level rules from (as `userRuleAreas` of
  -- server/workspace/ruleLocations.ts, a little wider: every `.roo/rules-*/`, where the server reads the modes a
  -- workspace names and the built-in ones, and `.agent(s)/rules/` under any profile), relative to the home: one ending in `/` is a folder, whose
  -- files are its rules, else it is that one file; `*` is any part of one name. A file there, in
  -- no project, joins a running agentls client, whose server judges it by its path, and starts
  -- none (the home is no project). Nothing else of the agents' folders joins: they hold their
  -- settings, keys and transcripts (~/.codex/auth.json, ~/.claude/.credentials.json, ~/.claude/projects), which a client would
  -- send whole to the server. Added to these: the xcsh agent's `agent/rules/` in `.xcsh` (and in
  -- `rules.piConfigDir` or PI_CONFIG_DIR where set), Codex's AGENTS.md and AGENTS.override.md in
  -- CODEX_HOME where set, else in `.codex`.
  user_rule_locations = { '.agent/rules/', '.agents/rules/', '.cursor/rules/', '.codeium/windsurf/memories/global_rules.md', '.cline/rules/', 'Documents/Cline/Rules/', 'Cline/Rules/', '.claude/CLAUDE.md', '.claude/rules/', '.kiro/steering/', '.continue/rules/', '.gemini/GEMINI.md', '.roo/rules/', '.roo/rules-*/' },
  -- Buffers whose file name matches one of these Lua patterns attach; nil = every file under a root.
  patterns = nil,
  -- Sent with workspace/didChangeConfiguration and answered to workspace/configuration.
  settings = { agentls = {} },
  init_options = nil,
  -- Called with (client, bufnr) when a buffer attaches, e.g. for key maps.
  on_attach = nil,
  -- Buffer-local K (hover) and gd (definition) on Neovim older than 0.10, which has them built in.
  keymaps = true,
}

M.config = vim.deepcopy(defaults)
local clients = {} -- root dir -> client id (Neovim 0.7, which has no vim.lsp.start)

-- Neovim's client API moved under us: vim.lsp.start (0.8) replaces start_client (a notice
-- at every start from 0.12, gone in 0.13), get_clients (0.10) replaces buf_get_clients (gone
-- in 0.12), and client methods take `:` from 0.11 (`.` gives a notice from 0.12). Each helper
-- uses what the running Neovim has, so 0.7 keeps working and 0.12 prints nothing.
local uv = vim.uv or vim.loop

local function buffer_clients(bufnr)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr }) end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

local function call(client, method, ...)
  if vim.fn.has('nvim-0.11') == 1 then return client[method](client, ...) end
  return client[method](...)
end

-- Whether `dir` is a folder of the home named as a marker (~/.claude, ~/.gemini, ~/.codex, ~/.git, …):
-- the home's own, holding its agents' settings, keys and transcripts, and no project even where
-- it holds a CLAUDE.md, GEMINI.md or AGENTS.md (which the server reads as user-level rules).
local function home_own(dir, home)
  if vim.fn.fnamemodify(dir, ':h') ~= home then return false end
  local name = vim.fn.fnamemodify(dir, ':t')
  for _, markers in ipairs({ M.config.root_markers, M.config.generic_root_markers or {}, M.config.secondary_root_markers or {} }) do
    for _, marker in ipairs(markers) do
      if marker == name then return true end
    end
  end
  return false
end

-- The nearest folder at or above the one holding `path` that holds one of `markers`, below the
-- home directory and its own folders: the home holds the user's own ~/.claude, ~/.cursor or a
-- dotfiles .git, which make no project of it (the server refuses to index it).
local function find_marked(path, markers)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local home = uv.os_homedir()
  while dir and dir ~= '' and dir ~= home and not home_own(dir, home) do
    for _, marker in ipairs(markers) do
      if uv.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then break end
    dir = parent
  end
  return nil
end

local function find_root(path)
  return find_marked(path, M.config.root_markers)
    or find_marked(path, M.config.generic_root_markers or {})
    or find_marked(path, M.config.secondary_root_markers or {})
    or find_marked(path, M.config.fallback_root_markers or {})
end

local function matches(name)
  if not M.config.patterns then return true end
  for _, p in ipairs(M.config.patterns) do
    if name:match(p) then return true end
  end
  return false
end

-- Neovim answers workspace/configuration from `settings` by section.
local function configuration_handler(_, result, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  local out = {}
  for _, item in ipairs(result.items or {}) do
    local value = client and client.config.settings or vim.NIL
    if item.section and value ~= vim.NIL then
      for part in string.gmatch(item.section, '[^.]+') do
        value = type(value) == 'table' and value[part] or nil
      end
    end
    table.insert(out, value == nil and vim.NIL or value)
  end
  return out
end

local function client_config(root)
  return {
    name = 'agentls',
    cmd = M.config.cmd,
    cmd_env = M.config.cmd_env,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ':t') } },
    settings = M.config.settings,
    init_options = M.config.init_options or M.config.settings,
    handlers = { ['workspace/configuration'] = configuration_handler },
    on_init = function(client)
      -- Neovim 0.7 announces no workspace/configuration; push the settings, as lspconfig does.
      call(client, 'notify', 'workspace/didChangeConfiguration', { settings = M.config.settings })
    end,
    on_attach = function(client, bufnr)
      -- <C-x><C-o> completes from the language servers (Markdown's own omnifunc completes HTML tags).
      vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
      if M.config.keymaps and vim.fn.has('nvim-0.10') == 0 then
        vim.keymap.set('n', 'K', vim.lsp.buf.hover, { buffer = bufnr, desc = 'agentls: hover' })
        vim.keymap.set('n', 'gd', vim.lsp.buf.definition, { buffer = bufnr, desc = 'agentls: go to definition' })
      end
      if M.config.on_attach then M.config.on_attach(client, bufnr) end
    end,
  }
end

-- One client per root, started by the first buffer under it and shared by the rest.
local function attach_under(root, bufnr)
  if vim.lsp.start then
    -- Attaches bufnr to the running client of this root, else starts one. The reuse test is
    -- ours: 0.10's own compares root_dir with the workspace folders' names, which are not paths.
    vim.lsp.start(client_config(root), {
      bufnr = bufnr,
      reuse_client = function(client, config) return client.name == config.name and client.config.root_dir == config.root_dir end,
    })
    return
  end
  if not (clients[root] and vim.lsp.get_client_by_id(clients[root])) then
    clients[root] = vim.lsp.start_client(client_config(root))
  end
  if clients[root] then vim.lsp.buf_attach_client(bufnr, clients[root]) end
end

local function set(value)
  if type(value) == 'string' and value ~= '' then return value end
  return nil
end

-- Whether `file` (absolute) is one of the user-level rule places of `home` (`user_rule_locations`
-- and those the settings and the server's environment add, as the server finds them).
local function user_rule_location(file, home)
  local rules = (M.config.settings.agentls or {}).rules or {}
  local env = M.config.cmd_env or {}
  local places = {}
  for _, location in ipairs(M.config.user_rule_locations or {}) do table.insert(places, home .. '/' .. location) end
  table.insert(places, home .. '/.xcsh/agent/rules/')
  local pi = set(rules.piConfigDir) or set(env.PI_CONFIG_DIR) or set(vim.env.PI_CONFIG_DIR)
  if pi then table.insert(places, home .. '/' .. pi:gsub('^/+', '') .. '/agent/rules/') end
  local codex = set(env.CODEX_HOME) or set(vim.env.CODEX_HOME)
  codex = codex and vim.fn.fnamemodify(codex, ':p'):gsub('/$', '') or home .. '/.codex'
  table.insert(places, codex .. '/AGENTS.md')
  table.insert(places, codex .. '/AGENTS.override.md')
  for _, place in ipairs(places) do
    local folder = place:sub(-1) == '/'
    local pattern = '^' .. place:gsub('[%^%$%(%)%%%.%[%]%*%+%-%?]', '%%%0'):gsub('%%%*', '[^/]*') .. (folder and '' or '$')
    if file:match(pattern) then return true end
  end
  return false
end

-- The running agentls client a user-level rule file at `path` joins: the alternate buffer's (the
-- file it was opened from), else the first; nil where the file is none of the home's user-level
-- rule places or no client runs. The home is the `home` setting where set, as the server's.
local function user_level_client(path)
  local home = (M.config.settings.agentls or {}).home or uv.os_homedir()
  if not home then return nil end
  if not user_rule_location(vim.fn.fnamemodify(path, ':p'), (vim.fn.fnamemodify(home, ':p'):gsub('/$', ''))) then return nil end
  local alternate = vim.fn.bufnr('#')
  if alternate > 0 then
    for _, c in ipairs(buffer_clients(alternate)) do
      if c.name == 'agentls' then return c end
    end
  end
  for _, c in ipairs(vim.lsp.get_clients and vim.lsp.get_clients({ name = 'agentls' }) or vim.lsp.get_active_clients()) do
    if c.name == 'agentls' then return c end
  end
  return nil
end

--- The project root agentls attaches a file at `path` under, or nil where it attaches to none.
function M.root(path)
  return find_root(path)
end

--- Attaches agentls to a buffer when it lies under a project root.
function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  if vim.bo[bufnr].buftype ~= '' then return end
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' or not matches(name) then return end
  local root = find_root(name)
  if root then return attach_under(root, bufnr) end
  local client = user_level_client(name)
  if client then vim.lsp.buf_attach_client(bufnr, client.id) end
end

--- The agentls client attached to a buffer, if any.
function M.client(bufnr)
  for _, c in ipairs(buffer_clients(bufnr or vim.api.nvim_get_current_buf())) do
    if c.name == 'agentls' then return c end
  end
  return nil
end

local function command(name, args)
  return function()
    local c = M.client()
    if not c then
      vim.notify('agentls is not attached to this buffer', vim.log.levels.WARN)
      return
    end
    call(c, 'request', 'workspace/executeCommand', { command = name, arguments = args and args() or {} }, function(err)
      if err then vim.notify('agentls: ' .. err.message, vim.log.levels.ERROR) end
    end, 0)
  end
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  local group = vim.api.nvim_create_augroup('agentls', { clear = true })
  -- .mdc (Cursor rules) is Markdown; Neovim does not know the extension.
  vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
    group = group,
    pattern = { '*.mdc', '.clinerules', '.cursorrules', '.windsurfrules' },
    callback = function(args) vim.bo[args.buf].filetype = 'markdown' end,
  })
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    group = group,
    callback = function(args) M.attach(args.buf) end,
  })
  vim.api.nvim_create_user_command('AgentlsBuckets', command('agentls.rules.showBuckets'), { desc = 'agentls: rule buckets report' })
  vim.api.nvim_create_user_command('AgentlsSystemPrompt', command('agentls.rules.showSystemPrompt'), { desc = 'agentls: rendered rules prompt' })
  vim.api.nvim_create_user_command('AgentlsRulesForFile', command('agentls.rules.showForFile', function() return { { uri = vim.uri_from_bufnr(0) } } end), { desc = 'agentls: the rules that reach this file' })
  vim.api.nvim_create_user_command('AgentlsRebuildIndex', command('agentls.index.rebuild'), { desc = 'agentls: rebuild the file index' })
  -- Buffers opened before setup().
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) then M.attach(buf) end
  end
end

return M
