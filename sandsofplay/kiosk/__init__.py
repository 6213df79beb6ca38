"""The kiosk: an unattended demo that plays itself, lets a visitor take over in two taps, resets
after an idle visitor, is locked down for visitors and heals itself after errors.

``sandsofplay --kiosk [--kiosk-config FILE]`` runs it (see ``app.run``); the configuration is
described in ``config``."""
