"""A whole sitting in process: scripted input, every hand saved, chips kept, the right ending."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from standpat.cli.poker_play import PokerSession
from standpat.cli.poker_seating import Seating
from standpat.cli.prompt import Quit
from standpat.engine import Action, Stakes, Structure, get_game
from standpat.history.files import load_strict


def scripted(lines: Iterator[str]) -> Callable[[str], str]:
    def ask(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise Quit from None
    return ask


def shove_forever() -> Iterator[str]:
    while True:
        yield "allin"
        yield "pat"
        yield ""


def sit(tmp_path: Path, seed: int, bots: int, lines: Iterator[str]) -> tuple[PokerSession, str]:
    seating = Seating.open(
        get_game("five-card-draw"), Structure.NO_LIMIT, Stakes.from_bets(2),
        rng=random.Random(seed), human="Ana", bots=["Ada", "Bo", "Cy"][:bots], level="easy",
        buy_in=40,
    )
    out = io.StringIO()
    session = PokerSession(seating, tmp_path / f"h{seed}", out, ask=scripted(lines))
    session.play()
    return session, out.getvalue()


def test_all_in_every_hand_until_someone_is_broke(tmp_path: Path) -> None:
    for seed in range(3):
        session, text = sit(tmp_path, seed, 1, shove_forever())
        ending = text.rstrip().splitlines()[-1]
        assert ending in ("You have no chips left.", "You have won every chip at the table!")
        table = session.seating.table
        assert table.chips_in_play() == 80  # two buy-ins of 40, nobody left with chips
        files = sorted((tmp_path / f"h{seed}").glob("*.phh"))
        assert len(files) == session.hands_played == len(session.saved)
        records = [load_strict(f)[0].record for f in files]
        assert all(r.finishing_stacks is not None and sum(r.finishing_stacks) == 80
                   for r in records)


def test_a_broke_bot_leaves_and_its_seat_shows_empty(tmp_path: Path) -> None:
    # the player folds, sits out and watches the bots until one of them is broke
    for seed in range(10):
        session, text = sit(tmp_path, seed, 3, iter(["f", "f", "out", *[""] * 40, "quit"]))
        if "has no chips left and leaves the table." in text:
            break
    else:
        raise AssertionError("no bot went broke in 40 hands")
    table = session.seating.table
    assert table.bought_in == 160 and table.chips_in_play() + table.cashed_out == 160
    left = text.index("has no chips left and leaves the table.")
    assert "(empty)" in text[left:]  # later screens show his seat empty
    assert "(empty)" not in text[:left]


def test_quit_between_hands_and_at_the_first_prompt(tmp_path: Path) -> None:
    session, text = sit(tmp_path, 1, 2, iter(["c", "c", "pat", "c", "c", "c", "quit"]))
    assert session.quitting and session.hands_played >= 1
    assert len(session.saved) == session.hands_played
    session, text = sit(tmp_path, 2, 2, iter(["quit"]))
    assert "You leave the table" in text and session.hands_played == 1
    assert load_strict(session.saved[0])[0].record.finishing_stacks is not None


class RaisesTooMuch:
    """A broken bot: always raises to a million."""

    def act(self, view: object) -> Action:
        return Action.raise_to(10**6)


def test_a_bot_whose_action_is_refused_checks_or_folds(tmp_path: Path) -> None:
    seating = Seating.open(
        get_game("five-card-draw"), Structure.FIXED_LIMIT, Stakes.from_bets(2),
        rng=random.Random(1), human="Ana", bots=["Ada"], level="easy", buy_in=40,
    )
    seating.bots[1] = RaisesTooMuch()
    out = io.StringIO()
    session = PokerSession(seating, tmp_path / "h", out, ask=scripted(iter(["c", "c", "pat"])))
    session.play()
    text = out.getvalue()
    assert "(Ada's bot tried raise to 1000000, which the rules refuse: " in text
    assert "It checks or folds instead.)" in text
    assert len(session.saved) == session.hands_played >= 1


def test_a_folder_used_before_keeps_its_hands(tmp_path: Path) -> None:
    folder = tmp_path / "h1"
    first, _ = sit(tmp_path, 1, 1, iter(["quit"]))
    assert [p.name for p in first.saved] == ["hand-0001.phh"]
    before = (folder / "hand-0001.phh").read_text()
    second, _ = sit(tmp_path, 1, 1, iter(["f", "", "quit"]))
    assert [p.name for p in second.saved][:2] == ["hand-0002.phh", "hand-0003.phh"]
    assert (folder / "hand-0001.phh").read_text() == before


def test_the_same_seed_and_input_play_the_same_sitting(tmp_path: Path) -> None:
    moves = ["c", "c", "d 1", "c", "c", "", "c", "c", "pat", "c", "c", "quit"]
    (a, first), (b, second) = (sit(tmp_path / str(n), 5, 2, iter(moves)) for n in (1, 2))
    assert first == second and a.hands_played >= 2
    assert [p.read_text() for p in a.saved] == [p.read_text() for p in b.saved]


def test_a_hand_that_cannot_be_saved_is_reported_not_fatal(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    seating = Seating.open(
        get_game("five-card-draw"), Structure.POT_LIMIT, Stakes.from_bets(2),
        rng=random.Random(1), human="Ana", bots=["Ada"], level="easy", buy_in=40,
    )
    out = io.StringIO()
    session = PokerSession(seating, tmp_path / "file" / "hands", out,
                           ask=scripted(iter(["f", "", "quit"])))
    session.play()
    assert "Hand 1 could not be saved: " in out.getvalue()
    assert session.saved == [] and session.hands_played == 2


LINES = ["c", "k", "f", "r", "b 4", "r 10", "allin", "d 1 3", "d 2", "pat", "d 7c 9h", "",
         "t", "help", "nonsense", "r 99999", "d 9", "out", "back", "post", "wait"]


@pytest.mark.parametrize("game", ["five-card-draw-7a", "five-card-draw", "seven-card-draw",
                                  "deuce-to-seven-triple-draw", "deuce-to-seven-single-draw"])
@pytest.mark.parametrize("structure", list(Structure))
def test_a_monkey_at_the_keyboard_never_breaks_the_game(
    tmp_path: Path, game: str, structure: Structure
) -> None:
    rng = random.Random(f"{game}-{structure}")
    seating = Seating.open(
        get_game(game), structure, Stakes.from_bets(2), rng=random.Random(7), human="Ana",
        bots=["Ada", "Bo", "Cy", "Di"][: rng.randint(1, get_game(game).max_players - 1)],
        level="easy", buy_in=60,
    )
    out = io.StringIO()
    lines = iter([rng.choice(LINES) for _ in range(80)])
    session = PokerSession(seating, tmp_path / "h", out, ask=scripted(lines))
    session.play()
    table = seating.table
    assert table.chips_in_play() + table.cashed_out == table.bought_in
    assert len(session.saved) == session.hands_played >= 1
    for path in session.saved:
        assert load_strict(path)  # every saved hand replays


@pytest.mark.parametrize(("human", "shown"), [("Ana", "Ana (you)"), ("You", "You")])
def test_the_players_chair_says_it_is_him_once(human: str, shown: str) -> None:
    seating = Seating.open(
        get_game("five-card-draw"), Structure.NO_LIMIT, Stakes.from_bets(2),
        rng=random.Random(1), human=human, bots=["Ada"], level="easy", buy_in=40,
    )
    seating.start_hand()
    assert [c.name for c in seating.chairs()] == [shown, "Ada"]
