"""Import errors name the file, the hand and the line; illegal histories say why."""

from __future__ import annotations

from pathlib import Path

import pytest

from standpat.errors import HistoryError, HistoryFormatError, IllegalHistoryError
from standpat.history import dumps, loads, read
from standpat.history.files import load, load_strict, load_text
from standpat.history.replay import replay

HEAD = """\
variant = "F2L3D"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
"""
DEAL = '"d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "d dh p3 KdKcKhKs9d",'


def hand(actions: str, head: str = HEAD) -> str:
    return head + f"actions = [{DEAL}\n{actions}]\n"


def only_error(text: str, file: str = "h.phh") -> HistoryError:
    loaded = load_text(text, file)
    assert loaded.hands == []
    assert len(loaded.errors) == 1
    return loaded.errors[0]


@pytest.mark.parametrize(
    ("text", "fragment", "line"),
    [
        (hand('"p3 f",').replace('"F2L3D"', '"NT"'), "variant 'NT' is not a draw game", 1),
        (hand('"p3 cbr two",'), "'two' is not a whole, positive number", 8),
        (hand('"p3 zz",'), "'p3 zz' is not a player action", 8),
        (hand('"p7 f",'), "'p7' is not a player of this hand (p1..p3)", 8),
        (hand('"p3 sd 1x",'), "'1x' is not a run of cards", 8),
        (hand('"d db 2c3c4c",'), "draw games have no board", 8),
        (hand('"p3 f",').replace("[100, 100, 100]", "[100, 100]"), "has 3 entries for 2", 2),
        (hand('"p3 f",').replace("[100, 100, 100]", "[100, 0, 100]"), "at least 1", 6),
        (hand('"p3 f",').replace("[1, 2, 0]", "[1, 2, 4]"), "straddles", 3),
        (hand('"p3 f",').replace("small_bet = 2", "small_bet = 2.5"), "whole number", 4),
    ],
)
def test_format_errors_name_file_hand_and_line(text: str, fragment: str, line: int) -> None:
    error = only_error(text)
    assert isinstance(error, HistoryFormatError)
    assert str(error).startswith(f"h.phh: hand 1, line {line}: "), str(error)
    assert fragment in str(error)


@pytest.mark.parametrize(
    ("actions", "reason"),
    [
        ('"p1 f",', "p1 acts out of turn; p3 is to act"),
        ('"p3 cbr 5",', "p3 cbr 5: p3 cannot raise to 5"),
        ('"p3 f", "p1 cc", "p2 cc", "p1 sd 9s",', "p1 sd 9s"),
        ('"p3 f", "p1 f", "p2 cc",', "the hand is already over"),
        ('"p3 f", "p1 cc",', "the history stops before the hand is over: p2 is still to act"),
    ],
)
def test_illegal_actions_are_rejected_with_the_reason(actions: str, reason: str) -> None:
    error = only_error(hand(actions))
    assert isinstance(error, IllegalHistoryError)
    assert reason in str(error), str(error)
    assert str(error).startswith("h.phh: hand 1, line ")


def test_a_wrong_finishing_stack_claim_is_rejected() -> None:
    text = hand('"p3 f", "p1 f",') + "finishing_stacks = [99, 101, 100]\n"
    assert replay(loads(text)[0]).finishing_stacks == (99, 101, 100)
    error = only_error(text.replace("[99, 101, 100]", "[100, 100, 100]"))
    assert isinstance(error, IllegalHistoryError)
    assert "finishing stacks are [100, 100, 100], but its actions give [99, 101, 100]" in str(
        error)


def test_mucking_a_winning_hand_is_rejected() -> None:
    actions = ('"p3 f", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", '
               '"p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", '
               '"p1 sm", "p2 sm AsQs6s5c3c",')
    error = only_error(hand(actions))
    assert "p1 mucks, but his hand wins a pot" in str(error)
    assert replay(loads(hand(actions.replace('"p1 sm"', '"p1 sm 7h6c4c3d2c"')))[0]).hand


def test_drawing_a_card_already_in_play_is_rejected() -> None:
    actions = '"p3 f", "p1 cc", "p2 cc", "p1 sd 7h", "p2 sd", "d dh p1 As",'
    error = only_error(hand(actions))
    assert "p1 sd 7h: p1 is dealt As, which p2 holds." in str(error)


