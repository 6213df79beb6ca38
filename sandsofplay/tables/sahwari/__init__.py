"""The Sahwari table scene (``table.TABLE``), its art, geometry, choices and animations."""
