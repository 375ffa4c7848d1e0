"""The classroom app (notebooks/05_classroom.ipynb) served by Voila, in a real browser.

The page opens on the default set-up (DARK MOON, P1 person, P2 heuristic, seed 1, English) with a
game waiting for the person. We play a card with a legal-action button and check the log and the
board, take the move back, then ask the coach for a hint and check the sentence.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import expect

from .conftest import (
    KERNEL_TIMEOUT_MS,
    assert_highlight,
    check_copy_link,
    check_link_refused,
    check_opened_at,
    click_and_settle,
    damaged_link,
    game_at,
    output_dir,
    selected_label,
    snapshot,
    wait_settled,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from .conftest import Server

PERSONS = {0}  # the default seats: P1 person, P2 heuristic


def test_play_a_card_take_it_back_and_ask_for_a_hint(page: Page, voila_server: Server) -> None:
    page.goto(voila_server.url(""))
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    expect(root).to_have_count(1)

    # the default set-up of the contract
    assert selected_label(root, "tcg-game") == "DARK MOON"
    assert selected_label(root, "tcg-seat-0") == "person"
    assert selected_label(root, "tcg-seat-1") == "computer"
    assert root.locator(".tcg-seed input").input_value() == "1"
    expect(root.locator(".tcg-lang").get_by_label("English")).to_be_checked()  # a radio button, not a colour
    expect(root.locator(".tcg-hotseat input[type=checkbox]")).not_to_be_checked()
    for cls in ("tcg-new-game", "tcg-step", "tcg-back", "tcg-takeback", "tcg-hint"):
        expect(root.locator(f"button.{cls}")).to_have_count(1)
    expect(root.locator("button.tcg-hint")).to_have_text("Hint")
    expect(root.locator("button.tcg-takeback")).to_have_text("Take back my move")
    expect(root.locator(".tcg-pass-screen")).to_be_hidden()  # hot seat is off

    # a game is running and waits for the person (P1): the agents' moves were played by themselves
    start = wait_settled(root, PERSONS)
    assert start["current"] == "0", f"expected P1 (a person) to decide, the board says P{start['current']}"
    assert start["actions"], "no legal-action buttons (button.tcg-action) for the person"
    assert start["log"], "the log (.tcg-log) is empty"
    assert_highlight(root, start["node"])

    # play a card by clicking it: a card of P1's hand shown as a button (issue 21 item 3)
    tiles = root.locator("button.tcg-card-tile.tcg-action:not([disabled])")
    assert tiles.count(), f"no card to click among {start['actions']}"
    p1 = root.locator('.tcg-board section[data-player="0"]')

    def card_of(t: Locator) -> str:
        return next(
            c[9:] for c in (t.get_attribute("class") or "").split() if c.startswith("tcg-card-") and c[9:].isdigit()
        )

    # a character card (DM-4.2), not a special
    tile = next(t for t in tiles.all() if p1.locator(f'.tcg-hand .tcg-char[data-card="{card_of(t)}"]').count())
    card = card_of(tile)
    label = tile.inner_text().strip()
    assert (tile.get_attribute("title") or "").startswith("Play "), tile.get_attribute("title")  # what the click does
    expect(p1.locator(f'.tcg-hand [data-card="{card}"]')).to_have_count(1)
    after = click_and_settle(root, tile, PERSONS, until=lambda s: s["current"] != "1")
    assert "⚠" not in (after["message"] or ""), after["message"]

    # the log: new lines, the first one is P1's play (DM-4.2) naming the card
    new = after["log"][len(start["log"]) :]
    assert after["log"][: len(start["log"])] == start["log"], "the old log lines changed"
    assert new, "no new log line after the move"
    # the button names the card and its copy mark (②); the log names the card
    card_name = re.sub(r"\s[①-⑳]$", "", label)
    assert new[0]["rule"] == "DM-4.2" and "P1" in new[0]["text"] and card_name in new[0]["text"], new[0]
    # the board: changed, and the card went from P1's hand to P1's field
    assert after["board"] != start["board"]
    expect(p1.locator(f'.tcg-hand [data-card="{card}"]')).to_have_count(0)
    expect(p1.locator(f'.tcg-field [data-card="{card}"], .tcg-units [data-card="{card}"]')).to_have_count(1)
    assert_highlight(root, after["node"])

    # take the move back: the position before the card, to the letter, and P1 decides again
    back = click_and_settle(root, root.locator("button.tcg-takeback"), PERSONS)
    assert back["log"] == start["log"] and back["board"] == start["board"], "Take back did not restore the position"
    assert back["current"] == "0" and back["actions"] == start["actions"]

    # a hint for the person's decision (the coach searches about 0.5 s); last, so the screenshot shows it
    hint_text = root.locator(".tcg-hint-text")
    root.locator("button.tcg-hint").click()
    expect(hint_text).to_contain_text("Suggested:", timeout=20_000)
    hint = hint_text.inner_text().strip()
    assert hint.startswith("Suggested:"), hint
    suggested = hint.removeprefix("Suggested:").strip()
    labels = [a["label"] for a in back["actions"]] + [a["title"] for a in back["actions"]]
    assert any(suggested.startswith(x) for x in labels), f"the hint {hint!r} names none of the buttons {labels}"
    now = snapshot(root)
    assert (now["log"], now["board"]) == (back["log"], back["board"]), "asking for a hint changed the game"


def test_language_switch_rerenders_the_classroom_without_restarting(page: Page, voila_server: Server) -> None:
    """日本語: labels, cards, log and graph switch; the game (board position, log length) stays."""
    page.goto(voila_server.url(""))
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    start = wait_settled(root, PERSONS)
    root.locator(".tcg-lang").get_by_label("日本語").check()
    expect(root.locator("button.tcg-hint")).to_have_text("ヒント", timeout=10_000)
    expect(root.locator("button.tcg-takeback")).to_have_text("自分の手を取り消す")
    expect(root.locator("button.tcg-new-game")).to_have_text("新しいゲーム")
    expect(root.locator(".tcg-board")).to_contain_text("手札")
    expect(root.locator(".tcg-graph svg")).to_contain_text("メイン")
    now = wait_settled(root, PERSONS)
    assert len(now["log"]) == len(start["log"]) and now["current"] == start["current"] == "0"
    assert now["log"] != start["log"], "the log lines were not re-rendered in Japanese"
    assert len(now["actions"]) == len(start["actions"])  # the same choices (cards and buttons), in Japanese
    assert [a["label"] for a in now["actions"]] != [a["label"] for a in start["actions"]]


_BUTTONS_JS = """
root => Array.from(root.querySelectorAll('button.tcg-action, button.tcg-hint, button.tcg-takeback')).map(b => ({
  cls: b.className, label: b.innerText.trim(), disabled: b.disabled, attached: b.isConnected}))
