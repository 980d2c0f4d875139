"""Round records for players: what a player may see of a stored round, and their
verification.

A record holds the round's set-up (game, stakes, stacks, button, client seeds,
the table's seed-chain anchor and the round's commitment), every action, and the
events as the player saw them.  Once the seed is revealed to him it holds the
seed too, and :func:`verify_record` (``standpat verify``) replays the round from
it and checks every card he saw.  Stored actions and events are read with the
games' codecs, whatever version wrote them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from standpat.engine import Event, EventKind, Hand, Post, PostKind, Stakes, redact, shown_cards
from standpat.engine.codec import (
    action_from_json,
    action_to_json,
    event_to_json,
    events_from_json,
)
from standpat.errors import FairnessError, StandpatError
from standpat.fairness import FairRandom, hand_key, verify_seed
from standpat.pinochle.codec import action_from_json as pinochle_action
from standpat.pinochle.codec import action_to_json as pinochle_json
from standpat.pinochle.codec import redact as redact_pinochle
from standpat.table.pinochle import GameLog
from standpat.table.rooms import game_kind

__all__ = [
    "FORMAT",
    "PINOCHLE_FORMAT",
    "hand_line",
    "player_record",
    "seen_action",
    "seen_events",
    "verify_record",
]

FORMAT = "standpat-hand/1"
"""The ``format`` field of a poker hand's record."""
PINOCHLE_FORMAT = "standpat-pinochle/1"
"""The ``format`` field of a pinochle game's record."""


def seen_events(record: Mapping[str, Any], viewer: int | None) -> tuple[Event, ...]:
    """A stored poker hand's events as hand seat ``viewer`` (None: a spectator) saw them,
    censored as his table view was: another seat's dealt, discarded, drawn and mucked
    cards are hidden (their counts stay)."""
    return tuple(redact(e, viewer) for e in events_from_json(record.get("events", [])))


def player_record(stored: Mapping[str, Any], account_id: int, *, revealed: bool) -> dict[str, Any]:
    """A stored hand as player ``account_id`` may see it.

    Its events are censored for him as his table view was; so are the actions,
    until the seed is revealed to him (then the seed shows every card anyway and
    ``standpat verify`` replays the actions): another player's discards are
    written ``discard ?? ??``, one ``??`` a card.
    """
    setup = stored["setup"]
    if game_kind(setup["game"]) == "pinochle":
        return _pinochle_record(stored, account_id, revealed=revealed)
    record = stored["record"] or {}
    accounts = list(setup["accounts"])
    viewer = accounts.index(account_id) if account_id in accounts else None
    own_seat = None if viewer is None else setup["seats"][viewer]
    events = [event_to_json(e) for e in seen_events(record, viewer)]
    return {
        "format": FORMAT,
        "hand": stored["id"],
        "table": stored["table_id"],
        "number": stored["number"],
        "status": stored["status"],
        "game": setup["game"],
        "structure": setup["structure"],
        "stakes": setup["stakes"],
        "seats": setup["seats"],
        "names": setup["names"],
        "stacks": setup["stacks"],
        "button": setup["button"],
        "posts": setup.get("posts"),
        "client_seeds": setup["client_seeds"],
        "anchor": setup["anchor"],
        "chain_index": setup.get("chain_index", stored["number"]),
        "commitment": stored["commitment"],
        "seed": stored["seed"] if revealed else None,
        "you": viewer,
        "actions": [
            action_to_json(action_from_json(_stored(a["action"])))
            if revealed or a["seat"] == own_seat else seen_action(_stored(a["action"]))
            for a in stored["actions"]
        ],
        "events": events,
        "net": record.get("net"),
    }


