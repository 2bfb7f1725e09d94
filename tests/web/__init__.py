"""The web table's tests (a package: its module names must not clash with tests/)."""
