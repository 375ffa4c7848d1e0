"""English and Japanese sentences for DARK MOON events and actions (the project's own words)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.events import Event
from ...texts import outcome_text
from ..rules import actions as A
from ..rules.cards import CHARACTER_JA
from ..rules.ids import Ev, Op
from .cardtext import effect_does, marked, plural

if TYPE_CHECKING:
    from ..rules.state import DarkMoonState

OPS: dict[str, tuple[str, str]] = {
    Op.DRAW: ("draw cards", "カードを引く"),
    Op.EACH_DRAW: ("every player draws, in seat order", "全員が席順にカードを引く"),
    Op.DRAW_IF_FIELD_HAS: ("draw if a named character is on the field", "指定のキャラクターが場にいれば引く"),
    Op.SEARCH: ("search the deck", "デッキから探す"),
    Op.PEEK: ("look at the top card", "デッキの一番上を見る"),
    Op.RETURN_OPPONENT: (
        "you may return an opponent's character to its owner's hand",
        "相手のキャラクターを持ち主の手札に戻してよい",
    ),
    Op.PLACE_FROM_HAND: (
        "you may put a named character from hand onto the field",
        "名前指定のキャラクターを手札から場に出してよい",
    ),
    Op.RECYCLE: (
        "you may put a card from hand at the bottom of the deck, then draw 1",
        "手札1枚をデッキの一番下に置いてよい。そのあと1枚引く",
    ),
}

#: the deal of another player's hand as a player's view shows it (the cards are hidden: ``cards`` is None)
DRAW_HAND_HIDDEN = "draw_hand_hidden"

EVENTS: dict[str, tuple[str, str]] = {
    Ev.SETUP: ("{n} players, 0 points each.", "{n}人でゲーム開始。全員0点から。"),
    Ev.SHUFFLE: ("Every deck is shuffled.", "各自のデッキをシャッフルする。"),
    Ev.FIRST_PLAYER: ("{P} goes first ({how}).", "{P}が先攻（{how}）。"),
    Ev.DRAW_HAND: ("{P} draws 5 cards: {cards}.", "{P}がカードを5枚引く：{cards}。"),
    DRAW_HAND_HIDDEN: ("{P} draws 5 cards.", "{P}がカードを5枚引く。"),
    Ev.TURN_START: ("Turn {turn}: {P}'s turn{final}.", "ターン{turn}：{P}のターン{final}。"),
    Ev.PLAY: ("{P} plays {card} (action {action}).", "{P}が{card}を出す（{action}回目の行動）。"),
    Ev.EFFECT: ("Effect of {card}: {op}.", "{card}の効果：{op}。"),
    Ev.EFFECT_SKIPPED: ("{card}: the deck is empty, nothing to do.", "{card}：デッキが空なので何もしない。"),
    Ev.NO_TARGET: ("{card}: no card to choose{then}.", "{card}：選べるカードがない{then}。"),
    Ev.DRAW: ("{P} draws {card}.", "{P}が{card}を引く。"),
    Ev.SEARCH: (
        "{P} searches the deck for {name}: {found}; the deck is shuffled.",
        "{P}がデッキから{name}を探す：{found}。デッキをシャッフルする。",
    ),
    Ev.PEEK: ("{P} looks at the top card: {card}.", "{P}がデッキの一番上を見る：{card}。"),
    Ev.PEEK_DONE: ("{P} leaves it on the {to}.", "{P}はそのカードを{to}に置く。"),
    Ev.DECLINED: ("{P} chooses nothing.", "{P}は何も選ばない。"),
    Ev.RETURNED: ("{card} returns to {Q}'s hand.", "{card}が{Q}の手札に戻る。"),
    Ev.PLACED: (
        "{P} puts {card} onto the field from hand (no effect, no reveal).",
        "{P}が手札から{card}を場に出す（効果も公開もなし）。",
    ),
    Ev.RECYCLED: ("{P} puts {card} at the bottom of the deck.", "{P}が{card}をデッキの一番下に置く。"),
    Ev.DECK_EMPTY: ("{P}'s deck is empty: the {what} is skipped.", "{P}のデッキが空なので、{what}は行わない。"),
    Ev.REVEAL: ("Reveal: {card} {how}.", "公開：{card}{how}。"),
    Ev.UNIT_STARTED: ("{P} starts a unit in slot {slot}.", "{P}がユニット置き場{slot}にユニットを作り始める。"),
    Ev.PICK: ("{P} picks {card}.", "{P}が{card}を選ぶ。"),
    Ev.UNIT_CANCELLED: (
        "{P} cancels the unit; the cards stay on the field.",
        "{P}がユニットを作るのをやめる。カードは場に残る。",
    ),
    Ev.UNIT_CREATED: (
        "{P} creates unit {slot} from {count_cards} (action {action}).",
        "{P}がカード{count}枚でユニット{slot}を作る（{action}回目の行動）。",
    ),
    Ev.END_MAIN: ("{P} ends the main phase after {used_actions}.", "{P}が行動{used}回でメインフェイズを終える。"),
    Ev.END_ARMED: (
        "{P} has filled all three unit slots: the end is armed; every other player takes one more turn.",
        "{P}がユニット置き場を3つとも埋め、終了条件を満たした。ほかの全員があと1ターンずつ行う。",
    ),
    Ev.END_ALREADY_ARMED: (
        "{P} also has three units, but the end is already armed: nothing changes.",
        "{P}もユニット置き場を3つとも埋めたが、終了条件はもう満たされているので、何も変わらない。",
    ),
    Ev.FIRST_TURN_LIMIT: (
        "{P} has used the one action of the game's first turn.",
        "{P}は最初のターンの行動1回を使い終えた。",
    ),
    Ev.TURN_END: ("{P}'s turn ends.", "{P}のターン終了。"),
    Ev.GAME_OVER: ("Game over. {result}", "ゲーム終了。{result}"),
}


def player_name(p: int | None, lang: str) -> str:
    """The seat's name as the texts show it ("P1" ...), "—" for no player."""
    return "—" if p is None else f"P{p + 1}"


