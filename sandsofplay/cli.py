"""The ``sandsofplay`` command (filled in below)."""


def main(argv=None):
    return 0
