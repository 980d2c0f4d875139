"""Alembic environment for ``alembic -c ...`` runs by a room operator.

standpat itself migrates with :func:`standpat.store.migrate.upgrade`, which
needs no ``alembic.ini``; this file serves the ``alembic`` command line.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from standpat.store.models import metadata


def run() -> None:
    """Run the migrations on the ``sqlalchemy.url`` of the Alembic config."""
    url = context.config.get_main_option("sqlalchemy.url") or "sqlite:///standpat.db"
    engine = create_engine(url)
    with engine.begin() as connection:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if getattr(context, "config", None) is not None:
    run()
