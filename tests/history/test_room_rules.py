"""A room's hands replayed by the room's rules where they are broader than standpat's: a fold
where a check was free, and in fixed limit a raise that completes a short all-in (what
PokerStars' Badugi tournament histories hold).  The hands are written for these tests in
PokerStars' layout (the real files are not ours to ship: scripts/pokerstars_files.py reads
them from a checkout of fpdb)."""

from __future__ import annotations

from standpat.errors import IllegalHistoryError
from standpat.history import dumps, loads, replay
from standpat.history.examples import HEADS_UP_FOLD
from standpat.history.files import load_text
from standpat.history.replay import ALL_IN_FOLD
from standpat.history.text import format_hand


def header(number: int, level: str, when: str) -> str:
    """A PokerStars Badugi tournament hand's first line."""
    return (f"PokerStars Game #{number}: Tournament #900000001, $1.00+$0.20 USD Badugi Limit - "
            f"Level {level} - {when} ET\n")


FREE_FOLD = header(90000000001, "I (20/40)", "2024/01/02 10:00:00") + """\
Table '900000001 1' 8-max Seat #1 is the button
Seat 1: ann (1500 in chips)
Seat 2: bob (1500 in chips)
Seat 3: cat (1500 in chips)
bob: posts small blind 10
cat: posts big blind 20
*** DEALING HANDS ***
Dealt to ann [Ah 2c 3d 4s]
ann: calls 20
bob: calls 10
cat: folds
*** FIRST DRAW ***
bob: discards 1 card
ann: stands pat on [Ah 2c 3d 4s]
bob: checks
ann: bets 20
bob: folds
Uncalled bet (20) returned to ann
ann collected 60 from pot
ann: doesn't show hand
*** SUMMARY ***
Total pot 60 | Rake 0
Seat 1: ann (button) collected (60)
Seat 2: bob (small blind) folded after the 1st Draw
Seat 3: cat (big blind) folded before the Draw
"""

COMPLETED = header(90000000002, "II (30/60)", "2024/01/02 10:05:00") + """\
Table '900000001 1' 8-max Seat #1 is the button
Seat 1: ann (1500 in chips)
Seat 2: bob (1500 in chips)
Seat 3: cat (1500 in chips)
Seat 4: dan (55 in chips)
bob: posts small blind 15
cat: posts big blind 30
*** DEALING HANDS ***
Dealt to ann [Ah 2c 3d 4s]
dan: raises 25 to 55 and is all-in
ann: raises 5 to 60
bob: folds
cat: calls 30
*** FIRST DRAW ***
cat: discards 1 card
dan: discards 2 cards
ann: stands pat on [Ah 2c 3d 4s]
cat: checks
ann: bets 30
cat: folds
Uncalled bet (30) returned to ann
*** SECOND DRAW ***
dan: discards 1 card
ann: stands pat on [Ah 2c 3d 4s]
*** THIRD DRAW ***
dan: discards 1 card
ann: stands pat on [Ah 2c 3d 4s]
*** SHOW DOWN ***
ann: shows [Ah 2c 3d 4s] (Badugi: 4,3,2,A)
ann collected 10 from side pot
dan: shows [Kc Qd 8h 8s] (3-card: K,Q,8)
ann collected 180 from main pot
dan finished the tournament in 9th place
*** SUMMARY ***
Total pot 190 Main pot 180. Side pot 10. | Rake 0
Seat 1: ann (button) showed [Ah 2c 3d 4s] and won (190) with a Badugi: 4,3,2,A
Seat 2: bob (small blind) folded before the Draw
Seat 3: cat (big blind) folded after the 1st Draw
Seat 4: dan showed [Kc Qd 8h 8s] and lost with a 3-card: K,Q,8
"""

ALL_IN_FOLDS = header(90000000003, "II (30/60)", "2024/01/02 10:10:00") + """\
Table '900000001 1' 8-max Seat #1 is the button
Seat 1: ann (1500 in chips)
Seat 2: bob (10 in chips) is sitting out
Seat 3: cat (1500 in chips)
bob: posts small blind 10 and is all-in
cat: posts big blind 30
*** DEALING HANDS ***
Dealt to ann [Ah 2c 3d 4s]
ann: raises 30 to 60
bob: folds
cat: folds
Uncalled bet (30) returned to ann
ann collected 70 from pot
*** SUMMARY ***
Total pot 70 | Rake 0
Seat 1: ann (button) collected (70)
Seat 2: bob (small blind) folded before the Draw
Seat 3: cat (big blind) folded before the Draw
"""


def stacks_of(text: str) -> dict[str, int]:
    loaded = load_text(text, "room.txt")
    assert loaded.errors == []
    (hand,) = loaded.hands
    assert hand.record.room_rules
    assert hand.finishing_stacks == hand.record.finishing_stacks  # what the summary implies
    return dict(zip(hand.record.players, hand.finishing_stacks, strict=True))


def test_a_fold_where_a_check_was_free_replays() -> None:
    assert stacks_of(FREE_FOLD) == {"ann": 1540, "bob": 1480, "cat": 1480}


def test_a_raise_completing_a_short_all_in_replays() -> None:
    assert stacks_of(COMPLETED) == {"ann": 1630, "bob": 1485, "cat": 1440, "dan": 0}


def test_the_room_rules_go_with_the_hand_into_phh_and_text() -> None:
    for text, refusal in ((FREE_FOLD, "p2 f: p2 cannot fold: there is no bet to fold to"),
                          (COMPLETED, "p4 cbr 60: p4 cannot raise to 60: the only raise "
                                      "allowed is to 85")):
        (hand,) = load_text(text, "room.txt").hands
        phh = dumps(hand.record)
        assert "_standpat_room_rules = true" in phh
        (back,) = loads(phh)
        assert back == hand.record
        assert replay(back).finishing_stacks == hand.finishing_stacks
        # without the field, standpat's own rules refuse the hand, naming the action
        bare = loads(phh.replace("_standpat_room_rules = true\n", ""))[0]
        assert not bare.room_rules
        refused = load_text(dumps(bare), "bare.phh")
        assert refused.hands == [] and len(refused.errors) == 1
        assert refusal in str(refused.errors[0])
        # written back in the room's layout it reads and replays the same
        again = load_text(format_hand(hand, site="PokerStars"), "again.txt").hands[0]
        assert again.record.room_rules
        assert again.finishing_stacks == hand.finishing_stacks


def test_standpats_own_text_of_such_a_hand_reads_by_the_rooms_rules_too() -> None:
    for text in (FREE_FOLD, COMPLETED):
        (hand,) = load_text(text, "room.txt").hands
        (own,) = load_text(format_hand(hand), "own.txt").hands  # the header names standpat
        assert own.record.room_rules
        assert own.finishing_stacks == hand.finishing_stacks


def test_a_hand_standpat_dealt_keeps_standpats_rules_in_phh() -> None:
    (record,) = loads(HEADS_UP_FOLD)
    assert not record.room_rules
    assert "_standpat_room_rules" not in dumps(record)


def test_a_fold_of_a_player_all_in_is_refused_saying_so() -> None:
    loaded = load_text(ALL_IN_FOLDS, "room.txt")
    assert loaded.hands == []
    (error,) = loaded.errors
    assert isinstance(error, IllegalHistoryError)
    assert "room.txt: hand 90000000003, line 11: p1 f: p1 folds out of turn, all in" in str(
        error)
    assert ALL_IN_FOLD in str(error)
