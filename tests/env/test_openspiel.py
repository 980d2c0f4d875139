"""The OpenSpiel game: OpenSpiel's random simulation test, and a little MCCFR."""

from __future__ import annotations

import importlib.util

import pytest

if importlib.util.find_spec("pyspiel") is None:  # pragma: no cover - the dev extra installs it
    pytest.fail(
        "OPEN_SPIEL IS NOT INSTALLED: the open_spiel wheel (the research extra) could not be "
        "installed on this machine, so the OpenSpiel game is NOT tested here.",
        pytrace=False,
    )

import pyspiel

import standpat.env.openspiel  # noqa: F401 - registers standpat_poker


@pytest.mark.parametrize("params", [
    {"game": "five-card-draw-7a", "players": 2},
    {"game": "deuce-to-seven-single-draw", "structure": "no-limit", "players": 3, "stack": 8},
    {"game": "deuce-to-seven-triple-draw", "structure": "pot-limit", "players": 2, "stack": 6},
    {"game": "seven-card-draw", "players": 2},
    {"game": "five-card-draw", "structure": "no-limit", "players": 4, "stack": 5},
    {"game": "badugi", "players": 2},
    {"game": "badugi", "structure": "pot-limit", "players": 3, "stack": 6},
    {"game": "ace-to-five-triple-draw", "structure": "no-limit", "players": 2, "stack": 5},
])
def test_random_simulation(params: dict[str, object]) -> None:
    game = pyspiel.load_game("standpat_poker", params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_a_game_that_would_reshuffle_is_refused() -> None:
    with pytest.raises(Exception, match="reshuffle"):
        pyspiel.load_game("standpat_poker", {"game": "deuce-to-seven-triple-draw", "players": 4})


def test_information_states_hide_the_other_seats_cards() -> None:
    game = pyspiel.load_game("standpat_poker", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    text = state.information_state_string(0)
    other = state.information_state_string(1)
    mine = str(state).split("||")[0].split()[1:6]  # the first five cards dealt: seat 0's
    assert all(card in text for card in mine)
    assert not any(card in other for card in mine)
    assert state.information_state_tensor(0) != state.information_state_tensor(1)


def test_outcome_sampling_mccfr_runs_and_gives_a_policy() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("standpat_poker", {"game": "five-card-draw-7a", "players": 2})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(200):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert sum(probs.values()) == pytest.approx(1.0)
