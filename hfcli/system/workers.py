"""Worker processes for the commands that spread their work over several (simulate, verify, review).

Every worker is set up here, once, the same way:

- it dies with the command that started it: on Linux the kernel kills it when its parent dies
  (PR_SET_PDEATHSIG), elsewhere a thread watches the parent; either way a parent killed outright
  (SIGKILL, SIGTERM) leaves no worker behind to finish its share and wait for more for good;
- it ignores SIGINT, which Ctrl-C sends to every process of the terminal's group, so that only
  the command reacts (it stops the pool and says so once);
- a write to the pipe of a parent that is gone kills it quietly (SIGPIPE as the system has it)
  instead of printing a BrokenPipeError traceback;
- an exception from the work comes back to the command as itself where it survives the trip,
  and as a RuntimeError that names it where it would not (one that cannot be rebuilt from its
  pickle would otherwise break the pool).
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
PARENT_POLL_SECONDS = 0.5  # where the kernel cannot tell a worker its parent died


def parallel_map(work: Callable[[Task], Result], tasks: Iterable[Task], jobs: int) -> Iterator[Result]:
    """``work(task)`` for each task, in order, from ``jobs`` worker processes. Tasks are taken as
    workers are free (a few wait in the pipe), so ``tasks`` may be endless. Leaving the iteration
    early, or an exception in it (KeyboardInterrupt), stops the workers at once."""
    import multiprocessing

    # fork is quick and needs nothing importable by name; with other threads running (a progress
    # bar's, a test runner's) a forked child could inherit a lock held forever, so spawn then.
    context = multiprocessing.get_context("spawn" if threading.active_count() > 1 else "fork")
    with context.Pool(jobs, initializer=prepare_worker, initargs=(os.getpid(),)) as pool:
        for returned in pool.imap(_Guarded(work), tasks, chunksize=1):
            yield _unwrapped(returned)


def prepare_worker(parent: int) -> None:
    """Set up a worker process of the command ``parent`` (its process id)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    watched_by_kernel = _die_with_parent()
    if os.getppid() != parent:  # the parent died before the worker could ask to die with it
        os._exit(1)
    if not watched_by_kernel:
        threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


def _die_with_parent() -> bool:
    """Ask the kernel to kill this process when its parent dies; False where it cannot (not Linux)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


class _Guarded:
    """``work`` as a worker runs it: its result, or its exception made safe to send back."""

    def __init__(self, work: Callable[[Any], Any]) -> None:
        self.work = work

    def __call__(self, task: Any) -> tuple[bool, Any]:
        try:
            return True, self.work(task)
        except Exception as exc:  # noqa: BLE001 - sent back to the command, which reports it
            return False, _sendable(exc)


def _sendable(exc: Exception) -> Exception:
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # noqa: BLE001 - any failure to rebuild it means it cannot make the trip
        return RuntimeError(f"{type(exc).__module__}.{type(exc).__name__}: {exc}")


def _unwrapped(returned: tuple[bool, Any]) -> Any:
    done, value = returned
    if not done:
        raise value
    return value
