"""Spanish rule texts, one TOML file per game (``<game>.toml``): rule ID -> es, source."""