"""


def test_a_click_during_the_coachs_turn_is_never_applied_DQ_3_3(page: Page, voila_server: Server) -> None:
    """Issue 21 item 2: against the coach, the moment the person acts every choice is disabled until the
    next position is shown; clicks on the old buttons and on Hint during the coach's turn do nothing; the
    coach's moves appear one at a time (the status says it is thinking)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(voila_server.url(""))
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    wait_settled(root, PERSONS)
    if root.locator(".tcg-setup-box").is_hidden():
        root.locator("button.tcg-setup").click()
    import tcgteach

    root.locator(".tcg-game select").select_option(index=tcgteach.games().index("dragonquest"))
    root.locator(".tcg-seat-1 select").select_option(value="coach")
    start = click_and_settle(root, root.locator("button.tcg-new-game"), PERSONS, timeout=60)
    assert start["current"] == "0" and {a["title"] for a in start["actions"]} >= {"mulligan", "keep"}, start
    keep = root.locator("button.tcg-action", has_text=re.compile(r"^\s*Keep\s*$"))
    mulligan = root.locator("button.tcg-action", has_text=re.compile(r"^\s*Mulligan\s*$"))
    old = mulligan.element_handle()
    keep.click()
    # within a moment every old button is disabled or gone (never clickable on the next position)
    page.wait_for_function("b => !b.isConnected || b.disabled", arg=old, timeout=2_000, polling=20)
    thinking = False
    for _ in range(200):  # the coach's turn: try the old button and Hint while it moves
        old.evaluate("b => b.click()")  # a click on the old button (disabled or gone: nothing reaches the kernel)
        hint = root.locator("button.tcg-hint")
        status = root.locator(".tcg-status-line")
        thinking |= "thinking" in status.inner_text() or status.get_attribute("data-moving") == "1"
        if thinking and hint.is_enabled() and status.get_attribute("data-moving") == "0":
            break
        hint.evaluate("b => b.click()")
        page.wait_for_timeout(30)
    assert thinking, "the status never said that the coach was thinking or moving"
    end = wait_settled(root, PERSONS, timeout=60)
    page.screenshot(path=str(output_dir() / "safe-turn-after.png"))
    decisions = [x for x in end["log"] if x["rule"] == "DQ-3.3" and "P1 " in x["text"]]
    assert len(decisions) == 1, f"P1 decided the mulligan {len(decisions)} times: {end['log'][:12]}"
    assert "P1 keeps" in decisions[0]["text"], decisions  # the click on Mulligan meanwhile was not applied
    # a hint asked at the very moment the person's turn came back is fine, if it is for the position shown
    if end["hint"]:
        shown = root.locator(".tcg-hint-text [data-version]")
        expect(shown).to_have_count(1, timeout=20_000)
        version = root.locator(".tcg-flow-state").get_attribute("data-version")
        assert shown.get_attribute("data-version") == version, "a hint for a position the screen does not show"


def test_a_link_opens_the_voila_classroom_at_its_moment(page: Page, voila_server: Server) -> None:
    """Issue 27 item 5 on Voila (the template ``tcgteach classroom`` serves, with the links script): the page's
    fragment opens the classroom at a DARK MOON moment, Copy link gives this server's address with
    the moment, and a damaged link gets the notice on the start page."""
    from tcgteach.links import game_link

    expected = game_at("darkmoon", 40, seed=2)
    fragment = game_link(expected, seats=["person", "heuristic"])
    url = voila_server.url("")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=voila_server.base)
    page.goto(f"{url}#{fragment}")
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    check_opened_at(root, expected)
    check_copy_link(page, root, expected, url)
    page.goto("about:blank")  # a new load (a URL that differs in its fragment only would not reload the page)
    page.goto(f"{url}#{damaged_link(fragment)}")
    root = page.locator(".tcg-classroom")
    expect(root).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    check_link_refused(page, root)
    start = wait_settled(root, PERSONS)
    assert start["current"] == "0" and start["actions"] and selected_label(root, "tcg-game") == "DARK MOON"
    assert "Opened from a link" not in (start["message"] or "")
