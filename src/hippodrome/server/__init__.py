"""The web platform: FastAPI app, event-sourced tables, websockets, bots playing server-side.

The server never contains a rule: every action goes through the engine.
"""