def card_name(state: DarkMoonState, card: int | None, lang: str) -> str:
    """The card instance's label in ``lang``, or "a card" for one the reader may not see."""
    if card is None or card < 0:
        return "a card" if lang == "en" else "カード1枚"
    return state.card(card).label(lang)


def _counts(d: dict[str, Any], fields: dict[str, Any]) -> None:
    """English counts agree with their noun (1 card, 2 cards); Japanese counters never change."""
    if isinstance(fields.get("count"), int):
        fields["count_cards"] = plural(fields["count"], "card")
    if "used" in d:
        fields["used_actions"] = plural(d["used"], "action")


def describe_event(state: DarkMoonState, ev: Event, lang: str = "en") -> str:
    """One sentence for an event, in ``lang``, with its rule ID."""
    en, ja = EVENTS.get(ev.kind, (ev.kind, ev.kind))
    d = ev.data
    if ev.kind == Ev.DRAW_HAND and d.get("cards", ()) is None:
        en, ja = EVENTS[DRAW_HAND_HIDDEN]
    ja_lang = lang == "ja"
    fields: dict[str, Any] = {"P": player_name(ev.player, lang), "n": d.get("players", "")}
    if "card" in d:
        fields["card"] = card_name(state, d["card"], lang)
    if "cards" in d:
        cards = d["cards"]
        fields["cards"] = (
            "—" if cards is None else ("、" if lang == "ja" else ", ").join(card_name(state, c, lang) for c in cards)
        )
        fields["count"] = len(cards) if cards is not None else "?"
    for key in ("turn", "action", "slot", "used"):
        if key in d:
            fields[key] = d[key]
    _counts(d, fields)
    extra = _EVENT_FIELDS.get(ev.kind)
    if extra is not None:
        extra(state, d, fields, lang, ja_lang)
    try:
        return (ja if ja_lang else en).format(**fields)
    except (KeyError, IndexError):
        return f"{ev.kind} {d}"


def _first_player_fields(
    state: DarkMoonState, d: dict[str, Any], fields: dict[str, Any], lang: str, ja_lang: bool
) -> None:
    fields["how"] = (
        {"given": "chosen", "random": "drawn at random"}
        if not ja_lang
        else {"given": "指定どおり", "random": "ランダムに決定"}
    )[d["chosen"]]


def _turn_start_fields(
    state: DarkMoonState, d: dict[str, Any], fields: dict[str, Any], lang: str, ja_lang: bool
) -> None:
    fields["final"] = (" (a final turn)" if not ja_lang else "（最終ターン）") if d.get("final") else ""


def _effect_fields(state: DarkMoonState, d: dict[str, Any], fields: dict[str, Any], lang: str, ja_lang: bool) -> None:
    op = OPS.get(d.get("op", ""), ("", ""))
    fields["op"] = op[1] if ja_lang else op[0]
    if d.get("op") == Op.DRAW_IF_FIELD_HAS:
        name = d["name"] if not ja_lang else CHARACTER_JA[d["name"]]
        met = d.get("met")
        # "another" only when the card itself is one (a character of that name), as its card text says
        src = state.card(d["card"]) if isinstance(d.get("card"), int) else None
        other = src is not None and src.is_character and src.character == d["name"]
        fields["op"] = (
            f"is {'another' if other else 'a'} {name} on your field? {'yes: draw' if met else 'no'}"
            if not ja_lang
            else f"自分の場に{'他の' if other else ''}{name}がいるか：{'いる。引く' if met else 'いない'}"
        )


