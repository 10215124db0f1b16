#!/bin/sh
# Rebuild the worktree's dist/ and write dist/spike.html again.
set -e
HERE="$(cd "$(dirname "$0")" && pwd)"; cd "${SPIKE_TREE:?set SPIKE_TREE to the worktree with spike-branch.diff applied}" && python3 tools/build.py >/dev/null && python3 "$HERE/make_spike.py"
