"""Tournaments in the room: the running tournaments' director, pure (its service, which
carries out the director's orders on the room's tables and store, is
:mod:`standpat.server.tournament_service`)."""
