"""Bring a database to the newest schema with the Alembic migrations shipped in the package."""

from __future__ import annotations

from pathlib import Path

from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

from standpat.store.models import metadata

MIGRATIONS = Path(__file__).parent / "migrations"
"""The Alembic script directory (``env.py`` and ``versions/``)."""

_LOCK = 21020
"""The PostgreSQL advisory lock that one migration at a time holds."""


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply every migration that ``engine``'s database lacks, up to ``revision`` (the newest
    by default; a no-op when it is current)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(config)

    def steps(rev: object, context: object) -> object:
        return script._upgrade_revs(revision, rev)  # type: ignore[arg-type]

    context = EnvironmentContext(config, script, fn=steps, destination_rev=revision)
    with context as env, engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # nodes of a room starting together: one migrates, the others wait and find it done
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        env.configure(connection=connection, target_metadata=metadata)
        with env.begin_transaction():
            env.run_migrations()
