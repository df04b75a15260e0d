"""The compiled part of the project (metadata: pyproject.toml): the Buffalo bots' search core.

``optional``: without a C compiler the install still succeeds and the bots search in pure Python
(about 35 times slower); tests/play/games/buffalo/test_compiled_search.py then fails.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "play.games.buffalo._search",
            ["play/games/buffalo/_search.c"],
            extra_compile_args=["-O2", "-Wall", "-Wextra"],
            optional=True,
        )
    ]
)
