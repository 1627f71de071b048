"""Rule profiles: the rooms of docs/rules.md §7 as data, chosen by site or by name: the engine's rule
books, and each site's measured profile in its folder, named by the registry."""

from __future__ import annotations

import ast
import dataclasses
import importlib

import pytest

from conftest import REPO
from handbuilder import build
from studbook.engine.model import Game
import studbook.parsers.sites as site_folders
from studbook.engine.profiles import DEFAULT_PROFILE, RULE_BOOKS, HeadsUp
from studbook.engine.stakes import DOUBLE_BET_GAMES
from studbook.parsers.registry import SITES_BY_ID, get_profile, profile_for, profile_names, profiles


def test_the_four_profiles_exist_and_differ_as_rules_md_says() -> None:
    assert {"pokerstars", "rrop", "wsop-cash", "wsop-tournament"} <= set(profiles())  # and the sites' own
    assert [profiles()[n].max_raises for n in ("pokerstars", "rrop", "wsop-cash", "wsop-tournament")] == [3, 3, 4, 4]
    assert profiles()["rrop"].heads_up is HeadsUp.BECOMES
    assert profiles()["wsop-cash"].heads_up is HeadsUp.BEGINS
    assert profiles()["pokerstars"].heads_up is HeadsUp.NEVER  # measured: capped heads-up in the corpus
    for profile in profiles().values():
        assert Game.STUD8 not in profile.double_bet_games and Game.RAZZ not in profile.double_bet_games
    assert profiles()["wsop-tournament"].double_bet_games == frozenset()


def test_profiles_are_frozen_data() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        profiles()["rrop"].max_raises = 9  # type: ignore[misc]
    for table in (profiles(), RULE_BOOKS):
        with pytest.raises(TypeError):
            table["mine"] = table["rrop"]  # type: ignore[index]


def test_unknown_profile_names_list_the_known_ones() -> None:
    with pytest.raises(ValueError, match=", ".join(sorted(profiles()))):
        get_profile("no-such-room")


def test_the_default_profile_comes_from_the_site() -> None:
    assert profile_for(build("stud 4/8\nseat 1 Ann 10")).name == "pokerstars"
    assert profile_for(build("stud 4/8 site fulltilt\nseat 1 Ann 10")).name == "fulltilt"
    assert profile_for(build("stud 4/8 site no-such-site\nseat 1 Ann 10")) is DEFAULT_PROFILE
    assert get_profile("pokerstars") is SITES_BY_ID["pokerstars"].profile is profiles()["pokerstars"]


def test_each_sites_profile_is_its_folders_and_bears_its_id() -> None:
    """A site's profile module is what names it among the profiles (found without importing the sites,
    for ``--profile``'s choices), so the SITE object must carry that module's profile, named by its id."""
    for site_id in site_folders.site_ids():
        site = SITES_BY_ID[site_id]
        if site_id in site_folders.profiled_site_ids():
            module = importlib.import_module(f"studbook.parsers.sites.{site_id}.profile")
            assert site.profile is module.PROFILE and site.profile.name == site_id
        else:
            assert site.profile is DEFAULT_PROFILE
    assert profile_names() == tuple(sorted(profiles())) and set(RULE_BOOKS) < set(profiles())


def test_the_stakes_reader_knows_every_game_any_profile_doubles_in() -> None:
    """The stakes reader takes its double-bet games from the rule books and the online convention: a
    site's measured profile allowing the big bet in another game would need it there too."""
    for profile in profiles().values():
        assert profile.double_bet_games <= DOUBLE_BET_GAMES, profile.name


def test_the_xml_sites_are_judged_by_their_measured_profiles() -> None:
    for site in ("ipoker", "merge"):
        assert SITES_BY_ID[site].profile.name == site
        assert profiles()[site].max_raises == 3 and profiles()[site].double_bet_games == frozenset(
            {Game.STUD, Game.STUD5}
        )


def test_the_engine_imports_no_layer_above_it() -> None:
    """The engine is handed its profile: no module of it may import the parsers (where the sites and
    their profiles are) or a layer above them, so the engine <- parsers <- analytics direction holds."""
    above = ("parsers", "analytics", "pipeline", "cli", "api")
    found = []
    for path in sorted((REPO / "engine").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level >= 2:  # from ..parsers import ...
                modules = [(node.module or "").split(".")[0]]
            elif isinstance(node, ast.ImportFrom) and node.module:  # from studbook.parsers import ...
                modules = (
                    [node.module.removeprefix("studbook.").split(".")[0]] if node.module.startswith("studbook.") else []
                )
            elif isinstance(node, ast.Import):
                modules = [
                    a.name.removeprefix("studbook.").split(".")[0] for a in node.names if a.name.startswith("studbook.")
                ]
            else:
                continue
            found += [f"{path.name}:{node.lineno} imports {m}" for m in modules if m in above]
    assert found == []
