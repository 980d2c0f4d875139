"""The card room server: a Starlette app under uvicorn (``standpat serve``).

Modules: ``app`` (the ASGI app and its routes), ``api`` (the REST handlers and the checks
before them), ``openapi`` (every endpoint declared once, and the document made from it),
``schemas`` (every input type: REST bodies and WebSocket messages), ``answers`` (the REST
answers' types), ``ws`` (one WebSocket connection), ``protocol`` (the messages a client
receives), ``sessions``, ``origins`` (cross-site checks), ``bodies`` (body size and time
limits), ``throttle`` (rate limits), ``guard`` (header deadline, connections per address),
``host`` (the table-host interface), ``room`` (tables in this process), ``live`` (one
table's task and clock), ``record`` (hand records and their verification), ``downloads``,
``seatbots``, ``problems`` (error codes), ``config``.  The protocol is written down in
``docs/protocol.md``; running a room in ``docs/server.md``.
"""
