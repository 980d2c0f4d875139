"""The expert bot: its shipped policy, its abstract betting against the engine's, CFR+
and the best response on small games, legal and reproducible play in every game."""

from __future__ import annotations

import random
from importlib import resources

import numpy as np
import pytest

from standpat.bots import LEVELS, ExpertBot, make_bot, prepare_game
from standpat.bots.cfr import (
    ACTIONS,
    AbstractGame,
    Betting,
    Solver,
    best_response,
    exploitability,
)
from standpat.bots.expert import (
    COVERED,
    POLICY_FILE,
    abstract_betting,
    abstract_history,
    load_abstraction,
    load_policy,
)
from standpat.bots.match import play_hand
from standpat.engine import GAMES, ActionKind, GameName, Hand, Stakes, Structure

FEW = 60
"""The strong fallback's samples a decision here, for speed."""


def test_expert_is_a_level() -> None:
    assert "expert" in LEVELS
    assert isinstance(make_bot("expert", rng=random.Random(1)), ExpertBot)


def test_the_policy_ships_in_the_package_and_covers_three_games() -> None:
    source = resources.files("standpat.bots").joinpath(POLICY_FILE)
    assert source.is_file()
    assert len(source.read_bytes()) < 1_000_000
    tables = load_policy()
    assert set(tables) == set(COVERED)
    for game, table in tables.items():
        betting = abstract_betting(game)
        assert table.edges.shape[0] == betting.rounds
        for history, row in table.rows.items():
            open_ = betting.legal(betting.replay(history))
            closed = [i for i, a in enumerate(ACTIONS) if a not in open_]
            assert not row[:, closed].any(), (game, history)
            assert np.all(np.abs(row.sum(axis=1) - 1) <= 0.015), (game, history)


@pytest.mark.parametrize("game", [g.value for g in COVERED])
def test_abstract_betting_follows_the_engine(game: str) -> None:
    """Random fixed-limit heads-up hands: the abstract history's open actions and chips
    in match the engine's at every betting decision."""
    rng = random.Random(game)
    betting = abstract_betting(game)
    for deal in range(60):
        hand = Hand(game, "fixed-limit", Stakes.from_bets(2), [400, 400], button=deal % 2,
                    rng=deal)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            assert view.legal is not None
            if ActionKind.DISCARD in view.legal.kinds:
                hand.apply(rng.choice(view.legal.sample()))
                continue
            history = abstract_history(view)
            assert history is not None
            state = betting.replay(history)
            assert state.to_act == (0 if seat == view.button else 1)
            open_ = betting.legal(state)
            assert ("f" in open_) == (ActionKind.FOLD in view.legal.kinds)
            assert ("r" in open_) == bool(view.legal.kinds & {ActionKind.BET, ActionKind.RAISE})
            button = view.button
            put = (400 - view.stacks[button], 400 - view.stacks[1 - button])
            assert state.put == put
            choices = [a for a in view.legal.sample() if a.kind is not ActionKind.FOLD
                       or rng.random() < 0.1]
            hand.apply(rng.choice(choices))


def test_histories_show_the_draw_classes() -> None:
    """At single draw the history carries each player's draw class (button first), as the
    table shows how many cards each drew."""
    from standpat.engine import Action

    hand = Hand("deuce-to-seven-single-draw", "fixed-limit", Stakes.from_bets(2), [200, 200],
                button=1, rng=2)
    hand.apply(Action.call())  # the button completes
    hand.apply(Action.check())
    hand.apply(Action.discard(hand.view(0).hand[:3]))  # the big blind draws three
    hand.apply(Action.stand_pat())  # the button stands pat
    view = hand.view(0)
    assert abstract_history(view, 3) == "cc/02"
    assert abstract_history(view) == "cc/"
    betting = abstract_betting("deuce-to-seven-single-draw")
    assert betting.classes == 3 and betting.replay("cc/02").round == 1


def _coin_game() -> AbstractGame:
    """One betting round after one draw; two buckets, the higher always wins."""
    moves = np.array([[[[0.7, 0.3], [0.3, 0.7]]]])
    share = np.array([[0.5, 0.0], [1.0, 0.5]])
    return AbstractGame(Betting((2, 4)), moves, share, np.array([0.5, 0.5]))


