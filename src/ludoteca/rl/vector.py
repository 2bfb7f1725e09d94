"""Many Gymnasium games stepped at once: ``ludoteca.rl.vector_env(game, n, ...)``.

A ``gymnasium.vector.VectorEnv`` of ``n`` copies of the single-agent environment (one learner
seat, bots elsewhere) returning batched arrays: ``{"observation": (n, size) float32,
"action_mask": (n, num_actions) int8}``, rewards ``(n,)`` float64, terminations and
truncations ``(n,)`` bool, infos as Gymnasium's vector infos (``info["seed"]``,
``info["_seed"]`` …). It behaves exactly as ``gymnasium.vector.SyncVectorEnv`` over
``single_agent_env`` (same seeds, same batches: the tests compare them), with the same
autoreset modes (default ``NEXT_STEP``: the step after an episode ends resets that copy and
ignores its action), but each copy's observation goes from its observer's buffer straight
into the batch's preallocated rows (no per-copy dicts or concatenation: the copies'
``_advance``/``_restart`` play without building the single environment's observation) and the
infos' numbers and ``legal_ids`` are batched without Gymnasium's generic ``_add_info`` (the
same arrays).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import common
from .single import LudotecaGym


class LudotecaVectorEnv(VectorEnv):
    """``ludoteca.rl.vector_env(...)`` builds this."""

    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, game_id: str, num_envs: int, copy: bool = True,
                 autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
                 **kwargs: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive whole number; got {num_envs!r}")
        kwargs.pop("render_mode", None)
        self.envs = [LudotecaGym(game_id, **kwargs) for _ in range(num_envs)]
        self.num_envs, self.copy = num_envs, copy
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        self.metadata = dict(self.metadata, autoreset_mode=self.autoreset_mode)
        first = self.envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs, first._observer.obs.shape[0]), dtype=np.float32)
        self._mask = np.zeros((num_envs, first.action_space.n), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)

    def _write(self, i: int) -> None:
        env = self.envs[i]
        ob = env._observer
        ob.fill(env.game, env.seat)
        self._obs[i] = ob.obs
        self._mask[i] = ob.mask

    def _put_infos(self, infos: dict[str, Any], info: dict[str, Any], i: int) -> None:
        """``infos = self._add_info(infos, info, i)``, the same arrays and masks, quicker for
        the flat values every step brings (numbers and the ``legal_ids`` lists: Gymnasium's
        makes a new mask array for every key of every copy); the rest goes its way."""
        n = self.num_envs
        for key, value in info.items():
            kind = type(value)
            if kind is int or kind is float or kind is bool or kind is list:
                got = infos.get(key)
                if got is None:
                    got = infos[key] = (np.full(n, None, dtype=object) if kind is list
                                        else np.zeros(n, dtype=kind))
                    infos["_" + key] = np.zeros(n, dtype=np.bool_)
                got[i] = value
                infos["_" + key][i] = True
            else:                               # dicts, arrays, others: Gymnasium's way
                self._add_info(infos, {key: value}, i)

    def _batch(self) -> dict[str, np.ndarray]:
        if self.copy:
            return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}
        return {"observation": self._obs, "action_mask": self._mask}

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict]:
        """Reset every copy. ``seed``: an int gives copy i the seed ``seed + i`` (as
        ``SyncVectorEnv`` does); a list gives one seed per copy."""
        if seed is None or isinstance(seed, int) and not isinstance(seed, bool):
            seeds = [None if seed is None else seed + i for i in range(self.num_envs)]
        elif isinstance(seed, (list, tuple)):
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments")
        else:
            seeds = [seed]                      # (refused just below, with the others)
        for s in seeds:                         # before any copy is dealt again
            if s is not None and (isinstance(s, bool) or not isinstance(s, int) or s < 0):
                raise ValueError(f"a seed is a whole number from 0 up, a list of "
                                 f"{self.num_envs} of them (or None), or None; got {s!r}")
        infos: dict[str, Any] = {}
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            info = env._restart(s)
            self._write(i)
            self._put_infos(infos, info, i)
        self._rewards[:] = 0.0
        self._terminations[:] = False
        self._truncations[:] = False
        self._autoreset[:] = False
        return self._batch(), infos

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict]:
        actions = self._check_actions(actions)
        infos: dict[str, Any] = {}
        same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        for i, env in enumerate(self.envs):
            if self._autoreset[i] and self.autoreset_mode == AutoresetMode.NEXT_STEP:
                info = env._restart(None)
                self._rewards[i], self._terminations[i], self._truncations[i] = 0.0, False, False
            else:
                reward, term, trunc, info = env._advance(int(actions[i]))
                self._rewards[i], self._terminations[i], self._truncations[i] = (
                    reward, term, trunc)
                if same_step and (term or trunc):
                    self._write(i)
                    final = {"observation": self._obs[i].copy(),
                             "action_mask": self._mask[i].copy()}
                    infos = self._add_info(infos, {"final_obs": final, "final_info": info}, i)
                    info = env._restart(None)
            self._write(i)
            self._put_infos(infos, info, i)
        np.logical_or(self._terminations, self._truncations, out=self._autoreset)
        return (self._batch(), self._rewards.copy(), self._terminations.copy(),
                self._truncations.copy(), infos)

    def _check_actions(self, actions: Any) -> np.ndarray:
        """``actions`` as an array of one id per copy, or an error that says what is wrong
        before any copy moves: a wrong shape or kind (``ValueError``) and, with
        ``illegal="raise"``, an id its copy may not play (``IllegalAction``, as the single
        environment says it). With ``illegal="terminate"`` such an id ends its copy's
        episode, as there."""
        got = np.asarray(actions)
        if got.shape != (self.num_envs,):
            raise ValueError(f"step needs one action id per environment, an array of shape "
                             f"({self.num_envs},); got shape {got.shape}")
        if got.dtype.kind not in "iu":
            raise ValueError(f"action ids are whole numbers; got {got.dtype} values")
        if self.envs[0].illegal == "raise":
            next_step = self.autoreset_mode == AutoresetMode.NEXT_STEP
            n = self._mask.shape[1]
            for i, env in enumerate(self.envs):
                a = int(got[i])
                if not (next_step and self._autoreset[i]) and not (
                        0 <= a < n and self._mask[i, a]):
                    common.action_from_id(env.game, env.seat, a)     # (raises, saying why)
        return got

    def action_masks(self) -> np.ndarray:
        """``(num_envs, num_actions)`` booleans: each copy's legal ids now (all False for a
        copy whose episode just ended: its next action is ignored)."""
        return self._mask.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()