def _search_fields(state: DarkMoonState, d: dict[str, Any], fields: dict[str, Any], lang: str, ja_lang: bool) -> None:
    name = d["name"]
    fields["name"] = CHARACTER_JA[name] if ja_lang else name
    where = {"hand": ("into the hand", "手札へ"), "field": ("onto the field", "場へ")}[d["to"]]
    fields["found"] = (
        ("not found" if not ja_lang else "見つからない")
        if d["card"] is None
        else (
            f"{card_name(state, d['card'], lang)}を{where[1]}"
            if ja_lang
            else f"{card_name(state, d['card'], lang)} {where[0]}"
        )
    )


def _no_target_fields(
    state: DarkMoonState, d: dict[str, Any], fields: dict[str, Any], lang: str, ja_lang: bool
) -> None:
    fields["then"] = (
        (", so only the draw happens" if not ja_lang else "ので、カードを引くだけ")
        if d.get("op") == Op.RECYCLE
        else (": the effect does nothing" if not ja_lang else "ので、効果は何もしない")
    )


def _returned_fields(state: DarkMoonState, d: dict[str, Any], fields: dict[str, Any], lang: str, ja_lang: bool) -> None:
    fields["Q"] = player_name(d["owner"], lang)


def _peek_done_fields(
    state: DarkMoonState, d: dict[str, Any], fields: dict[str, Any], lang: str, ja_lang: bool
) -> None:
    fields["to"] = {"top": ("top", "一番上"), "bottom": ("bottom", "一番下")}[d["to"]][1 if ja_lang else 0]


def _deck_empty_fields(
    state: DarkMoonState, d: dict[str, Any], fields: dict[str, Any], lang: str, ja_lang: bool
) -> None:
    fields["what"] = {"draw": ("draw", "ドロー"), "reveal": ("reveal", "公開")}[d["what"]][1 if ja_lang else 0]


def _reveal_fields(state: DarkMoonState, d: dict[str, Any], fields: dict[str, Any], lang: str, ja_lang: bool) -> None:
    if not d["character"]:
        how = ("is a special card: to the hand", "はスペシャルカードなので手札へ")
    elif d["match"]:
        how = (
            "matches a number on the field: onto the field, no effect",
            "は場のキャラクターとナンバーが一致：場へ（効果は発動しない）",
        )
    else:
        how = ("matches no number on the field: to the hand", "は場のどのナンバーとも一致しない：手札へ")
    fields["how"] = how[1] if ja_lang else how[0]


def _game_over_fields(
    state: DarkMoonState, d: dict[str, Any], fields: dict[str, Any], lang: str, ja_lang: bool
) -> None:
    out = state.result()
    fields["result"] = outcome_text(out, lang) if out is not None else ""


#: the fields each kind adds to its sentence (describe_event)
_EVENT_FIELDS: dict[str, Callable[..., None]] = {
    Ev.FIRST_PLAYER: _first_player_fields,
    Ev.TURN_START: _turn_start_fields,
    Ev.EFFECT: _effect_fields,
    Ev.SEARCH: _search_fields,
    Ev.NO_TARGET: _no_target_fields,
    Ev.RETURNED: _returned_fields,
    Ev.PEEK_DONE: _peek_done_fields,
    Ev.DECK_EMPTY: _deck_empty_fields,
    Ev.REVEAL: _reveal_fields,
    Ev.GAME_OVER: _game_over_fields,
}


def describe_action(state: DarkMoonState, action: Action, lang: str = "en") -> str:
    """What ``action`` does in ``state``, in one line of ``lang``, for choice buttons and the event log."""
    ja_lang = lang == "ja"
    if isinstance(action, A.Play):
        c = marked(state, action.card, lang)
        fx = effect_does(state.card(action.card), lang) if action.card >= 0 else ""
        if ja_lang:
            return f"{c}を出す" + (f"：{fx}" if fx else "")
        return f"Play {c}" + (f": {fx}" if fx else "")
    if isinstance(action, A.StartUnit):
        return (
            f"ユニット置き場{action.slot}にユニットを作り始める" if ja_lang else f"Start a unit in slot {action.slot}"
        )
    if isinstance(action, A.Pick):
        c = marked(state, action.card, lang)
        return f"{c}をユニットに入れる" if ja_lang else f"Put {c} in the unit"
    if isinstance(action, A.Choose):
        c = marked(state, action.card, lang)
        return f"{c}を選ぶ" if ja_lang else f"Choose {c}"
    fixed = {
        A.Finish: ("Finish the unit", "ユニットを完成させる"),
        A.Cancel: ("Cancel the unit", "ユニットを作るのをやめる"),
        A.EndMain: ("End the main phase", "メインフェイズを終える"),
        A.Decline: ("Choose nothing", "何も選ばない"),
        A.KeepTop: ("Keep it on top", "一番上に残す"),
        A.ToBottom: ("Put it at the bottom", "一番下に置く"),
    }
    en, ja = fixed.get(type(action), (str(action), str(action)))
    return ja if ja_lang else en
