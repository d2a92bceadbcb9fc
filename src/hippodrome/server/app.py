"""The FastAPI application: thin routers over the table service and the live runtime.

See ``docs/web.md`` for the HTTP API and the websocket protocol. Every error is a JSON body
``{"error": {"key", "params", "message": {"en", "fr"}}}`` with a 4xx status, declared in the
OpenAPI document for each route that may answer it.
"""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from argon2 import PasswordHasher
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from hippodrome.engine.errors import HippodromeError, UnknownGameError, message
from hippodrome.engine.i18n import register_catalog
from hippodrome.engine.types import JSON
from hippodrome.games import CATALOGUE
from hippodrome.server.accounts import SESSION_COOKIE, AccountService
from hippodrome.server.cluster import RedisBus
from hippodrome.server.limits import (
    AddressQuota,
    BodySizeLimit,
    ForwardedAddress,
    LoginQuota,
    TrustedProxies,
)
from hippodrome.server.mail import AddressBook, Mailer, Signer, site_secret
from hippodrome.server.notify import Notifier
from hippodrome.server.push import Pusher
from hippodrome.server.reviews import Reviews
from hippodrome.server.routes import (
    account,
    assets,
    friends,
    games,
    notices,
    pages,
    rules,
    tables,
    websocket,
)
from hippodrome.server.routes import reviews as review_routes
from hippodrome.server.routes.pages import WEB
from hippodrome.server.runtime import Runtime
from hippodrome.server.schemas import error_body, refusal
from hippodrome.server.security import BoundedHasher, CrossSiteGuard, NulGuard
from hippodrome.server.service import TableService
from hippodrome.server.settings import Settings
from hippodrome.server.storage import open_database

__all__ = ["create_app", "error_body"]

HTTP_REASONS = {404: "error.reason.not_found", 405: "error.reason.method"}
"""The refusals Starlette makes itself (an address with no page, a method a route does not take),
named in the catalog: its own words are in English only."""


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = open_database(settings.db_url)
        bus = (
            RedisBus(settings.redis_url, settings.lease_seconds, settings.redis_namespace)
            if settings.redis_url
            else None
        )
        service = TableService(engine, cache_size=settings.cache_size, shared=bus is not None)
        service.stand_in_share = settings.stand_in_share  # a rated seat's stand-in (issue 35)
        for quota in (app.state.table_quota, app.state.seat_quota, app.state.login_quota):
            quota.shared = bus  # counted for every process of the site
        runtime = Runtime(service, settings, bus)
        app.state.service = service
        app.state.runtime = runtime
        app.state.reviews = reviews = Reviews(engine, settings)
        reviews.quota.shared = bus
        app.state.accounts = AccountService(
            engine,
            session_ttl=settings.session_ttl,
            session_max_age=settings.session_max_age,
            # at most password_hashes argon2 hashes (64 MiB each) at once: issue 39
            hasher=BoundedHasher(
                PasswordHasher(), settings.password_hashes, settings.password_wait
            ),
        )
        app.state.mailer = Mailer(settings.smtp_url, settings.mail_from, settings.site_url)
        app.state.addresses = AddressBook(
            engine, Signer(settings.secret_key.encode() or site_secret(engine))
        )
        app.state.pusher = Pusher(
            engine, settings.vapid_private_key, settings.vapid_public_key, settings.vapid_subject
        )
        notifier = Notifier(
            service, app.state.mailer, app.state.pusher, period=settings.turn_mail_period
        )
        runtime.notifier = notifier
        for game_entry in CATALOGUE.values():
            if game_entry.status == "playable":
                game_entry.game_class()  # registers the game's message catalog
        register_catalog("web", WEB / "locale")
        await runtime.start()
        # Live tables hold many small objects (events, history); the default collector would scan
        # them all every few thousand allocations, pausing every table. Start-up objects are frozen
        # out of the scans and the youngest generation collected less often.
        gc.collect()
        gc.freeze()
        gc.set_threshold(50_000, 20, 20)
        yield
        await runtime.stop()
        await notifier.drain()
        await app.state.mailer.drain()
        await reviews.stop()
        engine.dispose()

    app = FastAPI(
        title="Hippodrome", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json"
    )
    app.state.settings = settings
    app.state.table_quota = AddressQuota(
        settings.tables_per_address, settings.tables_window, name="tables"
    )
    app.state.seat_quota = AddressQuota(
        settings.seats_per_address, settings.tables_window, name="seats"
    )
    app.state.login_quota = LoginQuota(
        settings.logins_per_address, settings.logins_per_name, settings.logins_window
    )
    # Inside the body's size limit: no NUL character reaches the database (issue 39).
    app.add_middleware(NulGuard)
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(
        CrossSiteGuard, allowed_origins=settings.allowed_origins, cookie=SESSION_COOKIE
    )
    # Outermost: every limit and the origin check see the client a trusted balancer forwarded.
    app.add_middleware(ForwardedAddress, proxies=TrustedProxies(settings.trusted_proxies))

    # -- errors: always JSON, always named --------------------------------------------------------

    @app.exception_handler(HippodromeError)
    async def hippodrome_error(_: Request, exc: HippodromeError) -> JSONResponse:
        status = getattr(exc, "status", 400)
        if isinstance(exc, UnknownGameError):
            status = 404
        retry_after = getattr(exc, "retry_after", None)  # a quota (429), a busy server (503)
        headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
        return JSONResponse(error_body(exc.key, exc.params), status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(
            error_body("error.bad_request", refusal(exc.errors(), "request")), status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400:  # FastAPI's only own 400: a body that does not parse
            return JSONResponse(
                error_body(
                    "error.bad_request", {"field": "body", "reason": message("error.reason.json")}
                ),
                status_code=400,
            )
        reason: JSON = str(exc.detail)
        if exc.status_code in HTTP_REASONS:  # Starlette's own words, in English only
            reason = message(HTTP_REASONS[exc.status_code])
        return JSONResponse(
            error_body("error.http", {"status": exc.status_code, "reason": reason}),
            status_code=exc.status_code,
            headers=exc.headers,  # a 405's Allow
        )

    # -- routes -----------------------------------------------------------------------------------

    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")
    app.include_router(assets.router)  # each game's board module and stylesheet, from its package
    app.include_router(pages.router)
    app.include_router(rules.router)  # the rules pages and their pictures
    app.include_router(rules.api)
    app.include_router(games.router)
    app.include_router(tables.router)
    app.include_router(review_routes.router)  # a finished table's game review
    app.include_router(websocket.router)
    app.include_router(account.router)
    app.include_router(friends.router)  # friends, ratings, an account's care (issue 35)
    app.include_router(friends.pages)
    app.include_router(notices.router)  # the account's address, "your turn" by mail and push
    return app
