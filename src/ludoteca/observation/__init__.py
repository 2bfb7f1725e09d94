"""What a seat observes, as arrays: the observation encoders (``encoders``: one layout per
game, read from ``game.view(seat)``; ``direct``: the same values straight from the state) and
``observer.Observer`` (vector and action mask in preallocated buffers). Needs numpy (the
``[rl]`` extra). The learned bot and the learning environments (``ludoteca.rl``) use it."""
