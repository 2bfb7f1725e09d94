"""The one compiled part, optional: the relaxed solo Som solver in C
(``ludoteca/agents/_som_relaxed.c``). Without a C compiler the build goes on and the Python
solver is used instead (slower: the solo planner then thinks longer after an alignment)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension(
    "ludoteca.agents._som_relaxed",
    sources=["src/ludoteca/agents/_som_relaxed.c"],
    extra_compile_args=["-O3", "-ffp-contract=off"],   # the Python solver's sums, bit for bit
    optional=True,
)])
