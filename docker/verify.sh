#!/usr/bin/env bash
# Builds docker/Dockerfile with podman and checks the image: runtime libraries resolve, the server
# answers /healthz and lists sisyphos at /api/v1/games, and it exits 0 on SIGTERM (podman stop).
# Works on a machine without Docker or registry access: the debian:bookworm and
# debian:bookworm-slim base images are made locally with debootstrap from the host's Debian mirror.
# Idempotent: installed tools and existing base images are kept; the build reuses podman's layer
# cache. Run as root from anywhere:   bash docker/verify.sh
# Environment: PORT (default 8080), MIRROR (default: the host's apt mirror), SKIP_BUILD=1 (check the
# existing image only), BUILD_CPUSET (default 0: build on one core; empty for all cores).
set -euo pipefail

cd "$(dirname "$0")/.."
PORT=${PORT:-8080}
IMAGE=boardroom
NAME=boardroom-verify
BUILD_CPUSET=${BUILD_CPUSET-0}

step() { printf '\n== %s\n' "$*"; }
die() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "run as root (podman builds and runs rootful here)"

step "tools"
need=()
for cmd in podman debootstrap runc; do command -v "$cmd" >/dev/null || need+=("$cmd"); done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq podman debootstrap runc uidmap fuse-overlayfs slirp4netns
fi
podman --version

# The mirror the host's apt uses (deb822 or one-line format), so the bases' apt reaches it too.
host_mirror() {
  local m
  m=$(grep -hs '^URIs:' /etc/apt/sources.list.d/debian.sources | awk '{print $2}' | grep -v security | head -1)
  [ -n "$m" ] || m=$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' | grep -v security | head -1)
  echo "${m:-http://deb.debian.org/debian}"
}
MIRROR=${MIRROR:-$(host_mirror)}

step "base images (mirror $MIRROR)"
if ! podman image exists debian:bookworm; then
  root=$(mktemp -d /tmp/bookworm-rootfs.XXXXXX)
  debootstrap --variant=minbase bookworm "$root" "$MIRROR"
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/cache/apt/*.bin "$root"/var/lib/apt/lists/*
  tar -C "$root" -c . | podman import - debian:bookworm
  rm -rf "$root"
fi
if ! podman image exists debian:bookworm-slim; then
  # Like the official -slim: no docs (copyrights kept), man pages, info or locales, now or later.
  ctr=$(podman create debian:bookworm true)
  root=$(mktemp -d /tmp/bookworm-slim-rootfs.XXXXXX)
  podman export "$ctr" | tar -C "$root" -x
  podman rm "$ctr" >/dev/null
  cat > "$root/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
EOF
  find "$root/usr/share/doc" -mindepth 2 -not -name copyright -not -type d -delete
  find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
  rm -rf "$root"/usr/share/{groff,info,linda,locale,man}/* "$root"/usr/share/lintian/overrides/*
  tar -C "$root" -c . | podman import - debian:bookworm-slim
  rm -rf "$root"
fi
podman images debian

# Some sandboxes (hybrid cgroup v1/v2, no CAP_SYS_RESOURCE) refuse crun and podman's default
# rlimits; fall back to runc with rlimits no higher than the host's.
step "OCI runtime"
RT=()
if ! podman run --rm debian:bookworm true 2>/dev/null; then
  RT=(--runtime runc --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
  podman run --rm "${RT[@]}" debian:bookworm true || die "podman cannot run a container here"
fi
echo "extra podman options: ${RT[*]:-none}"

if [ "${SKIP_BUILD:-0}" != 1 ] || ! podman image exists "$IMAGE"; then
  step "build"
  [ -f .dockerignore ] || die ".dockerignore missing: the build context would include build*/ and .git"
  cpus=()
  [ -n "$BUILD_CPUSET" ] && cpus=(--cpuset-cpus "$BUILD_CPUSET")
  podman build "${RT[@]}" "${cpus[@]}" --network host -f docker/Dockerfile -t "$IMAGE" .
fi

step "runtime libraries"
ldd_out=$(podman run --rm "${RT[@]}" --entrypoint ldd "$IMAGE" /usr/local/bin/boardroom)
echo "$ldd_out"
! grep -q 'not found' <<<"$ldd_out" || die "missing shared libraries in the runtime image"

step "serve on port $PORT"
podman rm -f "$NAME" >/dev/null 2>&1 || true
if ss -ltn "sport = :$PORT" | grep -q LISTEN; then die "port $PORT is in use (set PORT=...)"; fi
trap 'podman rm -f "$NAME" >/dev/null 2>&1 || true' EXIT
# Arguments after the image replace the Dockerfile's CMD (--port 8080).
podman run -d --name "$NAME" "${RT[@]}" --network host "$IMAGE" --port "$PORT" >/dev/null
for _ in $(seq 1 50); do curl -sf "localhost:$PORT/healthz" >/dev/null && break; sleep 0.2; done
health=$(curl -s "localhost:$PORT/healthz")
games=$(curl -s "localhost:$PORT/api/v1/games")
echo "healthz: $health"
echo "games:   $games"
[ "$health" = ok ] || die "/healthz did not answer ok"
grep -q '"key":"sisyphos"' <<<"$games" || die "/api/v1/games does not list sisyphos"

step "stop (SIGTERM)"
podman stop -t 10 "$NAME" >/dev/null
code=$(podman inspect -f '{{.State.ExitCode}}' "$NAME")
podman logs "$NAME"
echo "exit code: $code"
[ "$code" = 0 ] || die "server exited $code on SIGTERM"

step "image size"
podman images "$IMAGE"
echo; echo "verify: all checks passed"
