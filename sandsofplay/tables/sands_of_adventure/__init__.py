"""The Sands of Adventure table (pygame): see table.py."""
