"""Running a room as several nodes over one PostgreSQL database and one Redis (``standpat
serve --redis URL --node-id N``): table ownership under leases with fencing tokens
(:mod:`~standpat.server.cluster.lease`), the leases one node holds, renewed, taken over and
lost (:mod:`~standpat.server.cluster.keeper`), the nodes' messages over Redis pub/sub
(:mod:`~standpat.server.cluster.bus`), and the table host of one node
(:mod:`~standpat.server.cluster.host`)."""
