"""The Legend of the Burning Sands table (``table``): layout and drawing (``view``), input and
the table contract (``play``)."""
