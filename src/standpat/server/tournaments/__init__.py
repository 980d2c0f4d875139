"""Tournaments in the room: the running tournaments' director (pure) and the service that
carries out its orders on the room's tables and store."""
