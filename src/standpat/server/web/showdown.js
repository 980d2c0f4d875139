// The showdown in words: who won each pot, with which hand, over the best hand shown against it.
import { t } from "./i18n.js";
import { handName } from "./cards.js";

/** Each pot's winners and amounts from the hand's `win` events (pot 0 is the main pot); from
 * the players' winnings when the events are not there. */
function potsWon(hand, events) {
  const pots = new Map();
  for (const e of events) {
    if (e.kind !== "win" || !(e.amount > 0)) continue;
    const pot = e.pot || 0;
    if (!pots.has(pot)) pots.set(pot, []);
    pots.get(pot).push({ seat: e.seat, chips: e.amount });
  }
  if (!pots.size) {
    const won = hand.players.filter((p) => p.won > 0).map((p) => ({ seat: p.seat, chips: p.won }));
    if (won.length) pots.set(0, won);
  }
  return [...pots.entries()].sort((a, b) => a[0] - b[0]);
}

/** The best of the hands shown by `seats` (by the server's strength: bigger wins). */
function best(seats, valueOf) {
  let top = null;
  for (const seat of seats) {
    const value = valueOf(seat);
    if (!value) continue;
    if (!top || (value.strength ?? -Infinity) > (top.value.strength ?? -Infinity)) top = { seat, value };
  }
  return top;
}

/** "ana", "ana and bob", "ana, bob and cy". */
function names(list) {
  if (list.length < 2) return list.join("");
  return t("tw.and", { first: list.slice(0, -1).join(", "), last: list[list.length - 1] });
}

/**
 * The result of a finished hand, one line a pot: "ana wins 12 with Three of a kind, aces, over
 * cy's Two pair, kings and queens" (the best hand shown against the winner's, not the first
 * seat's), "ana and bob split 20 with ...", and "Side pot 1: ..." when there are side pots.
 *
 * `nameOf(seat)` names a seat; `valueOf(seat)` is the value of the hand a seat showed (null
 * when it showed none); `events` is the hand's events (its `win` events name the pots).
 */
export function showdownLines(hand, events, nameOf, valueOf) {
  const won = potsWon(hand, events);
  const inHand = hand.players.filter((p) => !p.folded).map((p) => p.seat);
  return won.map(([pot, winners]) => {
    const seats = winners.map((w) => w.seat);
    const chips = winners.reduce((sum, w) => sum + w.chips, 0);
    const who = names(seats.map((s) => nameOf(s)));
    const mine = best(seats, valueOf);
    const eligible = (hand.pots && hand.pots[pot] && hand.pots[pot].seats) || inHand;
    const against = best(eligible.filter((s) => !seats.includes(s) && inHand.includes(s)), valueOf);
    const split = seats.length > 1 ? "Split" : "";
    let text;
    if (!mine) text = t(`tw.wins${split}`, { name: who, chips });
    else if (!against) {
      text = t(`tw.winsWith${split}`, { name: who, chips, hand: handName(mine.value, hand.ranking) });
    } else {
      text = t(`tw.winsOver${split}`, { name: who, chips, hand: handName(mine.value, hand.ranking),
        loser: nameOf(against.seat), other: handName(against.value, hand.ranking) });
    }
    if (won.length < 2 && pot === 0) return text;
    return pot === 0 ? t("tw.potMain", { text }) : t("tw.potSide", { number: pot, text });
  });
}
