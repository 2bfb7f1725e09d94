"""``bot:learned``: a policy trained by reinforcement learning, played with numpy alone.

The policy is a small multilayer perceptron trained with MaskablePPO (sb3-contrib) by
``examples/train_learned.py`` and exported to plain numpy arrays in
``agents/weights/GAME.npz``: playing needs numpy and the observation encoder of
``ludoteca.rl`` (``python -m pip install ".[rl]"``), never torch. At each decision the bot
builds the observation of its seat from ``game.view(seat)`` exactly as the Gymnasium
environment does (``ludoteca.rl`` encoder: only what the seat may see), evaluates the network
and plays the legal action with the highest logit (the most probable action of the masked
policy). It is deterministic: the seed is accepted and unused.

Registered only for the games that ship weights (Qytetet and Civitas), and only when numpy
and the ``rl`` extra are installed. ``bot:learned:weights=FILE.npz`` plays other weights of
the same format (the training script writes candidates that way).
"""

from __future__ import annotations

import importlib.util
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.errors import InvalidOption
from ludoteca.core.game import Game

WEIGHTS_DIR = Path(__file__).parent / "weights"
FORMAT = "ludoteca-learned-mlp-1"


def weights_path(game_id: str) -> Path:
    return WEIGHTS_DIR / f"{game_id}.npz"


def load_weights(path: str | Path) -> dict[str, Any]:
    """The layers and metadata of a weights file: ``{"layers": [(W, b), …], "activation",
    "meta"}``; ``W`` has shape (inputs, outputs). Stored as float16 (small), used as
    float32. Read once per process (again when the file changes)."""
    path = Path(path)
    if not path.is_file():
        raise InvalidOption(f"bot 'learned': no weights file {str(path)!r}")
    st = path.stat()
    return _load_weights(str(path.resolve()), st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=16)
def _load_weights(path: str, _mtime: int, _size: int) -> dict[str, Any]:
    import numpy as np

    with np.load(path, allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
        if meta.get("format") != FORMAT:
            raise InvalidOption(f"bot 'learned': {str(path)!r} is not a {FORMAT} file")
        layers = [(data[f"W{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                  for i in range(meta["n_layers"])]
    return {"layers": layers, "activation": meta["activation"], "meta": meta}


class LearnedAgent:
    """Argmax over the legal actions of a numpy MLP's logits on the seat's observation, as
    the learning environments build it (``ludoteca.observation``)."""

    name = "learned"

    def __init__(self, game_id: str, seed: int | None = None,
                 weights: str | Path | None = None) -> None:
        try:
            import numpy as np

            from ludoteca.observation.encoders import encoder_for
        except ImportError as e:  # pragma: no cover - depends on the installation
            raise InvalidOption("bot 'learned' needs numpy (it comes with the rl extra): "
                                "python -m pip install \"ludoteca[rl]\"") from e
        self._np = np
        self.game_id = game_id
        self.path = Path(weights) if weights is not None else weights_path(game_id)
        loaded = load_weights(self.path)
        self.meta = loaded["meta"]
        if self.meta.get("game") != game_id:
            raise InvalidOption(f"bot 'learned': {str(self.path)!r} holds weights for "
                                f"{self.meta.get('game')!r}, not {game_id!r}")
        self.layers = loaded["layers"]
        self.activation = loaded["activation"]
        if self.activation not in ("relu", "tanh"):
            raise InvalidOption(f"bot 'learned': unknown activation {self.activation!r}")
        self.encoder = _encoder(game_id, encoder_for)
        if self.layers[0][0].shape[0] != self.encoder.size:
            raise InvalidOption(f"bot 'learned': the weights expect {self.layers[0][0].shape[0]}"
                                f" inputs, the {game_id} observation has {self.encoder.size}")

    def logits(self, x: Any) -> Any:
        """The network's output for one observation vector (one logit per action id)."""
        np = self._np
        h = np.asarray(x, dtype=np.float32)
        last = len(self.layers) - 1
        for i, (W, b) in enumerate(self.layers):
            h = h @ W + b
            if i < last:
                h = np.maximum(h, 0.0) if self.activation == "relu" else np.tanh(h)
        return h

    def observation(self, game: Game, seat: int) -> Any:
        """The seat's observation, as ``ludoteca.rl`` builds it: from ``game.view(seat)``."""
        return self.encoder.encode(game.view(seat), seat, game.n_players)

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        z = self.logits(self.observation(game, seat))
        best, best_z = legal[0], None
        for a in legal:            # first legal action wins ties: deterministic
            v = float(z[game.action_id(a)])
            if best_z is None or v > best_z:
                best, best_z = a, v
        return best


@lru_cache(maxsize=8)
def _encoder(game_id: str, factory: Any) -> Any:
    """One encoder per game and process (building one takes tens of milliseconds)."""
    return factory(game_id)


def _available() -> bool:
    return all(importlib.util.find_spec(m) is not None
               for m in ("numpy", "gymnasium", "pettingzoo"))


def _factory(game_id: str) -> Any:
    def make(seed: int | None = None, weights: str | None = None) -> LearnedAgent:
        return LearnedAgent(game_id, seed, weights)
    return make


def _register() -> None:
    from .registry import register_agent

    if not _available():
        return
    for game_id in ("qytetet", "civitas"):
        if weights_path(game_id).is_file():
            register_agent("learned", game_id, _factory(game_id))


_register()
