"""What the user should know about the compiled kernel: is it cached yet?"""

from __future__ import annotations

import os
from pathlib import Path


def kernel_is_cached(*also: str) -> bool:
    """True if numba's on-disk cache holds both kernels, the enumerating search and the
    memoised count (so no compile pause is coming, whichever the puzzle takes), and the
    functions named in ``also`` (such as ``"estimate._probes"``)."""
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return True
    here = Path(__file__).with_name("__pycache__")
    roots = [here]
    if os.environ.get("NUMBA_CACHE_DIR"):
        roots.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    return all(any(any(root.rglob(pattern)) for root in roots if root.exists())
               for pattern in ("kernel._search-*.nbi", "memo._sweep-*.nbi", *(f"{x}-*.nbi" for x in also)))
