"""Rule variants, held as data (RULES.md: Exchanging, Challenges, End)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import NotationError

# Challenge rules
FREE = "free"  # house rule: no penalty stated, so none
DOUBLE = "double"  # the challenger loses their next turn
SINGLE = "single"  # no penalty
POINTS = "points"  # a play that stands gains its player ``challenge_penalty`` points
VOID = "void"  # no challenges: an unacceptable play is refused when made

# Final adjustments
HOUSE_ADJUSTMENT = "house"  # each loses own leftover; the one out gains the others' total
NORTH_AMERICAN = "north_american"  # two players: out gains twice the opponent's; opponent loses nothing


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    challenge: str
    challenge_penalty: int = 0
    exchange_needs_seven: bool = True  # False: bag must hold as many tiles as are exchanged
    end_all_passed_twice: bool = False
    end_no_moves: bool = False
    scoreless_turns_limit: int | None = 6
    adjustment: str = HOUSE_ADJUSTMENT

    @property
    def challenges_allowed(self) -> bool:
        return self.challenge != VOID

    def exchange_minimum(self, count: int) -> int:
        """How many tiles the bag must hold to exchange ``count`` tiles."""
        return 7 if self.exchange_needs_seven else count


HOUSE = RuleSet(
    "house",
    "House rules (RNIB leaflet)",
    FREE,
    exchange_needs_seven=False,
    end_all_passed_twice=True,
    end_no_moves=True,
    scoreless_turns_limit=None,
)
DOUBLE_CHALLENGE = RuleSet(
    "double", "North American tournament rules, double challenge", DOUBLE, adjustment=NORTH_AMERICAN
)
SINGLE_CHALLENGE = RuleSet("single", "Tournament rules, single challenge", SINGLE)
FIVE_POINT = RuleSet("five", "Tournament rules, 5-point challenge", POINTS, challenge_penalty=5)
TEN_POINT = RuleSet("ten", "Tournament rules, 10-point challenge", POINTS, challenge_penalty=10)
VOID_RULES = RuleSet("void", "Tournament rules, void challenge", VOID)

VARIANTS: dict[str, RuleSet] = {
    r.name: r for r in (HOUSE, DOUBLE_CHALLENGE, SINGLE_CHALLENGE, FIVE_POINT, TEN_POINT, VOID_RULES)
}
ALIASES = {"naspa": "double", "wespa": "five", "rnib": "house", "5": "five", "10": "ten"}


def rules_named(name: str) -> RuleSet:
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    try:
        return VARIANTS[key]
    except KeyError:
        names = ", ".join(list(VARIANTS) + list(ALIASES))
        raise NotationError(f"There are no rules called {name!r}; choose one of {names}.") from None
