"""Chunks of a study on a Ray cluster: each chunk one task, gathered as they finish (`ray.wait`).

Ray is an optional extra (`pip install -e ".[cluster]"`) and imported only here, only when a study
asks for it. `--ray auto` joins the cluster this machine belongs to (`ray start` ran here), `--ray
HOST:PORT` (or `ray://HOST:PORT`) the head at that address, `--ray local` starts a Ray of its own on
this machine. A Ray already started in this process (a test's `ray.init`) is used as it is.

A task whose worker dies is retried by Ray (MAX_RETRIES); a chunk lost for good is named and the study
goes on without it (its chunk file lacks it, so a second run plays it).
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

C = TypeVar("C")

#: how long an address may take to answer before the study gives up on it
CONNECT_TIMEOUT = 10.0
#: how often Ray plays a chunk again whose worker died
MAX_RETRIES = 3
INSTALL = 'Ray is not installed: pip install -e ".[cluster]"'


class ClusterError(Exception):
    """The cluster cannot be used: the message is the one line the person reads."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError(INSTALL) from None
    return ray


def host_port(address: str) -> tuple[str, int] | None:
    """The host and port an address names (`ray://h:p`, `h:p`), None for `auto` and `local`."""
    if address in ("auto", "local"):
        return None
    bare = address.removeprefix("ray://")
    host, sep, port = bare.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ClusterError(f"a Ray address is auto, local or HOST:PORT, not {address!r}")
    return host, int(port)


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Refuse an address whose port does not answer within `timeout` seconds (before Ray, which would
    wait far longer)."""
    target = host_port(address)
    if target is None:
        return
    try:
        with socket.create_connection(target, timeout=timeout):
            pass
    except OSError as exc:
        reason = "no answer" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc))
        raise ClusterError(f"the Ray cluster at {address} does not answer ({reason} within {timeout:g} s)"
                           ) from None


def connect(address: str, timeout: float = CONNECT_TIMEOUT) -> Any:
    """Ray, joined to the cluster at `address` (see the module docstring); ClusterError if it cannot."""
    ray = _ray()
    if ray.is_initialized():
        return ray
    check_reachable(address, timeout)
    try:
        ray.init(address=None if address == "local" else address, include_dashboard=False,
                 logging_level=logging.ERROR, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ClusterError(f"cannot join the Ray cluster at {address}: {first}") from None
    return ray


def run_on_ray(work: Callable[..., dict[str, Any]], chunks: Sequence[C], address: str, *,
               cancel: Any = None, lost: Callable[[C, str], None] | None = None
               ) -> Iterator[tuple[C, dict[str, Any]]]:
    """Each chunk with its result as its task finishes; tasks not finished when the iterator is closed
    (or `cancel` is set) are cancelled."""
    ray = connect(address)
    task = ray.remote(num_cpus=1, max_retries=MAX_RETRIES)(work)
    refs: dict[Any, C] = {task.remote(chunk): chunk for chunk in chunks}
    died = (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError, ray.exceptions.ObjectLostError,
            ray.exceptions.OwnerDiedError, ray.exceptions.RayTaskError, ray.exceptions.TaskCancelledError)
    try:
        while refs:
            if cancel is not None and cancel.is_set():
                return
            ready, _ = ray.wait(list(refs), num_returns=1, timeout=0.5)
            for ref in ready:
                chunk = refs.pop(ref)
                try:
                    row = ray.get(ref)
                except died as exc:
                    if lost is not None:
                        lost(chunk, f"{type(exc).__name__} on Ray")
                    continue
                yield chunk, row
    finally:
        for ref in refs:
            ray.cancel(ref, force=True)
