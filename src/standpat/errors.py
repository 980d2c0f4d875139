"""The one exception tree of standpat.

Every error the library raises on purpose derives from :class:`StandpatError`.
Bad input (card text, hand sizes, illegal actions) also derives from
:class:`ValueError`, so ``except ValueError`` keeps working for callers who do
not know standpat's names.  Messages are full sentences that quote the input.
"""

from __future__ import annotations

__all__ = [
    "AccountError",
    "CardError",
    "CardNotInDeckError",
    "CardParseError",
    "DuplicateCardError",
    "FairnessError",
    "HandSetupError",
    "HandSizeError",
    "HistoryError",
    "HistoryFormatError",
    "IllegalActionError",
    "IllegalHistoryError",
    "NameTakenError",
    "NotFoundError",
    "ProtocolError",
    "StakesError",
    "StandpatError",
    "TableError",
    "TournamentError",
    "TournamentStateError",
    "UnknownGameError",
    "UnknownRankingError",
]


class StandpatError(Exception):
    """Root of every error that standpat raises on purpose."""


class CardError(StandpatError, ValueError):
    """A card, or a group of cards, is not valid where it was given."""


class CardParseError(CardError):
    """Card text that names no card, such as ``"1s"`` or ``"Kx"``."""


class DuplicateCardError(CardError):
    """The same card appears twice where every card must be distinct."""


class CardNotInDeckError(CardError):
    """A card that the deck in play does not hold, such as ``2c`` in the 7-A deck."""


class HandSizeError(StandpatError, ValueError):
    """A hand with the wrong number of cards for what was asked."""


class UnknownRankingError(StandpatError, ValueError):
    """A ranking name that standpat does not know."""


class IllegalActionError(StandpatError, ValueError):
    """An action that the rules do not allow in the current state."""


class UnknownGameError(StandpatError, ValueError):
    """A game name that standpat does not know (or does not offer yet)."""


class StakesError(StandpatError, ValueError):
    """Stakes that make no sense, such as ``"4/2"`` or a negative ante."""


class HandSetupError(StandpatError, ValueError):
    """A hand that cannot be dealt as asked: too few players, an empty stack, a bad post."""


class TableError(StandpatError, ValueError):
    """A table request that its rules refuse: a taken seat, a buy-in out of range, a bad choice."""


class NotFoundError(TableError, LookupError):
    """A table, seat or hand that does not exist (or is not the asker's to see)."""


class HistoryError(StandpatError, ValueError):
    """A hand history that cannot be read or replayed."""


class HistoryFormatError(HistoryError):
    """A hand-history file that is malformed; the message names the file, the hand and the line."""


class IllegalHistoryError(HistoryError):
    """A well-formed hand history whose actions break the rules; the message says which and why."""


class FairnessError(StandpatError, ValueError):
    """A shuffle proof that does not check out: a seed that misses its commitment or its chain."""


class AccountError(StandpatError, ValueError):
    """An account request that the card room refuses: a taken name, a wrong password, no chips."""


class NameTakenError(AccountError):
    """A name the card room keeps: another account's (or too like it), or a bot's."""


class TournamentError(StandpatError, ValueError):
    """A tournament's structure, prizes or seating that cannot be: a structure file that does
    not read, a level whose blinds make no sense, tables too small for their players."""


class TournamentStateError(TournamentError):
    """A tournament request that the tournament's state refuses: registration closed or
    full, a player registered already, a tournament started, finished or paid already."""


class ProtocolError(StandpatError, ValueError):
    """A client message that breaks the card room's protocol; ``code`` names it for clients."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
