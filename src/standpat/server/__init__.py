"""The card room server: a Starlette app under uvicorn (``standpat serve``).

Modules: ``app`` (the ASGI app, REST and the WebSocket route), ``ws`` (one connection),
``protocol`` (the messages), ``host`` (the table-host interface), ``room`` (tables in this
process), ``live`` (one table's task and clock), ``record`` (hand records and their
verification), ``seatbots``, ``openapi``, ``ratelimit``, ``problems`` (error codes), ``config``.
The protocol is written down in ``docs/protocol.md``; running a room in ``docs/server.md``.
"""
