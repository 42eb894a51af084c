;;; toolschema.el --- toolschema-language-server through eglot  -*- lexical-binding: t; -*-
;; Load it from your init file: (load "/path/to/toolschema.el"), or copy the forms below.
;; *.tool.json files (and *.eval.json evaluation sets) get `tool-json-mode' (derived from js-mode, which edits JSON), whose
;; language id is "tool-json", and eglot starts `toolschema-language-server --stdio' for them. Diagnostics show
;; through Flymake, hover through ElDoc, code actions with M-x eglot-code-actions.

(require 'js)
(require 'eglot)

(define-derived-mode tool-json-mode js-mode "Tool-JSON"
  "Major mode for LLM tool definitions (*.tool.json), linted by toolschema.")

(add-to-list 'auto-mode-alist '("\\.tool\\.json\\'" . tool-json-mode))
;; Evaluation sets go to the same server (it tells them apart by file name).
(add-to-list 'auto-mode-alist '("\\.eval\\.json\\'" . tool-json-mode))

(defvar toolschema-server-command '("toolschema-language-server" "--stdio")
  "How to start the toolschema language server.")

(add-to-list 'eglot-server-programs `(tool-json-mode . ,(lambda (&rest _) toolschema-server-command)))
(add-hook 'tool-json-mode-hook #'eglot-ensure)

(provide 'toolschema)
;;; toolschema.el ends here
