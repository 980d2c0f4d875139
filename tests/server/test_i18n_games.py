"""The web's catalogues name every game the room deals and every Badugi hand (the names the
table page builds with ``handName`` in web/cards.js), in English and Spanish."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from standpat.ranking import get_ranking
from standpat.table.rooms import offers

WEB = Path(__file__).parents[2] / "src" / "standpat" / "server" / "web" / "i18n"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_game_and_badugi_hand_is_named(lang: str) -> None:
    catalogue = json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))
    for offer in offers():
        assert catalogue.get(f"game.{offer.name}"), offer.name
    badugi = get_ranking("badugi")
    for strength in (badugi.strength(c) for c in ([0, 5, 10, 15], [0, 4, 9, 14], [0, 1, 4, 5],
                                                   [0, 1, 2, 3])):
        key, _ = badugi.name_parts(strength)
        assert catalogue.get(f"hand.{key}"), key
        assert "{cards}" in catalogue[f"tw.name.{key}"], key
