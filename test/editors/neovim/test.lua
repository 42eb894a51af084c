-- Driven by test/editors/neovim.editor.ts: loads tools/editors/neovim/lua/toolschema.lua (the configuration the
-- README gives), opens a tool file, waits (polling, with a deadline) for the diagnostics, asks for a hover, and
-- writes what it received as JSON.
vim.cmd('filetype plugin on') -- done after init.lua in a normal start; here the file is opened from init.lua itself
vim.opt.runtimepath:append(os.getenv('TS_CONFIG_DIR'))
require('toolschema').setup({ cmd = { os.getenv('TS_SERVER'), '--stdio' } })
local out = os.getenv('TS_OUT')
local result = { diagnostics = {}, hover = vim.NIL, waited = false }
local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('TS_FILE')))
  local buf = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[buf].filetype
  result.waited = vim.wait(30000, function() return #vim.diagnostic.get(buf) >= tonumber(os.getenv('TS_MIN')) end, 50)
  result.clients = 0
  for _, c in pairs(vim.lsp.buf_get_clients(buf)) do
    if c.name == 'toolschema' then result.clients = result.clients + 1 end
  end
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(result.diagnostics, { code = d.code, source = d.source, lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, message = d.message })
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 26, character = 30 } }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 10000)
  for _, r in pairs(responses or {}) do
    if r.result then result.hover = r.result.contents end
  end
end)
if not ok then result.error = tostring(err) end
local f = io.open(out, 'w')
f:write(vim.fn.json_encode(result))
f:close()
vim.cmd('qa!')