def hand_line(row: Mapping[str, Any], account_id: int) -> dict[str, Any]:
    """One line of a player's hand list: what the hand was and how it went for him.

    ``row`` is a row of ``Hands.of`` (``store.hands.of``).  ``net`` is his result in chips
    (``None`` for a hand not finished); ``winners`` are the players who won
    chips from the pot, with what they collected (empty until the hand is
    done); ``ended_at`` is ISO 8601 in UTC, or ``None``.  Nothing in it tells
    a card.
    """
    setup = row["setup"] or {}
    record = row["record"] or {}
    accounts = list(setup.get("accounts", []))
    names = list(setup.get("names", []))
    done = row["status"] == "done"
    net = record.get("net")
    mine = None
    if done and net is not None and account_id in accounts:
        mine = int(net[accounts.index(account_id)])
    won: dict[int, int] = {}
    if done and "winner" in record:  # a pinochle game: the winner takes the pot
        won[list(setup["seats"]).index(record["winner"])] = int(record["pot"])
    for event in record.get("events", []) if done and not won else []:
        if event["kind"] == EventKind.WIN.value:
            won[event["seat"]] = won.get(event["seat"], 0) + int(event.get("amount", 0))
    ended = row.get("ended_at")
    return {
        "id": row["id"],
        "table_id": row["table_id"],
        "number": row["number"],
        "status": row["status"],
        "revealed": bool(row["revealed"]),
        "game": setup.get("game"),
        "structure": setup.get("structure"),
        "stakes": setup.get("stakes"),
        "net": mine,
        "winners": [{"name": names[seat], "amount": amount} for seat, amount in won.items()],
        "ended_at": None if ended is None else ended.isoformat(),
    }


def _stored(text: str) -> Any:
    """A stored action: the JSON the room writes, or the history text it wrote before."""
    return json.loads(text) if text.startswith("{") else text


def seen_action(action: Any) -> dict[str, Any]:
    """An action as another player sees it: discards are counted, not named.

    >>> seen_action({"kind": "discard", "cards": ["7c", "9h"]}), seen_action("raise to 8")
    ({'kind': 'discard', 'cards': ['??', '??']}, {'kind': 'raise', 'amount': 8})
    """
    doc = action_to_json(action_from_json(action))
    if doc.get("cards"):
        doc["cards"] = ["??"] * len(doc["cards"])
    return doc


def verify_record(doc: Mapping[str, Any]) -> list[str]:
    """Check a revealed hand record: seed, commitment, chain, and every card shown in it.

    Returns what was checked, as sentences; raises FairnessError on the first
    thing that does not check out.
    """
    if doc.get("format") not in (FORMAT, PINOCHLE_FORMAT):
        raise FairnessError(f"this is not a standpat hand record (format {doc.get('format')!r}).")
    if not doc.get("seed"):
        raise FairnessError(
            f"the seed of hand {doc.get('hand')} is not revealed yet: it is revealed to you when "
            "you leave the table."
        )
    seed = bytes.fromhex(doc["seed"])
    number = int(doc["number"])
    index = int(doc.get("chain_index", number))  # older records: the table's first chain
    verify_seed(bytes.fromhex(doc["anchor"]), index, seed, doc["commitment"])
    what = "game" if doc["format"] == PINOCHLE_FORMAT else "hand"
    done = [
        f"the seed matches the commitment {doc['commitment'][:16]}... "
        f"published when the {what} began.",
        f"the seed is {index} steps up the table's chain from its anchor {doc['anchor'][:16]}....",
    ]
    clients = dict(enumerate(doc["client_seeds"]))
    stream = FairRandom(hand_key(seed, number, clients))
    if doc["format"] == PINOCHLE_FORMAT:
        return done + _verify_pinochle(doc, stream)
    stakes = Stakes.parse(doc["stakes"])
    stream.randrange(2**63)  # the table's hand seed; the cards come from the stream after it
    posts = [Post(int(i), PostKind(kind), int(amount)) for i, kind, amount in doc["posts"]]
    try:
        hand = Hand(
            doc["game"],
            doc["structure"],
            stakes,
            doc["stacks"],
            button=int(doc["button"]),
            posts=posts,
            rng=stream,
        )
        for action in doc["actions"]:
            hand.apply(action_from_json(action))
    except StandpatError as error:
        raise FairnessError(f"the hand's actions do not replay: {error}") from None
    viewer = doc.get("you")
    replayed = [redact(e, viewer) for e in hand.events]
    try:
        recorded = events_from_json(doc["events"])
    except (KeyError, TypeError, ValueError) as error:
        raise FairnessError(f"the record's events cannot be read: {error}") from None
    if recorded and replayed[: len(recorded)] != recorded:
        for i, (a, b) in enumerate(zip(replayed, recorded, strict=False)):
            if a != b:
                raise FairnessError(
                    f"event {i} of the hand differs from the shuffle: recorded "
                    f"{event_to_json(b)}, shuffled {event_to_json(a)}."
                )
        raise FairnessError("the record has more events than the replay.")
    cards = sum(len(shown_cards(e)) for e in recorded)
    done.append(
        f"replaying the {len(doc['actions'])} actions from the seed deals every one of the "
        f"{cards} cards in the record, in order."
    )
    return done


