"""What the user should know about the compiled kernel: is it cached yet?"""

from __future__ import annotations

import os
from pathlib import Path


def kernel_is_cached(*also: str) -> bool:
    """True if numba's on-disk cache holds the search kernel and the functions named in
    ``also`` (such as ``"memo._sweep"`` for a memoised count, ``"estimate._probes"``): the ones
    a run will call, so that the notice of a compile pause is not shown when none is coming
    (a memoised count compiles its own kernel the first time one runs)."""
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return True
    here = Path(__file__).with_name("__pycache__")
    roots = [here]
    if os.environ.get("NUMBA_CACHE_DIR"):
        roots.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    return all(any(any(root.rglob(pattern)) for root in roots if root.exists())
               for pattern in ("kernel._search-*.nbi", *(f"{x}-*.nbi" for x in also)))
