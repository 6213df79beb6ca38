"""The kiosk's screenshots for tools/screenshot.py (``--scene kiosk-STAGE``): the attract loop
(``kiosk`` or ``kiosk-card``), the takeover choice (``kiosk-takeover``), the idle countdown
(``kiosk-countdown``), the staff PIN pad (``kiosk-pin``), the game chooser
(``kiosk-choose``) and the staff's kiosk settings (``kiosk-settings``)."""

from __future__ import annotations

import pygame

STAGES = ("kiosk", "kiosk-card", "kiosk-takeover", "kiosk-choose", "kiosk-countdown",
          "kiosk-pin", "kiosk-settings")


def shoot(stage: str, out: str, seed: int = 1, actions: int = 40, game: str | None = None) -> str:
    from sandsofplay.kiosk import healing
    from sandsofplay.kiosk.app import make_kiosk
    from sandsofplay.kiosk.config import KioskConfig
    from sandsofplay.kiosk.visitors import key, tap, tap_button
    cfg = KioskConfig(games=[game] if game else [], idle_seconds=10, countdown_seconds=15,
                      players=[3])
    app = make_kiosk(cfg=cfg, problems=[], seed=seed, fullscreen=False)
    app.start()

    def frames(n):
        for _ in range(n):
            app.frame(1 / 60)

    frames(20)
    if stage != "kiosk-card":
        while app.table is None:
            app.frame(1 / 60)
        table = app.table
        table.driver.pace_ticks = 0
        while len(table.match.log) < actions and not table.match.is_over():
            if not table.driver.step():
                break
        frames(90)
    if stage in ("kiosk-takeover", "kiosk-choose", "kiosk-countdown"):
        tap(app, (640, 300), touch=True)
        if stage == "kiosk-choose":
            tap_button(app, "choose")
        if stage == "kiosk-countdown":
            tap_button(app, "seat0")
            frames(int(cfg.idle_seconds * 60) + 200)
    if stage in ("kiosk-pin", "kiosk-settings"):
        key(app, pygame.K_k, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
        for d in ("12" if stage == "kiosk-pin" else cfg.pin):
            tap_button(app, f"key:{d}")
        if stage == "kiosk-settings":
            tap_button(app, "key:OK")
            tap_button(app, "kiosk")
    frames(3)
    app.draw()
    pygame.image.save(app.screen, out)
    name = app.top.name
    app.quit()
    healing.stop_logging()
    return name
