"""Attract mode for unattended kiosks (a later issue)."""
