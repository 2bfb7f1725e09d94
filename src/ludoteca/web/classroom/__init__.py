"""The classroom (issue 23): teachers, classes of several tables, students who join with a
code (``docs/classroom.md``)."""

from .routes import register

__all__ = ["register"]
