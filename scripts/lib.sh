# Shared helpers for scripts/*. Sourced, not executed.
# Decides whether we build natively (Debian 13+/Ubuntu 24.04+ with KF6 available) or inside a
# Debian 13 root run with bubblewrap.

GT_SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GT_DEVROOT=${GPUTRIAGE_DEVROOT:-$HOME/.cache/gputriage/devroot-trixie}
GT_SUITE=trixie

# Packages of the build root (and of a native host). Changing this list rebuilds the root.
GT_PACKAGES=(
  g++ cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6svg6
  libkf6syntaxhighlighting-dev
  libyaml-cpp-dev libarchive-dev libre2-dev
  zlib1g-dev liblzma-dev libzstd-dev libbz2-dev
  xvfb xauth fonts-dejavu-core
  poppler-utils
  dpkg-dev file desktop-file-utils appstream lintian
  clang clang-tidy clang-format libclang-rt-19-dev
  qt6-svg-plugins libvectorscan-dev ripgrep
  libqt6sql6-sqlite libqt6sql6-psql postgresql
  python3
)

gt_native() {
  # A host that ships KF6 SyntaxHighlighting builds natively.
  [ -n "${GPUTRIAGE_NATIVE:-}" ] && return 0
  [ -n "${GPUTRIAGE_FORCE_DEVROOT:-}" ] && return 1
  [ -r /etc/os-release ] || return 1
  # shellcheck disable=SC1091
  . /etc/os-release
  case "${ID:-}" in
    debian) [ "${VERSION_ID%%.*}" -ge 13 ] 2>/dev/null ;;
    ubuntu) [ "${VERSION_ID%%.*}" -ge 24 ] 2>/dev/null ;;
    *) command -v apt-cache >/dev/null && apt-cache show libkf6syntaxhighlighting-dev >/dev/null 2>&1 ;;
  esac
}

gt_stamp_value() {
  printf '%s\n' "$GT_SUITE" "${GT_PACKAGES[@]}" | sha256sum | cut -d' ' -f1
}

gt_ready() {
  # A script run inside the build root (a test calling scripts/format) is set up already.
  [ -n "${GPUTRIAGE_IN_BUILD_ROOT:-}" ] && return 0
  if gt_native; then
    [ -f "$GT_SRC/build/.native-setup" ] && [ "$(cat "$GT_SRC/build/.native-setup")" = "$(gt_stamp_value)" ]
  else
    command -v bwrap >/dev/null &&
      [ -f "$GT_DEVROOT/.gputriage-stamp" ] && [ "$(cat "$GT_DEVROOT/.gputriage-stamp")" = "$(gt_stamp_value)" ]
  fi
}

# Runs "$@" in the build environment (inside the root via bwrap, or directly on a native host).
gt_exec() {
  if gt_native; then
    "$@"
    return
  fi
  local args=(--bind "$GT_DEVROOT" / --dev /dev --proc /proc --die-with-parent)
  local d
  for d in /tmp /home /root /work /srv /mnt /media /opt; do
    [ -d "$d" ] && args+=(--bind "$d" "$d")
  done
  [ -d "$HOME" ] && args+=(--bind "$HOME" "$HOME")
  args+=(--bind "$GT_SRC" "$GT_SRC")
  [ -d /tmp/.X11-unix ] && args+=(--bind /tmp/.X11-unix /tmp/.X11-unix)
  if [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -d "$XDG_RUNTIME_DIR" ]; then
    args+=(--bind "$XDG_RUNTIME_DIR" "$XDG_RUNTIME_DIR")
  fi
  [ -n "${XAUTHORITY:-}" ] && [ -f "$XAUTHORITY" ] && args+=(--ro-bind "$XAUTHORITY" "$XAUTHORITY")
  args+=(--chdir "$PWD" --setenv GPUTRIAGE_IN_BUILD_ROOT 1)
  env -u LD_LIBRARY_PATH -u PYTHONPATH PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    bwrap "${args[@]}" "$@"
}

gt_setup_if_needed() {
  gt_ready || "$GT_SRC/scripts/setup"
}

gt_build() {
  local type=${1:-Release}
  gt_setup_if_needed || return 1
  local jobs
  jobs=$(nproc 2>/dev/null || echo 2)
  # GPUTRIAGE_WERROR=ON (CI, scripts/check): a compiler warning in our code fails the build.
  gt_exec cmake -S "$GT_SRC" -B "$GT_SRC/build" -G Ninja -DCMAKE_BUILD_TYPE="$type" \
    -DGPUTRIAGE_WERROR="${GPUTRIAGE_WERROR:-OFF}" >/dev/null &&
    gt_exec cmake --build "$GT_SRC/build" -j "$jobs"
}

gt_as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# The mirror comes from the host's own apt sources; no host name is written here.
gt_mirror() {
  local f uri
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -r "$f" ] || continue
    uri=$(awk '/^URIs:/ {print $2; exit}' "$f")
    case "$uri" in *security*|"") continue ;; esac
    echo "$uri"; return
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -r "$f" ] || continue
    uri=$(awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^(https?|file):/) { print $i; exit } }' "$f")
    [ -n "$uri" ] && { echo "$uri"; return; }
  done
}
