"""Where the spike's scripts look (see README.md): the repo, this folder, and the
worktree with spike-branch.diff applied (``SPIKE_TREE``, default build/wt-spike)."""

import os
import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
REPO = str(Path(__file__).resolve().parents[3])
SPIKE_TREE = os.environ.get("SPIKE_TREE", os.path.join(REPO, "build", "wt-spike"))
sys.path.insert(0, SPIKE_TREE)  # tools.serve of the spike's tree
