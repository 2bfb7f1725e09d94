"""The project rulings of each game (docs/rules/<game>.md)."""
