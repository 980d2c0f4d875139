"""Tournaments' rules, decided without a clock, a socket or a database.

The room runs a tournament's tables; what a tournament director decides is here, pure:

- :mod:`~standpat.tournament.core`: one tournament from registration to the last prize,
  answering what happens with what the room must do;
- :mod:`~standpat.tournament.structure`: blind levels and breaks, the shipped structures
  (turbo, regular, deep) and the level at any moment of play;
- :mod:`~standpat.tournament.balance`: which player moves where when tables are balanced or
  broken, and the final table's draw;
- :mod:`~standpat.tournament.places`: the places of the players who bust in one hand;
- :mod:`~standpat.tournament.payouts`: the prizes of each place, in whole chips, and their
  split between tied players;
- :mod:`~standpat.tournament.icm`: the players' equity in the prize pool by their stacks.

>>> from standpat.tournament import prizes, shipped
>>> shipped("turbo").level_at(0).stakes
Stakes(small_bet=20, big_bet=40, small_blind=10, big_blind=20, ante=0)
>>> prizes(9 * 100, 9)
(450, 270, 180)
"""

from __future__ import annotations

from standpat.tournament.balance import Move, TableSeats, balance
from standpat.tournament.core import Phase, Tournament, TournamentSpec
from standpat.tournament.icm import icm
from standpat.tournament.payouts import payout_shares, prizes, split_prizes
from standpat.tournament.places import Bust, places
from standpat.tournament.structure import Level, Moment, Structure, load_structure, shipped

__all__ = [
    "Bust", "Level", "Moment", "Move", "Phase", "Structure", "TableSeats", "Tournament",
    "TournamentSpec", "balance", "icm", "load_structure", "payout_shares", "places", "prizes",
    "shipped", "split_prizes",
]
