"""Indiana Jones: Sands of Adventure - rules (being built)."""
