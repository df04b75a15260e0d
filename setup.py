"""The compiled part of the project (metadata: pyproject.toml): the Buffalo bots' search core.

``optional``: without a C compiler the install still succeeds and the bots search in pure Python
(about 35 times slower); tests/play/games/buffalo/test_compiled_search*.py then fail.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "play.games.buffalo._search",
            [
                f"play/games/buffalo/{name}.c"
                for name in ("_search", "_search_core", "_search_board")
            ],
            depends=["play/games/buffalo/_search_core.h", "play/games/buffalo/_search_board.h"],
            extra_compile_args=["-O2", "-Wall", "-Wextra", "-fvisibility=hidden"],
            optional=True,
        )
    ]
)
