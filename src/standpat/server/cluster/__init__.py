"""Running a room as several nodes over one PostgreSQL database (issue 21, in progress):
table ownership under leases with fencing tokens (:mod:`~standpat.server.cluster.lease`),
and the leases one node holds, renewed, taken over and lost
(:mod:`~standpat.server.cluster.keeper`).  Not yet wired into ``standpat serve``."""
