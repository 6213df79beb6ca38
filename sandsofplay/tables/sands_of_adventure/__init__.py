"""Sands of Adventure table (being built)."""
