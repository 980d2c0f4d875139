"""Tournament hands in histories: the tournament, its buy-in and the level in the header as
PokerStars writes them, read back from text and PHH, every stack as the table had it."""

from __future__ import annotations

import datetime
import random
import re

from standpat.bots import make_bot
from standpat.engine import Action, SeatView
from standpat.history import dumps, loads, read_text, replay
from standpat.history.capture import record_from_hand
from standpat.history.record import HandRecord
from standpat.history.text import format_hand
from standpat.history.tournament import roman, roman_value, tournament_fields, tournament_of
from standpat.tournament import Level, Structure, TournamentSpec
from standpat.tournament.play import HandPlayed, TournamentPlay

# fpdb's PokerStars header for a tournament, as its parser reads it (its regex's shape)
FPDB_TOURNAMENT = re.compile(
    r"PokerStars Hand #\d+: Tournament #(?P<tourno>\d+), (?P<biamt>\d+)\+(?P<birake>\d+) "
    r"(?P<game>Triple Draw 2-7 Lowball|5 Card Draw) (?P<limit>Limit|Pot Limit|No Limit) "
    r"- Level (?P<level>[IVXLC]+) \((?P<sb>\d+)/(?P<bb>\d+)\) - \d{4}/\d\d/\d\d \d\d:\d\d:\d\d")


def tournament_records(game: str, structure: str) -> list[HandRecord]:
    structure_ = Structure("quick", (Level(10, 20), Level(20, 40), Level(40, 80),
                                     Level(75, 150, 15), Level(150, 300, 30)), 30.0, 600)
    spec = TournamentSpec("sng", structure_, seats=4, buy_in=100, fee=10, max_entrants=4)
    records: list[HandRecord] = []
    bot = make_bot("normal", rng=random.Random(5))

    def decide(player: str, view: SeatView) -> Action:
        return bot.act(view)

    def record(played: HandPlayed) -> None:
        extra = tournament_fields(77, "100+10", played.level) | {
            "year": 2026, "month": 12, "day": 5, "time": datetime.time(20, 15)}
        records.append(record_from_hand(
            played.hand, players=played.names, seats=played.seats,
            seat_count=played.seat_count, button_seat=played.button_seat,
            hand_id=played.number, table=f"77 {played.table}", extra=extra))

    play = TournamentPlay(spec, game, structure, decide, random.Random(8), on_hand=record)
    for name in ("ann", "bob", "cy", "dee"):
        play.register(name)
    play.run()
    return records


def test_roman_levels_read_back() -> None:
    assert [roman(n) for n in (1, 4, 9, 14, 40, 99)] == ["I", "IV", "IX", "XIV", "XL", "XCIX"]
    assert all(roman_value(roman(n)) == n for n in range(1, 200))


def test_a_tournament_hand_has_its_tournament_and_level_in_every_format() -> None:
    records = tournament_records("deuce-to-seven-triple-draw", "fixed-limit")
    levels = {tournament_of(r.extra)[2] for r in records}  # type: ignore[index]
    assert len(records) > 10 and len(levels) >= 2  # levels rose during the tournament
    for record in records:
        text = format_hand(replay(record), hero=record.players[0], site="PokerStars")
        header = FPDB_TOURNAMENT.match(text.splitlines()[0])
        assert header is not None, text.splitlines()[0]
        number, buy_in, level = tournament_of(record.extra)  # type: ignore[misc]
        assert (int(header["tourno"]), header["biamt"] + "+" + header["birake"],
                roman_value(header["level"])) == (number, buy_in, level)
        assert text.splitlines()[1].startswith("Table '77 ")
        (back,) = read_text(text).hands
        assert tournament_of(back.extra) == (77, "100+10", level)
        assert replay(back).finishing_stacks == replay(record).finishing_stacks
        (phh,) = loads(dumps(record))
        assert tournament_of(phh.extra) == (77, "100+10", level)
        assert phh.extra["event"] == "Tournament #77"


def test_a_no_limit_tournament_text_reads_back_whole() -> None:
    records = tournament_records("five-card-draw", "no-limit")
    text = "\n\n".join(format_hand(replay(r)) for r in records)
    back = read_text(text).hands
    assert [tournament_of(r.extra) for r in back] == [tournament_of(r.extra) for r in records]
    assert [replay(r).finishing_stacks for r in back] == [
        replay(r).finishing_stacks for r in records]
