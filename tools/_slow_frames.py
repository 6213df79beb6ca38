"""Why a frame was slow: a probe for ``tools/soak.py --slow-frames FILE``.

Each frame's main-thread CPU time is split into its parts (inclusive times, in ms): reading
events, each guarded call by where it ran and what it called (``updating:SandTable.update``),
scene changes (``apply_ops``, with the ops applied and each scene's ``enter``/``exit``), each
scene's ``draw`` (a table's ``draw_*`` parts too), the ``flip``, the sound's ``pump``, the
garbage collections that ran in the frame (generation, ms, objects collected) and the thread's
own usage counts (user and kernel time, page faults, preemptions). A frame over the threshold is written to FILE as one
JSON line with the scene stack, the kiosk's mode, the game on the table, the frame's index and
the kiosk clock; with ``profile`` each frame also runs under cProfile (main-thread CPU time) and a
slow frame carries its top functions (the profiler makes every frame slower: use it to see what,
not how much).

The probe only wraps callables of the app, of its scenes and of pygame from the outside; the
kiosk itself knows nothing of it."""

from __future__ import annotations

import cProfile
import gc
import io
import json
import pstats
import resource
import time
from collections import defaultdict

import pygame

thread_time = time.thread_time


class SlowFrames:
    def __init__(self, app, path, threshold_ms: float = 10.0, profile: bool = False):
        self.app = app
        self.path = path
        self.threshold = threshold_ms
        self.profile = profile
        self.fh = open(path, "w", encoding="utf-8")
        self.parts: dict = defaultdict(float)
        self.gcs: list = []
        self.ops: list = []
        self.frames = 0
        self.slow = 0
        self._gc_start = None
        self._prof = None
        self._install()

    # --- wrapping ---------------------------------------------------------------------------
    def _timed(self, label, fn):
        parts = self.parts

        def inner(*args, **kw):
            c = thread_time()
            try:
                return fn(*args, **kw)
            finally:
                parts[label] += (thread_time() - c) * 1000
        inner.__wrapped__ = fn
        return inner

    def _wrap_scene(self, scene):
        if scene is None or hasattr(getattr(scene, "draw", None), "__wrapped__"):
            return
        name = type(scene).__name__
        # a table's drawing parts too (draw_table, draw_mats...): which one a slow draw spent in
        parts = [m for m in dir(type(scene)) if m.startswith("draw_") and m not in (
            "draw_overlay",)] if hasattr(scene, "match") else []
        for meth in ("enter", "exit", "draw", "draw_overlay", "pause", "resume", *parts):
            fn = getattr(scene, meth, None)
            if fn is not None and not hasattr(fn, "__wrapped__"):
                try:
                    setattr(scene, meth, self._timed(f"{name}.{meth}", fn))
                except (AttributeError, TypeError):
                    pass

    def _install(self):
        app = self.app
        guard = app.guard
        parts = self.parts

        def timed_guard(fn, *args, where=""):
            label = f"{where}:{getattr(fn, '__qualname__', type(fn).__name__)}"
            c = thread_time()
            try:
                return guard(fn, *args, where=where)
            finally:
                parts[label] += (thread_time() - c) * 1000
        app.guard = timed_guard

        apply_ops = app.apply_ops

        def timed_ops():
            if app._ops:
                for op, arg in app._ops:
                    scenes = arg if isinstance(arg, tuple) else (arg,)
                    for s in scenes:
                        self._wrap_scene(s)
                    self.ops.append(f"{op}:" + ",".join(type(s).__name__ for s in scenes
                                                         if s is not None))
            c = thread_time()
            try:
                return apply_ops()
            finally:
                parts["apply_ops"] += (thread_time() - c) * 1000
        app.apply_ops = timed_ops
        app.draw = self._timed("draw", app.draw)
        app.sound.pump = self._timed("sound.pump", app.sound.pump)
        self._pygame = (pygame.display.flip, pygame.event.get)
        pygame.display.flip = self._timed("flip", pygame.display.flip)
        pygame.event.get = self._timed("event.get", pygame.event.get)
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase, info):
        if phase == "start":
            self._gc_start = thread_time()
        elif self._gc_start is not None:
            ms = (thread_time() - self._gc_start) * 1000
            self._gc_start = None
            self.gcs.append((info.get("generation"), round(ms, 2), info.get("collected")))

    # --- per frame --------------------------------------------------------------------------
    def begin(self):
        self.parts.clear()
        self.gcs = []
        self.ops = []
        for s in self.app.stack:
            self._wrap_scene(s)
        self.before = self._where()
        self._usage = resource.getrusage(resource.RUSAGE_THREAD)
        if self.profile:
            self._prof = cProfile.Profile(thread_time)
            self._prof.enable()

    def _where(self):
        app = self.app
        top = app.top
        table = getattr(app, "table", None)
        return {"stack": [type(s).__name__ for s in app.stack],
                "top_ticks": getattr(top, "ticks", None),
                "stage": getattr(top, "stage", None),  # a title card's job
                "card_game": getattr(getattr(top, "setup", None), "game", None),
                "mode": getattr(app, "mode", None),
                "game": table.game.id if table is not None else None,
                "match_tick": getattr(getattr(table, "match", None), "tick", None)}

    def end(self, cpu_ms: float, wall_ms: float):
        if self._prof is not None:
            self._prof.disable()
        self.frames += 1
        if cpu_ms <= self.threshold:
            self._prof = None
            return
        self.slow += 1
        u0, u1 = self._usage, resource.getrusage(resource.RUSAGE_THREAD)
        rec = {"frame": self.app.frame_count, "clock_s": round(getattr(self.app, "clock_s", 0), 2),
               "cpu_ms": round(cpu_ms, 2), "wall_ms": round(wall_ms, 2),
               "before": self.before, "after": self._where(), "ops": self.ops,
               "gc": self.gcs,
               # the thread's own counts in the frame: kernel time, page faults, preemptions
               "usage": {"user_ms": round((u1.ru_utime - u0.ru_utime) * 1000, 2),
                         "sys_ms": round((u1.ru_stime - u0.ru_stime) * 1000, 2),
                         "minflt": u1.ru_minflt - u0.ru_minflt,
                         "majflt": u1.ru_majflt - u0.ru_majflt,
                         "nivcsw": u1.ru_nivcsw - u0.ru_nivcsw},
               "parts": {k: round(v, 2) for k, v in sorted(self.parts.items(),
                                                          key=lambda kv: -kv[1]) if v >= 0.05}}
        if self._prof is not None:
            out = io.StringIO()
            pstats.Stats(self._prof, stream=out).sort_stats("cumulative").print_stats(25)
            rec["profile"] = out.getvalue().splitlines()[6:]
            self._prof = None
        self.fh.write(json.dumps(rec) + "\n")
        self.fh.flush()

    def close(self):
        """Stop: pygame's functions are its own again, the app's are its class's."""
        pygame.display.flip, pygame.event.get = self._pygame
        for name in ("guard", "apply_ops", "draw"):
            self.app.__dict__.pop(name, None)
        self.app.sound.__dict__.pop("pump", None)
        try:
            gc.callbacks.remove(self._on_gc)
        except ValueError:
            pass
        self.fh.close()
