"""Drawing a clan area (name, camels waiting, tokens, Influence, the dashboard with its storage,
Recruit track and abilities, the row of Recruit cards with their Artifact spaces), the solo
Guildmaster's panel and the final scoring table."""

from __future__ import annotations

import pygame

from ...engine.describe import plural
from ...games.sahwari.data import get as sahwari_data
from ...ui import art as base_art
from ...ui import theme as T
from . import art

D = sahwari_data()
INK = art.BLACK
CLAN_TEXT = {
    "merchant": "1 Influence per pair of Artifact cubes",
    "diplomat": "1 Influence per pair of Recruit cards",
    "thief": "1 Influence per cube + caravan pair",
    "spy": "1 Influence per pair of active Spying",
    "dealer": "1 Influence per Attack space + cube pair",
    "explorer": "Two moves a turn; collect on the last",
    "raider": "1 Influence per caravan + Attack pair",
}


def draw_clan(t, surf, obs, seat):
    pl = obs["players"][seat]
    text = t.app.text
    info = t.geo.info_rect(seat)
    rgb, shape = T.PLAYER_COLOURS[t.seat_colour(seat)]  # the camels' once they are chosen
    art.mark(surf, shape, (info.x + 8, info.y + 9), 7, rgb)
    waiting = sum(1 for c in obs["camels"] if c["owner"] == seat and c["cell"] < 0)
    name = fit(text, t.seat_name(seat), 15, info.w - 22 - 36 * waiting)
    text.blit(surf, name, (info.x + 18, info.y + 1), 15, T.PARCHMENT, bold=True)
    clan = pl["clan"]
    bits = [clan.capitalize() if clan else "no clan yet"]
    if t.mode == "play" and seat not in t.humans:
        bits.append("bot")
    if obs["first"] == seat:
        bits.append("1st player")
    text.blit(surf, " - ".join(bits), (info.x, info.y + 20), 13, T.SAND_LIGHT)
    if clan and obs["phase"] != "setup":
        sc = t.scores()[seat]
        hidden = sc.get("hidden_tokens", 0)
        label = f"Influence {sc['total']}" + (f" (+{hidden} hidden)" if hidden else "")
        text.blit(surf, label, (info.x, info.y + 37), 14, T.GLOW, bold=True)
    held = pl["held"]
    rects = t.geo.item_rects(seat, len(held) + pl["strategy"])
    for h, r in zip(held, rects):
        visible = h["token"] if h["token"] > 0 else None
        surf.blit(t.token_img(h["kind"], visible, h["used"]), r.topleft)
    for r in rects[len(held):]:
        art.strategy_token(surf, r.center, 10)
    if not clan:
        return
    draw_dashboard(t, surf, obs, seat, pl)
    draw_row(t, surf, obs, seat, pl)


def draw_dashboard(t, surf, obs, seat, pl):
    clan = D.clans[pl["clan"]]
    d = t.geo.dash_rect(seat)
    img = t.app.images.get(("sah-dash", pl["clan"], d.size), lambda: dashboard_surface(
        clan, d.size, t))
    surf.blit(img, d)
    for i, r in enumerate(t.geo.storage_slots(seat, clan.capacity)):
        if i < pl["storage"]:
            art.cube(surf, r.center, 16)
    for slot in pl["locks"]:
        r = t.geo.storage_ability_rect(seat, clan.capacity, slot)
        art.lock_token(surf, r.center, 7, pl["colour"])
    for i, r in enumerate(t.geo.track_slots(seat, len(clan.track))):
        if i < pl["track"]:
            art.pawn(surf, r.center, 15)


