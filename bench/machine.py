"""What the benchmarks print about the machine they ran on: every figure in bench/ is a ratio
taken in one run, but a reader still needs to know which processor it came from."""

from __future__ import annotations

import platform


def processor() -> str:
    """The processor's model name and the microarchitecture LLVM compiles the kernel for. A
    virtual machine may name only the vendor ("AMD EPYC" was Zen 1 on one host and Zen 3 on
    another), and the kernel's speed per node differs 2-3x between them."""
    name = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            name = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), name)
    except OSError:
        pass
    try:
        import llvmlite.binding as llvm
    except ImportError:  # numba (and its llvmlite) not installed
        return name
    return f"{name} (LLVM target {llvm.get_host_cpu_name()})"