def test_best_response_beats_always_calling_and_cfr_plus_closes_the_gap() -> None:
    game = _coin_game()
    calls = {k: np.array([[0.0, 1.0, 0.0]] * 2) for k in game.keys}
    # against a player who only checks and calls, betting the winner wins chips
    assert best_response(game, calls, 0) > 0.5
    solver = Solver(game)
    start = exploitability(game, solver.average())
    for _ in range(300):
        solver.iterate()
    end = exploitability(game, solver.average())
    assert start > 0.5 and end < 0.01 * start


@pytest.mark.parametrize("game", ["deuce-to-seven-single-draw", "five-card-draw-7a"])
def test_the_shipped_policy_is_near_equilibrium_in_its_abstraction(game: str) -> None:
    """The exact best response in the shipped abstraction wins little against the shipped
    (byte-rounded) policy, and a hundred times more against uniform play."""
    abstract = load_abstraction(game)
    table = load_policy()[GameName(game)]
    assert set(table.rows) == set(abstract.keys)
    shipped = exploitability(abstract, table.rows) / 2 * 1000  # mbb a hand (big blind 2)
    uniform = exploitability(abstract, Solver(abstract).average()) / 2 * 1000
    assert shipped < 10 and uniform > 100 * shipped


@pytest.mark.parametrize("game", [g.value for g in COVERED])
def test_expert_plays_its_games_by_the_policy_legally(game: str) -> None:
    prepare_game(game)
    rng = random.Random(game)
    played = 0
    for deal in range(40):
        expert = ExpertBot(random.Random(deal), samples=FEW)
        other = make_bot(rng.choice(["easy", "normal"]), rng=random.Random(rng.random()))
        bots = [expert, other] if deal % 2 else [other, expert]
        hand = Hand(game, "fixed-limit", Stakes.from_bets(2), [200, 200],
                    button=rng.randrange(2), rng=deal)
        play_hand(hand, bots)  # raises on an illegal action
        assert hand.is_over and sum(hand.net) == 0
        assert expert.fallbacks == 0
        played += 1
    assert played == 40


@pytest.mark.parametrize("game", [g.value for g in GAMES])
def test_expert_falls_back_legally_outside_its_policy(game: str) -> None:
    """Three or more players, pot limit and no limit, short stacks and other games: the
    strong bot plays what the policy does not cover, always legally."""
    prepare_game(game)
    rng = random.Random(f"fallback/{game}")
    spec = GAMES[game]  # type: ignore[index]
    for deal in range(6):
        players = rng.randint(spec.min_players, spec.max_players)
        structure = rng.choice(list(Structure))
        stacks = [rng.choice([5, 12, 200]) for _ in range(players)]
        hand = Hand(game, structure, Stakes.from_bets(2), stacks, button=rng.randrange(players),
                    rng=deal)
        bots = [ExpertBot(random.Random(rng.random()), samples=FEW) for _ in range(players)]
        play_hand(hand, bots)
        assert hand.is_over and sum(hand.net) == 0


def test_expert_is_reproducible_from_its_seed() -> None:
    game = "deuce-to-seven-triple-draw"
    prepare_game(game)

    def actions(seed: int) -> list[str]:
        found: list[str] = []
        bots = [ExpertBot(random.Random(seed)), ExpertBot(random.Random(seed + 1))]
        for deal in range(30):
            hand = Hand(game, "fixed-limit", Stakes.from_bets(2), [200, 200], button=deal % 2,
                        rng=deal)
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                action = bots[seat].act(hand.view(seat))
                found.append(str(action))
                hand.apply(action)
        return found

    first, again, other = actions(3), actions(3), actions(4)
    assert first == again
    assert first != other  # the policy mixes: the seed matters


def test_simulate_and_the_terminal_seat_the_expert() -> None:
    from standpat.cli import build_parser
    from standpat.simulation import simulate

    result = simulate("deuce-to-seven-single-draw", "fixed-limit", "expert,normal", hands=40,
                      workers=1, progress=False, seed=3)
    assert result["bot"] == ["expert", "normal"] and result["hands"] == [40, 40]
    args = build_parser().parse_args(["play", "--bot-level", "expert"])
    assert args.bot_level == "expert"