def dashboard_surface(clan, size, t):
    """The fixed print of a Clan dashboard: name, edges, storage and track values, abilities."""
    text = t.app.text
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (226, 200, 156), surf.get_rect(), border_radius=8)
    pygame.draw.rect(surf, (110, 70, 36), surf.get_rect(), 2, border_radius=8)
    art.edge_band(surf, pygame.Rect(2, 16, 18, 62), clan.left, text)
    art.edge_band(surf, pygame.Rect(w - 20, 16, 18, 62), clan.right, text)
    text.blit(surf, clan.name.upper(), (w // 2, 1), 12, INK, bold=True, anchor="midtop")
    # storage: squares with the value shown while empty, then the circle
    boxes = value_row(surf, text, clan.storage, clan.storage_end, 18, 24, 20, (246, 231, 200),
                      (110, 70, 36), 11)
    for i, ability in clan.storage_abilities.items():
        ar = pygame.Rect(boxes[i].x, boxes[i].bottom + 2, 20, 14)
        pygame.draw.rect(surf, (250, 244, 230), ar, border_radius=3)
        art.icon(surf, ability, ar.center, 6)
    # Recruit track
    value_row(surf, text, clan.track, clan.track_end, 58, 22, 19, (236, 220, 190), (90, 60, 90),
              10)
    # the abilities paid with Recruit pawns
    for i, (what, cost) in enumerate((("spy", 1), ("refresh", 1), ("sandstorm", 2),
                                      ("artifact", 2))):
        r = pygame.Rect(22 + i * 38, 80, 36, 20)
        pygame.draw.rect(surf, (246, 236, 214), r, border_radius=5)
        pygame.draw.rect(surf, (90, 60, 90), r, 1, border_radius=5)
        art.icon(surf, what, (r.x + 11, r.centery), 6)
        art.pawn(surf, (r.right - 12, r.centery), 9)
        text.blit(surf, str(cost), (r.right - 2, r.bottom), 9, INK, bold=True,
                  anchor="bottomright")
    return surf


def value_row(surf, text, values, end, y, step, size, fill, ink, font_size) -> list:
    """A printed row of a Clan dashboard (storage, Recruit track): a square per value, then the
    end value in a circle; returns the boxes' rects, the circle's last."""
    rects = []
    for i in range(len(values) + 1):
        r = pygame.Rect(24 + i * step, y, size, size)
        if i == len(values):
            val = end
            pygame.draw.circle(surf, fill, r.center, size // 2)
            pygame.draw.circle(surf, ink, r.center, size // 2, 1)
        else:
            val = values[i]
            pygame.draw.rect(surf, fill, r, border_radius=3)
            pygame.draw.rect(surf, ink, r, 1, border_radius=3)
        text.blit(surf, str(val), r.center, font_size, ink, bold=True, anchor="center")
        rects.append(r)
    return rects


def draw_row(t, surf, obs, seat, pl):
    cards = t.geo.card_rects(seat, pl)
    for cid, r in cards.items():
        if r.w == 48:
            img = t.card_img(cid, 48, 100)
        else:  # a crowded row: the card narrowed once for this width, then kept
            img = t.app.images.get(("sah-card-row", cid, r.w, r.h), lambda c=cid, size=r.size:
                                   pygame.transform.smoothscale(t.card_img(c, 48, 100), size))
        surf.blit(img, r)
    for cid, r in t.geo.space_rects(seat, pl).items():
        state = dict(pl["spaces"]).get(cid)
        pygame.draw.rect(surf, (214, 190, 140), r, border_radius=4)
        pygame.draw.rect(surf, (110, 70, 36), r, 2, border_radius=4)
        if state == "cube":
            art.cube(surf, r.center, 16)
        elif state == "lock":
            art.strategy_token(surf, r.center, 8, lock=True)


def draw_gm(t, surf, obs):
    text = t.app.text
    g = t.geo.gm
    gm = obs["gm"]
    parts = t.geo.gm_parts()
    diff = {"recruit": "Recruit (easy)", "merc": "Merc (normal)",
            "clan_leader": "Clan Leader (hard)"}.get(obs["difficulty"], obs["difficulty"])
    text.blit(surf, f"The Guildmaster - {diff}", (g.x + 14, g.y + 8), 18, T.PARCHMENT, bold=True)
    text.blit(surf, f"Influence {gm['score']}", (g.right - 14, g.y + 8), 18, T.GLOW, bold=True,
              anchor="topright")
    deck = parts["deck"]
    if gm["deck_top"]:
        top = gm["deck_top"]
        img = t.app.images.get(("sah-gm-move", top, deck.size), lambda: art.gm_move_surface(
            D.gm_card(top), deck.w, deck.h, text))
        surf.blit(img, deck)
    text.blit(surf, f"deck {gm['deck_size']} - next move", (deck.centerx, deck.bottom + 2), 11,
              T.SAND_LIGHT, anchor="midtop")
    act = parts["action"]
    if gm["discard"]:
        top = gm["discard"][-1]
        img = t.app.images.get(("sah-gm-action", top, act.size), lambda: art.gm_action_surface(
            D.gm_card(top), act.w, act.h, text))
        surf.blit(img, act)
    else:
        pygame.draw.rect(surf, (90, 50, 40), act, 2, border_radius=8)
    text.blit(surf, "last action", (act.centerx, act.bottom + 2), 11, T.SAND_LIGHT,
              anchor="midtop")
    st = parts["storage"]
    text.blit(surf, "Storage (the first empty space counts)", (st.x, st.y - 17), 12,
              T.SAND_LIGHT)
    for i in range(len(D.gm_storage) + 1):
        r = pygame.Rect(st.x + i * 26, st.y, 22, 22)
        val = D.gm_storage[i] if i < len(D.gm_storage) else D.gm_storage_end
        pygame.draw.rect(surf, (236, 214, 180), r, border_radius=4)
        text.blit(surf, str(val), r.center, 11, (110, 60, 40), bold=True, anchor="center")
        if i < gm["storage"]:
            art.cube(surf, r.center, 16)
    pw = parts["pawns"]
    for i in range(gm["pawns"]):
        art.pawn(surf, (pw.x + 10 + i * 16, pw.centery), 16)
    text.blit(surf, plural(gm['pawns'], 'Recruit pawn'), (pw.x + 14 + max(1, gm["pawns"]) * 16,
                                                    pw.centery), 12, T.SAND_LIGHT,
              anchor="midleft")
    tk = parts["tokens"]
    text.blit(surf, "Caravan tokens", (tk.x, tk.y - 17), 12, T.SAND_LIGHT)
    for tok, r in zip(gm["tokens"], t.geo.gm_token_rects(len(gm["tokens"]))):
        surf.blit(t.token_img(tok["kind"], tok["token"] if tok["token"] > 0 else None, False),
                  r.topleft)
    cr = parts["cards"]
    text.blit(surf, "Recruit cards, face down (a card with a cube is active: 2 Influence)",
              (cr.x, cr.y - 17), 12, T.SAND_LIGHT)
    back = t.app.images.get(("sah-back", 40, 60), lambda: art.card_back(40, 60))
    rects = t.geo.gm_card_rects(gm["cards"])
    for cid, state in gm["cards"]:
        r = rects[cid]
        surf.blit(back, r)
        if state == 1:
            art.cube(surf, r.center, 18)
        elif state == 2:
            art.strategy_token(surf, r.center, 9, lock=True)
    sc = parts["score"]
    text.blit(surf, "Each turn it flips a card: a Guild camel goes along the arrow to the wanted "
                    "resource, then another blocks one of your camels if the card shows it.",
              sc.topleft, 13, T.PARCHMENT, width=sc.w)
    b = gm.get("breakdown")
    if b:
        lines = [f"Active cards: {b['cards']}", f"Guarded caravans: {b['guarded']}",
                 f"Storage: {b['storage']}", f"{diff.split(' ')[0]} extras: {b['extra']}"]
        for i, line in enumerate(lines):
            text.blit(surf, line, (sc.x, sc.y + 76 + i * 17), 13, T.SAND_LIGHT)


def draw_final(t, surf, obs):
    """The five scoring categories per player, counted up, the clan bonuses explained, the
    tie-break applied and the winner named."""
    res = obs.get("result")
    if not res:
        return
    text = t.app.text
    p = t.final_tween.progress() if t.final_tween is not None else 1.0
    box = pygame.Rect(160, 120, 960, 420)
    surf.blit(base_art.panel(box.size, colour=(246, 231, 200), alpha=255), box)
    text.blit(surf, "Counting Influence", (box.centerx, box.y + 12), 26, INK, bold=True,
              anchor="midtop")
    cols = ["Caravans", "Storage", "Recruit track", "Artifact spaces", "Clan bonus", "Total"]
    keys = ["caravans", "storage", "track", "spaces", "clan", "total"]
    x0, y = box.x + 30, box.y + 60
    for i, c in enumerate(cols):
        text.blit(surf, c, (x0 + 230 + i * 112, y), 13, T.TERRACOTTA, bold=True, anchor="midtop")
    rows = [(t.seat_name(s), res["breakdown"][s], s in res["winners"],
             obs["players"][s]["clan"]) for s in range(obs["n"])]
    if "guildmaster" in res:
        gb = res["guildmaster"]
        rows.append(("The Guildmaster", {"caravans": gb["guarded"], "storage": gb["storage"],
                                         "track": 0, "spaces": gb["cards"], "clan": gb["extra"],
                                         "total": gb["total"]}, not res["winners"], ""))
    for i, (name, b, won, clan) in enumerate(rows):
        yy = y + 30 + i * 44
        if won:
            pygame.draw.rect(surf, (250, 220, 140), (x0 - 10, yy - 6, box.w - 40, 38),
                             border_radius=8)
        text.blit(surf, name + (f" ({clan.capitalize()})" if clan else ""), (x0, yy + 2), 17, INK,
                  bold=won)
        for j, k in enumerate(keys):
            v = b.get(k, 0)
            shown = int(round(v * min(1.0, p * 1.4 - j * 0.08))) if p < 1 else v
            text.blit(surf, str(shown), (x0 + 230 + j * 112, yy + 2), 18, INK, bold=k == "total",
                      anchor="midtop")
    yy = y + 40 + len(rows) * 44
    clans = sorted({pl["clan"] for pl in obs["players"] if pl["clan"]})
    expl = "; ".join(f"{c.capitalize()}: {CLAN_TEXT[c]}" for c in clans if c != "explorer")
    if expl:
        text.blit(surf, "Clan bonus - " + expl + " (Clan Ability cards count when both sides are "
                  "active).", (x0, yy), 13, INK, width=box.w - 60)
    yy += 44
    reason = res.get("reason")
    if "guildmaster" in res:
        head = ("The player beats the Guildmaster!" if res["winners"] else
                "The Guildmaster wins" + (" (he wins ties)." if reason == "tie" else "."))
    elif res["winners"]:
        w = res["winners"][0]
        head = f"{t.seat_name(w)} becomes Merchant Guildmaster" + \
            (" on the tie-break (most Artifact cubes and Recruit pawns)." if reason == "tiebreak"
             else ".")
    else:
        head = "A tie even after the tie-break: no new Guildmaster is elected."
    text.blit(surf, head, (box.centerx, yy), 22, T.TERRACOTTA, bold=True, anchor="midtop",
              width=box.w - 60)


def fit(text, s: str, size: int, width: int, bold=True) -> str:
    """``s`` shortened with an ellipsis to fit ``width`` pixels."""
    font = text.fonts.get(size, bold)
    if font.size(s)[0] <= width:
        return s
    while s and font.size(s + "...")[0] > width:
        s = s[:-1]
    return s + "..."
