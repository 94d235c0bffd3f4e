"""The ``>>>`` examples in the package's docstrings run as tests (the README's Library section
runs in test_readme.py).

The modules are those of the installed package, found by walking it, so a module added later is
checked too; each must import (optional parts included: the test extra installs them).
"""

import doctest
import importlib
import pkgutil

import pytest

import pentomino

MODULES = ["pentomino"] + sorted(m.name for m in pkgutil.walk_packages(pentomino.__path__, "pentomino.")
                                 if m.name != "pentomino.__main__")  # importing __main__ runs the command line


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_a_module_run(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (see above)"


def test_the_modules_with_examples_are_found():
    """The walk finds the package's modules, and the examples in them (a walk that found nothing
    would pass every test above)."""
    assert {"pentomino.search.solver", "pentomino.lazy", "pentomino.web.server", "pentomino.cli"} <= set(MODULES)
    examples = sum(len(t.examples) for name in MODULES
                   for t in doctest.DocTestFinder().find(importlib.import_module(name), name))
    assert examples >= 20, examples
