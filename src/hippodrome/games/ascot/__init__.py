"""Ascot (Miro, 1958): planned. Only its manifest exists so far (``manifest.py``)."""
