"""The account's e-mail address (confirmed by a signed link) and what reaches it when it is its
turn: "your turn" by e-mail and by web push (``server/mail.py``, ``server/push.py``,
``server/notify.py``; docs/web.md, "Mail and push")."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import RedirectResponse
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from hippodrome.server.dependencies import AddressesDep, CurrentAccount, MailerDep
from hippodrome.server.push import Pusher
from hippodrome.server.routes.account import logged_in
from hippodrome.server.schemas import (
    EmailChange,
    MailSettings,
    NoticeChoices,
    PushEndpoint,
    PushKey,
    PushSubscriptionIn,
    errors,
)
from hippodrome.server.service import ServerError

router = APIRouter(prefix="/api", tags=["accounts"])


def get_pusher(connection: HTTPConnection) -> Pusher:
    pusher: Pusher = connection.app.state.pusher
    return pusher


PusherDep = Annotated[Pusher, Depends(get_pusher)]


def _settings(
    account_id: int, addresses: AddressesDep, mailer: MailerDep, pusher: Pusher
) -> MailSettings:
    return MailSettings(
        **addresses.info(account_id),
        mail=mailer.enabled,
        push_key=pusher.public_key if pusher.enabled else None,
    )


@router.get("/account/email", responses=errors(401))
def mail_settings(
    account: CurrentAccount, addresses: AddressesDep, mailer: MailerDep, pusher: PusherDep
) -> MailSettings:
    """The account's address (confirmed or not) and its choices of notices."""
    return _settings(logged_in(account).id, addresses, mailer, pusher)


@router.post("/account/email", status_code=202, responses=errors(400, 401, 403, 409, 422))
async def change_email(
    change: EmailChange,
    request: Request,
    *,
    account: CurrentAccount,
    addresses: AddressesDep,
    mailer: MailerDep,
    pusher: PusherDep,
) -> MailSettings:
    """Give the account an address: kept unconfirmed, and a link to confirm it is sent to it (in
    ``lang``), valid three days. An empty address gives none."""
    me = logged_in(account)
    if not change.email.strip():
        await run_in_threadpool(addresses.forget, me.id)
        return _settings(me.id, addresses, mailer, pusher)
    if not mailer.enabled:
        raise ServerError(409, "error.mail_off")
    token = await run_in_threadpool(addresses.propose, me.id, change.email, change.lang)
    info = addresses.info(me.id)
    link = mailer.link(f"/api/account/email/confirm?token={token}", str(request.base_url))
    mailer.send_soon(
        str(info["email"]), "confirm", change.lang, name=me.name, email=info["email"], link=link
    )
    return _settings(me.id, addresses, mailer, pusher)


@router.get("/account/email/confirm", status_code=303, responses=errors(400, 422))
def confirm_email(
    addresses: AddressesDep, token: Annotated[str, Query(max_length=600)]
) -> Response:
    """The link sent to an address: confirms it (for the account that gave it, if it has not
    given another since) and opens the lobby. Needs no login: the signed token is the proof."""
    addresses.confirm(token)
    return RedirectResponse("/?email=confirmed", status_code=303)


@router.post("/account/notifications", responses=errors(401, 403, 422))
def choose_notices(
    choices: NoticeChoices,
    account: CurrentAccount,
    addresses: AddressesDep,
    mailer: MailerDep,
    pusher: PusherDep,
) -> MailSettings:
    """Whether "your turn" reaches the account by e-mail, by push; the language of its mail."""
    me = logged_in(account)
    addresses.choose(
        me.id, notify_email=choices.notify_email, notify_push=choices.notify_push, lang=choices.lang
    )
    return _settings(me.id, addresses, mailer, pusher)


@router.get("/push/key")
def push_key(pusher: PusherDep) -> PushKey:
    """The site's VAPID public key, for a browser to subscribe with (null: no push here)."""
    return PushKey(key=pusher.public_key if pusher.enabled else None)


@router.post("/account/push", status_code=204, responses=errors(400, 401, 403, 409, 422))
def subscribe(
    subscription: PushSubscriptionIn, account: CurrentAccount, pusher: PusherDep
) -> Response:
    """Keep this browser's push subscription for the account: "your turn" reaches it even with
    no page of the site open."""
    pusher.subscribe(
        logged_in(account).id,
        subscription.endpoint,
        subscription.keys.p256dh,
        subscription.keys.auth,
    )
    return Response(status_code=204)


@router.post("/account/push/forget", status_code=204, responses=errors(401, 403, 422))
def unsubscribe(endpoint: PushEndpoint, account: CurrentAccount, pusher: PusherDep) -> Response:
    """Forget this browser's push subscription."""
    pusher.unsubscribe(logged_in(account).id, endpoint.endpoint)
    return Response(status_code=204)
