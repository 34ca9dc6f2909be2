#!/bin/sh
# Regression test for gen_userspace_messages.py: regenerate the catalogs of the small source
# excerpts in tests/data/catalogs/userspace-fixture/ into a temporary directory and compare
# them with the expected/ outputs.  Exit 0 when identical, 1 on any difference.
# To accept a deliberate change: run with --update (rewrites expected/).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fx="$root/tests/data/catalogs/userspace-fixture"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

python3 "$here/gen_userspace_messages.py" -o "$tmp" \
    --version nvidia-installer=590.48.01 \
    --version nvidia-persistenced=595.71.05 \
    --version libnvidia-container=63d366ee3b41 \
    --version nvidia-container-toolkit=v1.20.0 \
    --version gpu-operator=v26.7.0 \
    --version nccl=v2.30.7-1 \
    --version dcgm=v4.6.0 \
    --version dcgm-exporter=4.5.3-4.8.2 \
    --version ggml-cuda=v0.21.0 \
    --version gpu-driver-container=06a208ca9747 \
    --version k8s-driver-manager=v0.8.1 \
    --version triton-core=main \
    nvidia-installer="$fx/nvidia-installer" \
    nvidia-persistenced="$fx/nvidia-persistenced" \
    libnvidia-container="$fx/libnvidia-container" \
    nvidia-container-toolkit="$fx/nvidia-container-toolkit" \
    gpu-operator="$fx/gpu-operator" \
    nccl="$fx/nccl" \
    dcgm="$fx/dcgm" \
    dcgm-exporter="$fx/dcgm-exporter" \
    ggml-cuda="$fx/ggml-cuda" \
    gpu-driver-container="$fx/gpu-driver-container" \
    k8s-driver-manager="$fx/k8s-driver-manager" \
    triton-core="$fx/triton-core" 2>"$tmp/summary.txt" || { cat "$tmp/summary.txt" >&2; exit 1; }
# the summary's last line holds the run time: leave it out of the comparison
sed '$d' "$tmp/summary.txt" > "$tmp/summary" && rm "$tmp/summary.txt" && mv "$tmp/summary" "$tmp/summary.txt"

if [ "${1:-}" = "--update" ]; then
    rm -rf "$fx/expected"
    mkdir -p "$fx/expected"
    cp "$tmp"/* "$fx/expected/"
    echo "expected/ updated"
    exit 0
fi
if diff -ru "$fx/expected" "$tmp"; then
    echo "userspace message catalogs: fixture OK"
    exit 0
fi
echo "userspace message catalogs: output differs from $fx/expected" >&2
exit 1