@pytest.mark.parametrize(
    ("actions", "reason"),
    [
        # PHH deals after every discard of the draw: a reshuffle may deal p1 the 3c p2 throws.
        ('"p1 sd 7h", "p2 sd 3c", "d dh p1 3c", "d dh p2 7h",',
         "p1 is dealt 3c, which p2 throws later in the same draw: PHH (PokerKit) deals the "
         "draws once every player has discarded"),
        ('"p1 sd 7h", "p2 sd", "d dh p1 7h",',
         "p1 is dealt 7h, which he throws in this very discard: PHH (PokerKit) may reshuffle "
         "a player's own discards"),
    ],
)
def test_a_card_dealt_before_it_could_come_back_says_why(actions: str, reason: str) -> None:
    error = only_error(hand('"p3 f", "p1 cc", "p2 cc", ' + actions))
    assert isinstance(error, IllegalHistoryError)
    assert reason in str(error), str(error)


@pytest.mark.parametrize(
    ("fields", "header"),
    [
        ("year = 2019\nmonth = 6\nday = 28\ntime = 21:30:00\n", " - 2019/06/28 21:30:00"),
        ('year = 2019\nmonth = 6\nday = 28\ntime = "21:30:00"\n', " - 2019/06/28 21:30:00"),
        ('year = 2019\nmonth = 6\nday = 28\ntime = "21:30"\n', " - 2019/06/28 21:30:00"),
        ("year = 2019\nmonth = 6\nday = 28\n", " - 2019/06/28\n"),
    ],
)
def test_the_date_and_a_time_written_as_a_string_head_the_text(fields: str, header: str) -> None:
    from standpat.history import format_hand

    loaded = load_text(hand('"p3 f", "p1 f",') + fields)
    assert loaded.errors == []
    assert header in format_hand(loaded.hands[0]) + "\n"
    written = dumps(loaded.hands[0].record)
    assert fields.splitlines()[-1] in written  # kept as the file wrote it


@pytest.mark.parametrize(
    ("field", "reason"),
    [
        ('time = "half past nine"', "time must be a TOML local time such as 21:30:00"),
        ("time = 2130", "time must be a TOML local time"),
        ("month = 13", "month must be a whole number from 1 to 12, not 13"),
        ('day = "28"', "day must be a whole number from 1 to 31, not '28'"),
    ],
)
def test_a_date_or_time_that_says_none_is_an_error_naming_its_line(field: str,
                                                                  reason: str) -> None:
    error = only_error(hand('"p3 f", "p1 f",') + field + "\n")
    assert isinstance(error, HistoryFormatError)
    assert str(error).startswith("h.phh: hand 1, line 9: "), str(error)
    assert reason in str(error)


def test_a_bad_hand_is_left_out_whole_and_the_rest_is_kept(tmp_path: Path) -> None:
    good = hand('"p3 f", "p1 f",')
    bad = hand('"p3 f", "p2 f",')
    text = "".join(f"[{i}]\n{body}\n" for i, body in enumerate((good, bad, good), 1))
    path = tmp_path / "three.phhs"
    path.write_text(text)
    loaded = load(path)
    assert [r.record.source.index for r in loaded.hands] == [1, 3]
    assert loaded.failed == [2]
    assert str(loaded.errors[0]).startswith(f"{path}: hand 2, line ")
    assert "p2 acts out of turn" in str(loaded.errors[0])
    with pytest.raises(IllegalHistoryError, match="hand 2"):
        load_strict(path)


def test_broken_toml_in_one_hand_spares_the_others() -> None:
    good = hand('"p3 f", "p1 f",')
    text = f"[1]\n{good}\n[2]\nvariant = \"F2L3D\nantes = [0]\n\n[3]\n{good}"
    result = read(text, "x.phhs")
    assert [r.source.hand for r in result.hands] == ["1", "3"]
    assert len(result.errors) == 1
    assert str(result.errors[0]).startswith("x.phhs: hand 2, line 12: not valid TOML")


