"""The test suite: a package, so that each test module has one name (tests.server.live)."""
