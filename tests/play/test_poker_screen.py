"""The poker screen: the table drawn from engine views, the legal actions, the narration."""

from __future__ import annotations

import io
from dataclasses import replace

from standpat.cli.poker_screen import Chair, Palette, choices, narrate, phase_name, render
from standpat.engine import (
    Action,
    ActionKind,
    Hand,
    LegalActions,
    Phase,
    Post,
    PostKind,
    Stakes,
    redact,
)

from .helpers import ADA, NAMES, chairs, three_handed

F, C, K, B, R, D = (ActionKind.FOLD, ActionKind.CALL, ActionKind.CHECK, ActionKind.BET,
                    ActionKind.RAISE, ActionKind.DISCARD)


def test_first_decision_screen() -> None:
    hand = three_handed()
    lines = render(hand.view(0), chairs(), hand_no=4).splitlines()
    assert lines[0] == "=== Hand 4 | Five Card Draw | pot-limit 2/4 | before the draw ==="
    you, ada, bo = lines[2], lines[3], lines[4]
    assert you.startswith(">") and not ada.startswith(">") and not bo.startswith(">")
    assert you.split()[1:5] == ["1", "You", "D", "200"]
    assert ada.split()[:5] == ["2", "Ada", "SB", "199", "1"]
    assert bo.split()[:5] == ["3", "Bo", "BB", "198", "2"]
    assert "Pot: 3" in lines
    assert "Your cards: 1:Ah 2:Ad 3:Kc 4:Qs 5:9h  (Pair of aces)" in lines
    # pot limit: call 2, then the pot (3 + 2) on top: raise to 7 at most
    assert lines[-1] == "Your turn: call 2 | raise to 4..7 | fold"


def test_others_see_whose_turn_but_no_actions_and_not_your_cards() -> None:
    hand = three_handed()
    text = render(hand.view(1), chairs(), hand_no=1)
    assert text.splitlines()[-1] == "Waiting for You."
    assert "Ah" not in text and "Your cards: 1:2c 2:3d 3:4h 4:5s 5:7c" in text


def test_choices_spell_amounts_and_all_in() -> None:
    fixed = LegalActions(0, frozenset({F, C, R}), to_call=2, min_to=4, max_to=4)
    assert choices(fixed, stack=100, bet=0) == "call 2 | raise to 4 | fold"
    short = LegalActions(0, frozenset({F, C}), to_call=8)
    assert choices(short, stack=5, bet=0) == "call 5 (all in) | fold"
    shove = LegalActions(0, frozenset({K, B}), min_to=2, max_to=30)
    assert choices(shove, stack=30, bet=0) == "check | bet 2..30 (all in)"
    draw = LegalActions(0, frozenset({D}), max_discard=4)
    assert choices(draw, stack=30, bet=0) == "d 1 3 or d 7c 9h (up to 4 cards) | pat"


def play_to_the_draw_and_through_it() -> tuple[Hand, list[str]]:
    hand = three_handed()
    hand.apply(Action.call())   # You (button) call 2
    hand.apply(Action.call())   # Ada completes
    hand.apply(Action.check())  # Bo checks: the draw
    before = len(hand.events)
    hand.apply(Action.discard("2c 3d"))          # Ada draws two
    hand.apply(Action.stand_pat())               # Bo stands pat
    hand.apply(Action.discard("Kc Qs 9h"))       # You draw three
    view = hand.view(0)
    lines = narrate([redact(e, 0) for e in hand.events[before:]], NAMES, 0, view)
    return hand, lines


def test_draw_counts_shown_until_the_first_action_after_the_draw() -> None:
    hand, lines = play_to_the_draw_and_through_it()
    assert lines[0] == "Ada draws 2 cards."
    assert lines[1] == "Bo stands pat."
    assert lines[2].startswith("You discard Kc Qs 9h and draw ")
    assert lines[3] == "--- after the draw ---"
    # Ada's discards stay hidden
    assert not any(card in " ".join(lines) for card in ADA.split()[:2])
    screen = render(hand.view(0), chairs(), hand_no=1)
    assert "drew 2" in screen and "stood pat" in screen and "drew 3" in screen
    hand.apply(Action.check())  # Ada, first after the button, acts: the counts are hidden
    screen = render(hand.view(0), chairs(), hand_no=1)
    assert "drew" not in screen and "stood pat" not in screen


