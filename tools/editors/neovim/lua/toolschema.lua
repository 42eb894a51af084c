-- toolschema-language-server for Neovim 0.7 and later, without plugins.
-- Copy this file to ~/.config/nvim/lua/toolschema.lua and add to init.lua:
--   require('toolschema').setup()            -- or setup({ cmd = { '/path/to/toolschema-language-server', '--stdio' } })
-- Every *.tool.json and *.eval.json (evaluation set) buffer attaches to one server per project root (the folder holding toolschema.config.json,
-- else the one holding .git, else the file's folder). Diagnostics, hover (K), code actions
-- (vim.lsp.buf.code_action), formatting, rename, definitions and references come from the server.
local M = {}

local function root_of(file)
  local dir = vim.fn.fnamemodify(file, ':p:h')
  local config = vim.fn.findfile('toolschema.config.json', dir .. ';')
  if config ~= '' then return vim.fn.fnamemodify(config, ':p:h') end
  local git = vim.fn.finddir('.git', dir .. ';')
  if git ~= '' then return vim.fn.fnamemodify(git, ':p:h:h') end
  return dir
end

function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or { 'toolschema-language-server', '--stdio' }
  local clients = {}
  vim.filetype.add({ pattern = { ['.*%.tool%.json'] = 'json', ['.*%.eval%.json'] = 'json' } })
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    pattern = { '*.tool.json', '*.eval.json' },
    callback = function(args)
      local root = root_of(vim.api.nvim_buf_get_name(args.buf))
      local id = clients[root]
      if not id or not vim.lsp.get_client_by_id(id) then
        id = vim.lsp.start_client({
          name = 'toolschema',
          cmd = cmd,
          root_dir = root,
          workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
          settings = opts.settings or { toolschema = {} },
        })
        clients[root] = id
      end
      if id then vim.lsp.buf_attach_client(args.buf, id) end
    end,
  })
end

return M
