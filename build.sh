#!/usr/bin/env bash
# cubehint's one entry point. See './build.sh help'.
set -eu
cd "$(dirname "$0")"

WASM_BINDGEN_VERSION=0.2.130   # must match the =0.2.x pin in Cargo.toml
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

say() { printf '\033[1m== %s\033[0m\n' "$*"; }

ensure_wasm_target() {
  rustup target list --installed 2>/dev/null | grep -q '^wasm32-unknown-unknown$' ||
    { say "adding the wasm32 target"; rustup target add wasm32-unknown-unknown; }
}

ensure_wasm_pack() {
  command -v wasm-pack >/dev/null || { say "installing wasm-pack (about 3 minutes)"; cargo install wasm-pack; }
  # wasm-pack cannot download wasm-bindgen here; it uses the one on PATH when the version matches.
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
    say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 9 minutes)"
    cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION"
  fi
}

ensure_node_modules() {
  if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/cubing ] || [ ! -d node_modules/axe-core ] || [ ! -d node_modules/esbuild ] || [ package.json -nt node_modules/.installed ]; then
    say "installing npm dev tools (binaryen, playwright-core, cubing, axe-core, esbuild)"
    npm install --no-audit --no-fund
    touch node_modules/.installed
  fi
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    say "installing Debian chromium for the browser tests"
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
  fi
}

build_wasm() {
  ensure_wasm_target
  ensure_wasm_pack
  ensure_node_modules
  say "wasm-pack build"
  wasm-pack build --release --target web --out-dir www/pkg --no-pack
  rm -f www/pkg/.gitignore
  # The service worker keeps one store per version: the hash of everything it serves.
  version=$(cat www/*.html www/*.js www/*.css www/*.webmanifest www/pkg/* 2>/dev/null | sha256sum | cut -c1-16)
  echo "self.CUBEHINT_VERSION = '$version';" > www/version.js
  say "single file: dist/cubehint.html"
  node tools/single-file.mjs
}

case "${1:-serve}" in
  serve | "")
    build_wasm
    say "serving www/ on http://127.0.0.1:8080"
    exec node tools/serve.mjs --root www --port "${PORT:-8080}"
    ;;
  wasm)
    build_wasm
    ;;
  package)
    build_wasm
    say "npm package: dist/cubehint-*.tgz"
    node tools/package.mjs
    ;;
  check)
    ensure_wasm_target
    cargo fmt --all -- --check
    cargo clippy --all-targets -- -D warnings
    cargo check --target wasm32-unknown-unknown
    ;;
  test)
    say "cargo test, the ignored tiers included (optimised test profile)"
    cargo test -- --include-ignored
    build_wasm
    ensure_chromium
    say "browser tests (Playwright, headless Chromium)"
    node --test --test-concurrency=1 tests/browser/
    ;;
  fuzz)
    say "fuzzing natively: ${FUZZ_CASES:=1000000} cases of each kind"
    FUZZ_CASES="$FUZZ_CASES" cargo test --test fuzz -- --nocapture
    build_wasm
    say "fuzzing the wasm entry points in Node: $FUZZ_CASES cases"
    FUZZ_CASES="$FUZZ_CASES" node --test tests/browser/fuzz-wasm.test.mjs
    ;;
  bench)
    shift
    say "native benchmarks"
    cargo build --release
    ./target/release/cubehint bench 2x2
    ./target/release/cubehint bench 3x3 "$@"
    build_wasm
    ensure_chromium
    say "browser benchmark: cubehint and cubing.js side by side in headless Chromium"
    node tools/bench-browser.mjs "$@"
    ;;
  bench-optimal)
    shift
    states="${1:-bench/optimal-states.txt}"
    say "optimal solver, native: $states (h4, then h0-2bit)"
    cargo build --release
    ./target/release/cubehint bench optimal --states "$states" --table h4
    ./target/release/cubehint bench optimal --states "$states" --table h0-2bit
    build_wasm
    ensure_chromium
    say "optimal solver in headless Chromium (table built fresh, then the same states)"
    node tools/bench-optimal-browser.mjs --states "$states" --table h4
    node tools/bench-optimal-browser.mjs --states "$states" --table h0-2bit
    ;;
  help | -h | --help)
    cat <<'HELP'
usage: ./build.sh [target]
  (none)  build the wasm package and serve the page on http://127.0.0.1:8080
  test    every test: cargo test with the ignored (slow, big-memory) tier and a brief fuzz run,
          the wasm build, the browser tests in headless Chromium (and the wasm fuzz, brief)
  fuzz    a million random and mutated inputs of each kind natively, then through the wasm
          entry points in Node (FUZZ_CASES=N sets the count)
  check   rustfmt, clippy (warnings are errors), cargo check for wasm32
  wasm    build the wasm package into www/pkg only
  package the npm package (API, worker, wasm, types) as dist/cubehint-VERSION.tgz, for
          'npm install ./dist/cubehint-VERSION.tgz' (nothing is published)
  bench   the native benchmarks, then ours and cubing.js side by side in headless Chromium
          (options: --count N, --seed S, --states FILE with one sticker string per line)
  bench-optimal [FILE]  the optimal solver natively and in Chromium, both table sizes, on the
          states in FILE (default bench/optimal-states.txt: three 15-move and three 16-move cubes)
HELP
    ;;
  *)
    echo "unknown target '$1' (see ./build.sh help)" >&2
    exit 2
    ;;
esac
