#!/usr/bin/env bash
# Installs the Debian 12 packages boardroom builds against; skips what is already there.
# clang 16 builds the sanitizer preset (`debug`) and its libFuzzer targets.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config clang-format lld
  libboost1.81-dev
  nlohmann-json3-dev libvalijson-dev libspdlog-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libsqlite3-dev libcli11-dev libssl-dev libsodium-dev zlib1g-dev libmimalloc-dev
  postgresql-15 libpq-dev redis-server libhiredis-dev
  clang-16 libclang-rt-16-dev
  chromium
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# Node runs the JavaScript client's tests; Debian's only where there is no node at all (a newer
# one installed another way is kept).
command -v node >/dev/null || missing+=(nodejs)
# npm installs the browser tests' one package (playwright-core, which drives the Chromium above).
command -v npm >/dev/null || missing+=(npm)

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The browser tests' package, when it is missing or its lock file changed since it was installed.
web_test="$(dirname "$0")/../web/test"
if [ ! -f "$web_test/node_modules/.package-lock.json" ] ||
   [ "$web_test/package-lock.json" -nt "$web_test/node_modules/.package-lock.json" ]; then
  (cd "$web_test" && npm ci --no-audit --no-fund --loglevel=error)
fi
