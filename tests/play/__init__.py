"""Tests of ``standpat play`` for the poker games."""
