"""Sahwari - rules (being built)."""
