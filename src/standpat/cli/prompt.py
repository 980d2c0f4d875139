"""Reading the player's lines at a terminal prompt, shared by every ``standpat play`` runner.

:func:`ask` turns end of input and Ctrl-C into :class:`Quit`, so a runner
ends cleanly however the player leaves; :class:`InputError` is a line that
means nothing where it was typed (the runner prints it and asks again).
"""

from __future__ import annotations

import sys

from standpat.errors import StandpatError

__all__ = ["InputError", "Quit", "ask"]


class InputError(StandpatError, ValueError):
    """A command line the player typed that means nothing here."""


class Quit(Exception):  # noqa: N818 - a signal, not an error
    """The player typed ``quit`` (or closed the input, or pressed Ctrl-C)."""


def ask(prompt: str) -> str:
    """One line from the player; raises :class:`Quit` on end of input or Ctrl-C.

    Bytes that are not text come back as a line no parser accepts, so the
    runner explains and asks again instead of crashing.
    """
    sys.stdout.flush()
    try:
        return input(prompt)
    except UnicodeDecodeError:
        return "?unreadable"
    except (EOFError, KeyboardInterrupt):
        raise Quit from None
