"""Sand's table scene (see table.py)."""
