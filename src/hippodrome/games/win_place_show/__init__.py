"""Win, Place & Show (3M, 1966): planned. Only its manifest exists so far (``manifest.py``)."""
