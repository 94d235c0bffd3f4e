"""What the user should know about the compiled kernel: is it cached yet?"""

from __future__ import annotations

import os
from pathlib import Path


def kernel_is_cached() -> bool:
    """True if numba's on-disk cache holds the search kernel (so no compile pause is coming)."""
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return True
    here = Path(__file__).with_name("__pycache__")
    roots = [here]
    if os.environ.get("NUMBA_CACHE_DIR"):
        roots.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    return any(any(root.rglob("kernel._search-*.nbi")) for root in roots if root.exists())