def test_showdown_lines_and_final_screen() -> None:
    hand, _ = play_to_the_draw_and_through_it()
    start = len(hand.events)
    for _ in range(3):
        hand.apply(Action.check())
    view = hand.view(0)
    assert view.is_over
    lines = narrate([redact(e, 0) for e in hand.events[start:]], NAMES, 0, view)
    shows = [line for line in lines if " show" in line]
    assert shows, lines
    for line in shows:
        assert line.endswith(".") and ": " in line  # every shown hand is named
    wins = [line for line in lines if " win" in line]
    assert wins and all(line.endswith("from the pot.") for line in wins)
    winner = max(range(3), key=lambda s: view.payouts[s])
    screen = render(view, chairs(), hand_no=1)
    assert screen.splitlines()[-1] == "The hand is over."
    assert f"wins {view.payouts[winner]}" in screen.splitlines()[2 + winner]


def test_dead_button_markers_and_side_pots() -> None:
    hand = three_handed()
    seats = (
        Chair(1, "(empty)", None, position="D"),
        Chair(2, "You", 0),
        Chair(3, "Cy", None, 150, ("ML", "sitting out")),
        Chair(4, "Ada", 1, position="SB"),
        Chair(5, "Bo", 2, position="BB"),
    )
    view = replace(hand.view(0), pot=40, pots=((30, (0, 1, 2)), (10, (1, 2))))
    lines = render(view, seats, hand_no=9).splitlines()
    assert lines[2].split() == ["1", "(empty)", "D"]
    assert lines[4].split() == ["3", "Cy", "ML", "sitting", "out", "150"]
    assert "Pot: 40 | main 30 (You, Ada, Bo) | side 1 10 (Ada, Bo) | bets in front 3" in lines


def test_phase_names_of_triple_draw() -> None:
    hand = three_handed("deuce-to-seven-triple-draw", "fixed-limit")
    view = hand.view(0)
    assert phase_name(view) == "before the draw"
    assert phase_name(replace(view, phase=Phase.DRAW, street=2)) == "draw 2 of 3"
    assert phase_name(replace(view, street=1)) == "after draw 1"


def test_colour_only_when_asked_and_possible() -> None:
    hand = three_handed()
    plain = render(hand.view(0), chairs(), hand_no=1)
    colour = render(hand.view(0), chairs(), hand_no=1, palette=Palette(True))
    assert "\x1b[" not in plain
    assert "\x1b[31mAh\x1b[0m" in colour and "\x1b[31mKc" not in colour
    assert not Palette.for_stream(io.StringIO()).enabled


def test_header_names_the_ante_once() -> None:
    hand = Hand("seven-card-draw", "fixed-limit", Stakes.parse("10/20 ante 1"), [500, 500],
                rng=1)
    header = render(hand.view(0), chairs()[:2], hand_no=1).splitlines()[0]
    assert header == "=== Hand 1 | Seven Card Draw | fixed-limit 10/20 ante 1 | before the draw ==="


def test_each_seat_shows_its_last_action_of_the_round() -> None:
    hand = three_handed()
    hand.apply(Action.raise_to(6))  # You
    hand.apply(Action.call())       # Ada
    lines = render(hand.view(2), chairs(), hand_no=1).splitlines()
    assert lines[2].endswith("raised to 6") and lines[3].endswith("called")
    assert lines[4].startswith(">") and lines[4].split()[-1] == "2"  # Bo: only his blind
    hand.apply(Action.call())       # Bo: the draw begins, the round's actions are gone
    assert "called" not in render(hand.view(0), chairs(), hand_no=1)


def test_the_deck_line_says_when_the_sixes_are_in() -> None:
    four = Hand("five-card-draw-7a", "pot-limit", Stakes.from_bets(2), [100] * 4, rng=1)
    five = Hand("five-card-draw-7a", "pot-limit", Stakes.from_bets(2), [100] * 5, rng=1)
    seats4 = [Chair(n + 1, f"P{n}", n) for n in range(4)]
    seats5 = [Chair(n + 1, f"P{n}", n) for n in range(5)]
    assert "Deck: 32 cards | draws left: 1 | cards in the stub: 12" in render(
        four.view(0), seats4, hand_no=1).splitlines()
    assert "Deck: 36 cards (sixes in) | draws left: 1 | cards in the stub: 11" in render(
        five.view(0), seats5, hand_no=1).splitlines()


def test_a_post_to_come_in_is_told_as_one() -> None:
    posts = [Post(1, PostKind.SMALL_BLIND, 1), Post(2, PostKind.BIG_BLIND, 2),
             Post(3, PostKind.BIG_BLIND, 2)]
    hand = Hand("five-card-draw", "pot-limit", Stakes.from_bets(2), [200] * 4, rng=5, posts=posts)
    names = {0: "Ada", 1: "Bo", 2: "Cy", 3: "Di"}
    for you, who in ((3, "You post"), (0, "Di posts")):
        view = hand.view(you)
        lines = [line for line in narrate(view.events, names, you, view) if "post" in line]
        assert lines == [
            "Bo posts the small blind of 1.",
            "Cy posts the big blind of 2.",
            f"{who} a big blind of 2 to come in.",
        ]
