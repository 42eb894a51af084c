;;; Driven by test/editors/emacs.editor.ts: loads tools/editors/emacs/toolschema.el (the configuration the
;;; README gives), opens a tool file, waits (polling, with a deadline) for eglot's diagnostics in Flymake,
;;; asks for a hover, and writes what it received as JSON.  -*- lexical-binding: t; -*-
(require (quote json))
(load (getenv "TS_CONFIG"))
(setq toolschema-server-command (list (getenv "TS_SERVER") "--stdio"))
(setq eglot-sync-connect t)
(defvar ts-result (list (cons 'error nil)))
(condition-case err
    (progn
      (find-file (getenv "TS_FILE"))
      (push (cons 'mode (symbol-name major-mode)) ts-result)
      ;; eglot-ensure connects from post-command-hook, which batch mode never runs by itself.
      (run-hooks 'post-command-hook)
      (let ((deadline (+ (float-time) 30)) (min (string-to-number (getenv "TS_MIN"))))
        (while (and (< (float-time) deadline) (< (length (flymake-diagnostics)) min))
          (when (and (eglot-current-server) (not (flymake-running-backends))) (flymake-start))
          (accept-process-output nil 0.05)))
      (push (cons 'server (and (eglot-current-server) t)) ts-result)
      (push (cons 'languageId (and (eglot-current-server) (eglot--language-id (eglot-current-server)))) ts-result)
      (push (cons 'diagnostics
                  (vconcat (mapcar (lambda (d)
                                     (list (cons 'line (1- (line-number-at-pos (flymake-diagnostic-beg d))))
                                           (cons 'text (flymake-diagnostic-text d))))
                                   (flymake-diagnostics))))
            ts-result)
      (let ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                                    (list :textDocument (eglot--TextDocumentIdentifier)
                                          :position (list :line 26 :character 30)))))
        (push (cons 'hover (plist-get (plist-get hover :contents) :value)) ts-result)))
  (error (setcdr (assq 'error ts-result) (error-message-string err))))
(with-temp-file (getenv "TS_OUT") (insert (json-encode ts-result)))
(kill-emacs 0)