# -- pinochle games --------------------------------------------------------------------------


def _pinochle_record(
    stored: Mapping[str, Any], account_id: int, *, revealed: bool
) -> dict[str, Any]:
    """A stored pinochle game as player ``account_id`` may see it: the events as his table
    view showed them (his own cards; every meld and trick; the others' deals and draws
    counted, not named), and the actions with the others' discards as ``??`` until the
    seed is revealed to him."""
    setup = stored["setup"]
    record = stored["record"] or {}
    accounts = list(setup["accounts"])
    seats = list(setup["seats"])
    viewer = accounts.index(account_id) if account_id in accounts else None
    own_seat = None if viewer is None else seats[viewer]
    actions = []
    for row in stored["actions"]:
        action = pinochle_json(pinochle_action(json.loads(row["action"])))
        if not revealed and row["seat"] != own_seat and action.get("cards"):
            action["cards"] = ["??"] * len(action["cards"])
        actions.append({"seat": row["seat"], "action": action})
    return {
        "format": PINOCHLE_FORMAT,
        "hand": stored["id"],
        "table": stored["table_id"],
        "number": stored["number"],
        "status": stored["status"],
        "game": setup["game"],
        "structure": "",
        "stakes": setup["stakes"],
        "fee": setup["fee"],
        "seats": seats,
        "names": setup["names"],
        "stacks": setup["stacks"],
        "client_seeds": setup["client_seeds"],
        "anchor": setup["anchor"],
        "chain_index": setup.get("chain_index", stored["number"]),
        "commitment": stored["commitment"],
        "seed": stored["seed"] if revealed else None,
        "you": viewer,
        "actions": actions,
        "events": [redact_pinochle(e, own_seat) for e in record.get("events", [])],
        "net": record.get("net"),
        "winner": record.get("winner"),
        "scores": record.get("scores"),
        "pot": record.get("pot"),
    }


def _verify_pinochle(doc: Mapping[str, Any], stream: FairRandom) -> list[str]:
    """Replay a pinochle game from its card stream and actions; check every event the
    record holds against the replay, as its reader saw them."""
    seats = [int(s) for s in doc["seats"]]
    you = doc.get("you")
    viewer = None if you is None else seats[int(you)]
    try:
        log = GameLog(doc["game"], seats, stream)
        for row in doc["actions"]:
            log.apply(int(row["seat"]), pinochle_action(row["action"]))
    except (StandpatError, KeyError, TypeError, ValueError) as error:
        raise FairnessError(f"the game's actions do not replay: {error}") from None
    replayed = [redact_pinochle(e, viewer) for e in log.events]
    recorded = list(doc["events"])
    for i, (a, b) in enumerate(zip(replayed, recorded, strict=False)):
        if a != b:
            raise FairnessError(
                f"event {i} of the game differs from the shuffle: recorded {b}, shuffled {a}."
            )
    if len(recorded) > len(replayed):
        raise FairnessError("the record has more events than the replay.")
    cards = sum(len(e.get("cards", [])) for e in recorded if e.get("kind") == "dealt")
    cards += sum(len(e.get("drawn", [])) for e in recorded if e.get("kind") == "draw")
    deals = sum(1 for e in recorded if e.get("kind") == "new-hand")
    return [
        f"replaying the {len(doc['actions'])} actions from the seed deals the {deals} hands of "
        f"the game and every one of the {cards} cards in the record, in order."
    ]
