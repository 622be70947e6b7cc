-- Run by nvim_session.py inside `nvim --headless --clean FILE`: Neovim's own
-- LSP client talks to calloc-clangd, and everything below is what a user
-- does by hand: wait for the diagnostics, put the cursor on ours, ask for
-- code actions (quick fixes only), pick ours from the menu, :write. What
-- Neovim itself holds (vim.diagnostic.get, the menu's items, the buffer) is
-- written to $CALLOC_NVIM_RESULT as JSON for the script to judge.
--
-- Written for Neovim 0.7 (Debian 12) and later: vim.lsp.start_client and
-- buf_attach_client exist in all of them, and code_action() took the
-- context itself before 0.8 and {context = ...} from 0.8 on.

local clangd = vim.env.CALLOC_CLANGD
local result_path = vim.env.CALLOC_NVIM_RESULT
local wanted = vim.env.CALLOC_NVIM_CODE
local result = { nvim = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) }

local function diagnostics_now()
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(list, {
      lnum = d.lnum, col = d.col, code = d.code, message = d.message,
      source = d.source, severity = d.severity,
    })
  end
  return list
end

local function has_code(code)
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.code == code then
      return d
    end
  end
  return nil
end

local function finish(err)
  result.error = err
  local f = assert(io.open(result_path, 'w'))
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd(err and 'cquit 1' or 'qall!')
end

local function run()
  local client_id = vim.lsp.start_client({
    name = 'calloc-clangd',
    cmd = { clangd },
    root_dir = vim.fn.getcwd(),
  })
  assert(client_id, 'vim.lsp.start_client failed')
  vim.lsp.buf_attach_client(0, client_id)
  result.filetype = vim.bo.filetype

  if not vim.wait(120000, function() return has_code(wanted) ~= nil end, 20) then
    result.diagnostics = diagnostics_now()
    error('no ' .. wanted .. ' diagnostic in vim.diagnostic.get() within 120 s')
  end
  result.diagnostics = diagnostics_now()

  local d = has_code(wanted)
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })

  -- The code action menu: record what it offers, choose our quick fix.
  local chosen = false
  vim.ui.select = function(items, opts, on_choice)
    result.menu = {}
    local pick
    for _, item in ipairs(items) do
      local action = item[2] or item.action
      table.insert(result.menu, opts.format_item and opts.format_item(item) or action.title)
      for _, fixed in ipairs(action.diagnostics or {}) do
        if fixed.code == wanted and action.kind == 'quickfix' then
          pick = pick or item
        end
      end
    end
    chosen = true
    on_choice(pick)
  end
  local before = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, true), '\n')
  local context = { only = { 'quickfix' } }
  if vim.fn.has('nvim-0.8') == 1 then
    vim.lsp.buf.code_action({ context = context })
  else
    vim.lsp.buf.code_action(context)
  end
  local edited = vim.wait(60000, function()
    return chosen and table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, true), '\n') ~= before
  end, 20)
  if not edited then
    error(chosen and 'choosing the quick fix did not change the buffer'
      or 'no code action menu within 60 s')
  end
  vim.cmd('write')

  -- The edit reaches clangd as didChange; the finding must go away.
  if not vim.wait(120000, function() return has_code(wanted) == nil end, 20) then
    result.after = diagnostics_now()
    error(wanted .. ' still listed 120 s after the quick fix')
  end
  result.after = diagnostics_now()
end

local ok, err = pcall(run)
finish(not ok and tostring(err) or nil)