def test_text_that_is_not_toml_at_all() -> None:
    error = only_error("this is { not toml", "junk.phh")
    assert isinstance(error, HistoryFormatError)
    assert str(error).startswith("junk.phh: hand 1, line 1: not valid TOML")


def test_unknown_cards_that_reach_showdown_are_rejected() -> None:
    text = hand('"p3 f", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", '
                '"p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc",')
    text = text.replace("AsQs6s5c3c", "??????????")
    error = only_error(text)
    assert "p2's cards are not known ('??') but he goes to the showdown" in str(error)
    shown = text.replace('"p2 cc",]', '"p2 cc", "p1 sm 7h6c4c3d2c", "p2 sm AsQs6s5c3c",]')
    assert shown != text
    loaded = load_text(shown)
    assert loaded.errors == []
    assert loaded.hands[0].finishing_stacks == (102, 98, 100)


@pytest.mark.parametrize("shown", ["7h6c4c3d2c", "QhQdJh7c4s"])
def test_unknown_cards_mucked_at_the_showdown_have_no_claim(shown: str) -> None:
    # As a download holds it: p2's cards were never seen, and he mucked.  Whatever p1
    # showed, even a pair of queens, the pot is his.
    text = hand('"p3 f", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", '
                '"p2 sd 3c", "d dh p2 ??", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cbr 4", '
                f'"p2 cc", "p1 sm {shown}", "p2 sm",')
    text = text.replace("AsQs6s5c3c", "??????????").replace("7h6c4c3d2c", shown)
    loaded = load_text(text)
    assert loaded.errors == []
    assert loaded.hands[0].finishing_stacks == (106, 94, 100)
    # The replay's made-up cards for p2 lose, and stay out of the text.
    from standpat.history import format_hand

    out = format_hand(loaded.hands[0])
    assert "Dealt to p2 [?? ?? ?? ?? ??]" in out
    assert "p2: discards 1 card [3c]\nDealt to p2 [?? ?? ?? ??] [??]" in out
    assert "p2: mucks hand" in out and "Seat 2: p2 (big blind) mucked [?? ?? ?? ?? ??]" in out
    # A muck of cards that win is still refused (cards speak), and so are unknown cards
    # that reach the showdown without being shown or mucked.
    error = only_error(text.replace(', "p2 sm",', ","))
    assert "p2's cards are not known ('??') but he goes to the showdown" in str(error)


def test_the_player_count_is_the_games_own() -> None:
    head = HEAD.replace('"F2L3D"', '"F5CD7A"')
    five = head.replace("[0, 0, 0]", "[0, 0, 0, 0, 0]").replace(
        "[1, 2, 0]", "[1, 2, 0, 0, 0]").replace("[100, 100, 100]", "[100, 100, 100, 100, 100]")
    assert read(five + 'actions = ["p3 f", "p4 f", "p5 f", "p1 f"]\n').errors == []
    # the house rules seat five; another room's table of six or seven still replays, and
    # no 36-card deck deals eight hands
    six = five.replace("[0, 0, 0, 0, 0]", "[0, 0, 0, 0, 0, 0]").replace(
        "[1, 2, 0, 0, 0]", "[1, 2, 0, 0, 0, 0]").replace("100, 100]", "100, 100, 100]")
    assert read(six + 'actions = ["p3 f", "p4 f", "p5 f", "p6 f", "p1 f"]\n').errors == []
    eight = five.replace("[0, 0, 0, 0, 0]", "[0, 0, 0, 0, 0, 0, 0, 0]").replace(
        "[1, 2, 0, 0, 0]", "[1, 2, 0, 0, 0, 0, 0, 0]").replace(
        "100, 100]", "100, 100, 100, 100, 100]")
    error = only_error(eight + 'actions = ["p3 f"]\n')
    assert "Five Card Draw 7-A is dealt to 2 to 7 players, not 8." in str(error)
    assert str(error).startswith("h.phh: hand 1, line 6: ")


def test_a_bug_while_reading_is_not_passed_off_as_a_bad_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib

    phh = importlib.import_module("standpat.history.phh")

    def broken(*_: object) -> None:
        raise TypeError("a bug")

    monkeypatch.setattr(phh, "_actions", broken)
    with pytest.raises(TypeError, match="a bug"):
        read(hand('"p3 f", "p1 f",'))
