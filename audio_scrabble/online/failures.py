"""Why play between homes cannot go on: OnlineError's kinds, each with a
sentence a player can act on (said in lines of 40, first clause first).

No sentence here ever holds a token, a key, a password or a rack: the
homeserver's address and a user id at most.
"""

from __future__ import annotations

from ..errors import OnlineError


class NotSignedIn(OnlineError):
    """No account on file (never signed in, or signed out)."""

    code = "not_signed_in"

    def __init__(self) -> None:
        super().__init__(
            "You are not signed in to play online; type online to sign in.",
            brief="Not signed in.",
        )


class SignInRefused(OnlineError):
    """The homeserver refused the user and password (or the saved token)."""

    code = "sign_in_refused"


class Unreachable(OnlineError):
    """The homeserver did not answer in time (network cut, server down)."""

    code = "unreachable"

    def __init__(self, homeserver: str, doing: str = "",
                 then: str = "check the network and try again in a moment.") -> None:
        what = f" while {doing}" if doing else ""
        super().__init__(
            f"The homeserver {homeserver} did not answer{what}; {then}",
            brief="No answer from the homeserver.",
        )


class BadUserId(OnlineError):
    """Text that is not a Matrix user id."""

    code = "bad_user_id"

    def __init__(self, text: str) -> None:
        super().__init__(
            f"{text[:60]} is not a user id; type one like @bob:example.org.",
            brief="Not a user id.",
        )


class RoomRefused(OnlineError):
    """A room that is not what a game's room must be: unknown, not
    joined, not encrypted, or the server said no."""

    code = "room_refused"


class AccountDamaged(OnlineError):
    """The account file cannot be read."""

    code = "account_damaged"

    def __init__(self) -> None:
        super().__init__(
            "The saved online sign-in cannot be read; type online to sign in again.",
            brief="Sign-in file damaged.",
        )
