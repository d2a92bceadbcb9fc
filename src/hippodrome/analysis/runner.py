"""Where many independent games are played: this process, local worker processes, or a Ray cluster.

Tournaments and balance reports are lists of independent games, each a picklable task and a pure
function of it (its seed is in the task), so the results are the same wherever they run. A user who
outgrows one machine passes a Ray address (``auto``: the cluster this machine belongs to; ``local``:
a Ray instance started for this run alone; ``HOST:PORT`` or ``ray://HOST:PORT``: that cluster's head).
Ray is the optional extra ``cluster`` (``pip install hippodrome[cluster]``); Hippodrome does not
distribute work by any other means.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

from hippodrome.engine.errors import OptionsError

T = TypeVar("T")
R = TypeVar("R")

Progress = Callable[[int], None]
"""Told how many tasks are done so far."""

CONNECT_SECONDS = 5.0
"""How long a Ray head may take to answer before its address is refused."""


def check_workers(workers: int) -> int:
    if workers < 1:
        raise OptionsError("error.workers", workers=workers)
    return workers


def run_tasks(
    function: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int = 1,
    ray: str | None = None,
    progress: Progress | None = None,
) -> list[R]:
    """``function`` applied to every task, results in the tasks' order: in this process
    (``workers`` 1), in ``workers`` local processes, or on the Ray cluster at ``ray``."""
    check_workers(workers)
    if ray is not None:
        return _run_on_ray(function, tasks, ray, progress)
    results: list[R] = []
    if workers == 1:
        for task in tasks:
            results.append(function(task))
            if progress is not None:
                progress(len(results))
        return results
    slots: list[R | None] = [None] * len(tasks)
    done = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(function, task): i for i, task in enumerate(tasks)}
        for future in as_completed(futures):
            slots[futures[future]] = future.result()
            done += 1
            if progress is not None:
                progress(done)
    return [r for r in slots if r is not None]


def _import_ray() -> Any:
    try:
        import ray  # noqa: PLC0415 (the optional extra "cluster")
    except ImportError:
        raise OptionsError("error.ray_missing") from None
    return ray


def _check_answers(address: str) -> None:
    """Refuse quickly an explicit address whose head does not answer (Ray itself would retry for
    a minute or more before failing)."""
    target = address.removeprefix("ray://")
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise OptionsError("error.ray_address", address=address, reason="not HOST:PORT")
    try:
        with socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS):
            pass
    except OSError as exc:
        raise OptionsError(
            "error.ray_address", address=address, reason=exc.strerror or str(exc)
        ) from None


def connect_ray(address: str) -> Any:
    """The ``ray`` module, connected to ``address`` (``auto``, ``local``, ``HOST:PORT``,
    ``ray://HOST:PORT``); an ``OptionsError`` naming the fault when Ray is absent or the address
    does not answer."""
    ray = _import_ray()
    if ray.is_initialized():
        return ray
    if address not in ("auto", "local"):
        _check_answers(address)
    try:
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise OptionsError("error.ray_address", address=address, reason=reason) from None
    return ray


def _run_on_ray(
    function: Callable[[T], R], tasks: Sequence[T], address: str, progress: Progress | None
) -> list[R]:
    ray = connect_ray(address)
    remote = ray.remote(function)
    refs = [remote.remote(task) for task in tasks]
    index = {ref: i for i, ref in enumerate(refs)}
    slots: list[Any] = [None] * len(tasks)
    pending = list(refs)
    done = 0
    while pending:
        finished, pending = ray.wait(pending, num_returns=1)
        for ref in finished:
            slots[index[ref]] = ray.get(ref)
            done += 1
        if progress is not None:
            progress(done)
    return slots
