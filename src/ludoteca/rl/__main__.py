"""``python -m ludoteca.rl layout GAME``: the observation layout of a game as a Markdown table
(docs/rl.md is made of these)."""

from __future__ import annotations

import sys

import ludoteca
from ludoteca.observation.encoders import encoder_for


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or args[0] != "layout" or args[1] not in ludoteca.games():
        print("usage: python -m ludoteca.rl layout GAME   (GAME: "
              + ", ".join(ludoteca.games()) + ")", file=sys.stderr)
        return 2
    enc = encoder_for(args[1])
    print(enc.layout_markdown())
    print()
    print("Rewards: " + enc.rewards_doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
