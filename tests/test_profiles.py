"""Rule profiles: the four rooms of docs/rules.md §7 as data, chosen by site or by name."""

from __future__ import annotations

import dataclasses

import pytest

from handbuilder import build
from studbook.engine.model import Game
from studbook.engine.profiles import PROFILES, HeadsUp, get_profile, profile_for


def test_the_four_profiles_exist_and_differ_as_rules_md_says() -> None:
    assert {"pokerstars", "rrop", "wsop-cash", "wsop-tournament"} <= set(PROFILES)  # and the sites' own
    assert [PROFILES[n].max_raises for n in ("pokerstars", "rrop", "wsop-cash", "wsop-tournament")] == [3, 3, 4, 4]
    assert PROFILES["rrop"].heads_up is HeadsUp.BECOMES
    assert PROFILES["wsop-cash"].heads_up is HeadsUp.BEGINS
    assert PROFILES["pokerstars"].heads_up is HeadsUp.NEVER  # measured: capped heads-up in the corpus
    for profile in PROFILES.values():
        assert Game.STUD8 not in profile.double_bet_games and Game.RAZZ not in profile.double_bet_games
    assert PROFILES["wsop-tournament"].double_bet_games == frozenset()


def test_profiles_are_frozen_data() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        PROFILES["rrop"].max_raises = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        PROFILES["mine"] = PROFILES["rrop"]  # type: ignore[index]


def test_unknown_profile_names_list_the_known_ones() -> None:
    with pytest.raises(ValueError, match=", ".join(sorted(PROFILES))):
        get_profile("no-such-room")


def test_the_default_profile_comes_from_the_site() -> None:
    assert profile_for(build("stud 4/8\nseat 1 Ann 10")).name == "pokerstars"
    assert profile_for(build("stud 4/8 site fulltilt\nseat 1 Ann 10")).name == "fulltilt"
    assert profile_for(build("stud 4/8 site no-such-site\nseat 1 Ann 10")).name == "rrop"


def test_the_xml_sites_are_judged_by_their_measured_profiles() -> None:
    from studbook.parsers.registry import SITES_BY_ID

    for site in ("ipoker", "merge"):
        assert SITES_BY_ID[site].profile == site
        assert PROFILES[site].max_raises == 3 and PROFILES[site].double_bet_games == frozenset({Game.STUD})
