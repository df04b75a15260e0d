"""The compiled part of the project (metadata: pyproject.toml): the Buffalo bots' search core."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "play.games.buffalo._search",
            ["play/games/buffalo/_search.c"],
            extra_compile_args=["-O2", "-Wall", "-Wextra"],
        )
    ]
)
