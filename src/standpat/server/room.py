"""The one-process table host: every table an asyncio task in this server."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from standpat.engine import GameName, Stakes, Structure, get_game
from standpat.errors import TableError
from standpat.server.config import ServerConfig
from standpat.server.host import BotFactory, Command
from standpat.server.live import LiveTable
from standpat.store import Store

__all__ = ["CHAIN_LENGTH", "LocalHost"]

CHAIN_LENGTH = 20_000
"""Hand seeds in a new table's chain."""


class LocalHost:
    """A :class:`~standpat.server.host.TableHost` that runs every table in this process."""

    def __init__(self, store: Store, config: ServerConfig, bots: BotFactory) -> None:
        self.store = store
        self.config = config
        self.bots = bots
        self.tables: dict[int, LiveTable] = {}
        self.voided: list[int] = []

    async def start(self) -> None:
        """Void hands cut short by a crash, then load and start every stored table."""
        self.voided = self.store.void_running_hands()
        for record in self.store.tables():
            table = LiveTable(record, self.store, self.config, self.bots)
            self.tables[record.id] = table
            table.start()

    async def stop(self) -> None:
        """Stop every table's task."""
        await asyncio.gather(*(t.stop() for t in self.tables.values()))

    def table_ids(self) -> list[int]:
        """The ids of the open tables."""
        return sorted(self.tables)

    def summary(self, table_id: int) -> dict[str, Any]:
        """A table's lobby line (read without a round trip: it only reads)."""
        return self._table(table_id).summary()

    async def open_table(self, spec: dict[str, Any]) -> int:
        """Check a lobby request, store the table and start its task."""
        game = get_game(str(spec.get("game", GameName.FIVE_CARD_DRAW.value)))
        try:
            structure = Structure(str(spec.get("structure", Structure.FIXED_LIMIT.value)))
        except ValueError:
            raise TableError(
                f"unknown structure {spec.get('structure')!r}; "
                f"choose one of {', '.join(s.value for s in Structure)}."
            ) from None
        stakes = Stakes.parse(str(spec.get("stakes", "2/4")))
        seats = spec.get("seats", game.max_players)
        if not isinstance(seats, int) or not 2 <= seats <= game.max_players:
            raise TableError(f"{game.title} seats 2 to {game.max_players} players; got {seats!r}.")
        clock = spec.get("clock", self.config.clock)
        if "clock" in spec and (not isinstance(clock, (int, float)) or not 5 <= clock <= 300):
            raise TableError(f"the action clock is 5 to 300 seconds; got {clock!r}.")
        name = str(spec.get("name") or f"{game.title} {stakes} {structure.value}")[:64]
        record = self.store.create_table(
            name=name,
            game=game.name.value,
            structure=structure.value,
            stakes=str(stakes),
            seats=seats,
            config={"clock": float(clock)},
            chain_top=secrets.token_bytes(32),
            chain_length=CHAIN_LENGTH,
        )
        table = LiveTable(record, self.store, self.config, self.bots)
        self.tables[record.id] = table
        table.start()
        return record.id

    async def send(self, table_id: int, command: Command) -> None:
        """Queue a command for a table."""
        self._table(table_id).queue.put_nowait(command)

    async def ask(self, table_id: int, command: Command) -> Any:
        """Queue a command and wait for its result."""
        command.reply = asyncio.get_running_loop().create_future()
        self._table(table_id).queue.put_nowait(command)
        return await command.reply

    def _table(self, table_id: int) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"there is no table {table_id}.")
        return table
