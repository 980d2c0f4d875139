"""Build the optional C scalar path; everything else is in pyproject.toml.

The extension is optional: without a C compiler standpat installs and runs on its
pure-Python path, which gives the same strengths.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "standpat._native.scorer",
            sources=["src/standpat/_native/scorer.c"],
            optional=True,
        )
    ]
)
