"""Fuzzing the importers: any input gives hands or documented errors, never a crash."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from standpat.errors import HistoryFormatError, IllegalHistoryError
from standpat.history import dumps, format_hand, loads, replay
from standpat.history.capture import record_from_hand
from standpat.history.files import load_text
from standpat.history.phh import read
from tests.history.helpers import random_hand

SEEDS = range(40)
VALID = [dumps(record_from_hand(random_hand(seed))) for seed in SEEDS]
VALID_TEXT = [format_hand(replay(record_from_hand(random_hand(seed)))) for seed in SEEDS]
ERRORS = (HistoryFormatError, IllegalHistoryError)
# More examples for a long local run: STANDPAT_FUZZ_EXAMPLES=5000 pytest tests/history
FUZZ = settings(max_examples=int(os.environ.get("STANDPAT_FUZZ_EXAMPLES", "250")),
                deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(text: str) -> None:
    loaded = load_text(text, "fuzz.phh")
    for error in loaded.errors:
        assert isinstance(error, ERRORS), repr(error)
        assert str(error).startswith("fuzz.phh")
    for hand in loaded.hands:
        # A hand that loads is a whole hand: chips are conserved (but for the room's rake).
        assert sum(hand.finishing_stacks) == sum(hand.record.starting_stacks) - hand.record.rake
        assert hand.hand.is_over


@FUZZ
@given(st.text(max_size=400))
def test_any_text(text: str) -> None:
    check(text)


@FUZZ
@given(st.sampled_from(VALID), st.data())
def test_mutated_valid_files(text: str, data: st.DataObject) -> None:
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["delete", "duplicate", "swap", "edit", "replace"]))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "edit" and lines[i]:
            k = data.draw(st.integers(0, len(lines[i]) - 1))
            char = data.draw(st.sampled_from(list("0123456789pcfdhsTAK?[]=,\"# ")))
            lines[i] = lines[i][:k] + char + lines[i][k + 1:]
        elif op == "replace":
            lines[i] = data.draw(st.sampled_from([
                '  "p1 cbr 1000000",', '  "p2 f",', '  "p1 sd",', '  "p3 cc",',
                '  "d dh p1 2c3c4c5c7d",', '  "p1 sm",', '  "p2 sm -",', "antes = [1, 2, 3]",
                "starting_stacks = [0, 5]", '_standpat_game = "holdem"', "min_bet = -1",
                '_standpat_posts = ["p1 dead 5"]', "finishing_stacks = [1, 2]",
            ]))
    check("\n".join(lines))


@FUZZ
@given(st.text(max_size=300).map(lambda t: "standpat Hand #1: " + t))
def test_any_text_after_a_text_header(text: str) -> None:
    check(text)


@FUZZ
@given(st.sampled_from(VALID_TEXT), st.data())
def test_mutated_readable_text(text: str, data: st.DataObject) -> None:
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["delete", "duplicate", "swap", "edit"]))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "edit" and lines[i]:
            k = data.draw(st.integers(0, len(lines[i]) - 1))
            char = data.draw(st.sampled_from(list("0123456789[]: ?#cdhsAKT()-")))
            lines[i] = lines[i][:k] + char + lines[i][k + 1:]
    check("\n".join(lines))


ACTIONS = st.sampled_from([
    "p1 f", "p2 f", "p3 f", "p1 cc", "p2 cc", "p3 cc", "p1 cbr 4", "p2 cbr 8", "p3 cbr 100",
    "p1 sd", "p2 sd", "p3 sd", "p1 sd 2c", "p2 sd 7h7d", "p3 sd ????", "d dh p1 Ah",
    "d dh p2 ????", "p1 sm", "p2 sm -", "p3 sm 2c3c4c5c7d", "# comment", "",
])


@FUZZ
@given(st.lists(ACTIONS, max_size=30), st.sampled_from(["F2L3D", "N2L1D", "P5CD", "F7CD"]))
def test_random_action_lists(actions: list[str], variant: str) -> None:
    deal = ['d dh p1 2c3c4c5c7d', 'd dh p2 ??????????', 'd dh p3 AsKsQsJs9h']
    if variant == "F7CD":
        deal = ['d dh p1 2c3c4c5c7d8d9d', 'd dh p2 ??????????????', 'd dh p3 AsKsQsJs9hTh6h']
    body = ", ".join(f'"{a}"' for a in deal + actions)
    text = (f'variant = "{variant}"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n'
            f"small_bet = 2\nbig_bet = 4\nmin_bet = 2\nstarting_stacks = [50, 60, 70]\n"
            f"actions = [{body}]\n")
    check(text)


@FUZZ
@given(st.integers(0, 10**6), st.lists(st.text(max_size=12), min_size=6, max_size=6),
       st.one_of(st.none(), st.integers(), st.text(max_size=10)), st.text(max_size=10))
def test_any_names_and_labels_survive_the_writer(
    seed: int, names: list[str], hand_id: int | str | None, table: str
) -> None:
    hand = random_hand(seed)
    record = record_from_hand(hand, players=names[: hand.players], hand_id=hand_id, table=table)
    assert loads(dumps(record)) == [record]


def test_the_fuzz_inputs_do_load_when_left_alone() -> None:
    for text in VALID:
        assert read(text).errors == []
        assert load_text(text).errors == []
    for text in VALID_TEXT:
        assert load_text(text).errors == []


POKERSTARS = [
    hand.strip() for name in ("pokerstars-cash.txt", "pokerstars-tournament.txt")
    for hand in (Path(__file__).parent / "data" / name).read_text(
        encoding="utf-8-sig").split("\n\n\n") if hand.strip()
]


@FUZZ
@given(st.sampled_from(POKERSTARS), st.data())
def test_mutated_pokerstars_histories(text: str, data: st.DataObject) -> None:
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["delete", "duplicate", "swap", "edit"]))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "edit" and lines[i]:
            k = data.draw(st.integers(0, len(lines[i]) - 1))
            char = data.draw(st.sampled_from(list("0123456789$.,[]: ?#cdhsAKT()-&")))
            lines[i] = lines[i][:k] + char + lines[i][k + 1:]
    check("\n".join(lines))
