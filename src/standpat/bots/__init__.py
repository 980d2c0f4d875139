"""Poker bots for the draw games (placeholder while the engine lands)."""
