// Cards on screen: faces, backs, their accessible names, and the names of poker hands.
import { t } from "./i18n.js";

const SUIT_SYMBOL = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const RANK_TEXT = { T: "10" };
const RANK_KEY = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
const SUIT_KEY = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };

/** "7 of clubs" / "7 de tréboles": a card's accessible name. */
export function cardName(code) {
  return t("card.name", { rank: t(`rank.${RANK_KEY[code[0]]}`), suit: t(`suit.${SUIT_KEY[code[1]]}`) });
}

/** A card's short visible text: "10♥". */
export function cardText(code) {
  return (RANK_TEXT[code[0]] || code[0]) + SUIT_SYMBOL[code[1]];
}

/** A face-up card element (a button when `clickable`). */
export function faceUp(code, { clickable = false, small = false } = {}) {
  const el = document.createElement(clickable ? "button" : "span");
  if (clickable) el.type = "button";
  el.className = `card face suit-${code[1]}${small ? " small" : ""}`;
  el.dataset.card = code;
  el.setAttribute("aria-label", cardName(code));
  if (!clickable) el.setAttribute("role", "img");
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = RANK_TEXT[code[0]] || code[0];
  const suit = document.createElement("span");
  suit.className = "suit";
  suit.textContent = SUIT_SYMBOL[code[1]];
  suit.setAttribute("aria-hidden", "true");
  rank.setAttribute("aria-hidden", "true");
  el.append(rank, suit);
  return el;
}

/** A face-down card. */
export function faceDown(small = true) {
  const el = document.createElement("span");
  el.className = `card back${small ? " small" : ""}`;
  el.setAttribute("aria-hidden", "true");
  return el;
}

/** A row of `count` face-down cards with one accessible label. */
export function backs(count) {
  const row = document.createElement("span");
  row.className = "cards";
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", t("seat.hiddenCards", { count }));
  for (let i = 0; i < count; i++) row.append(faceDown());
  return row;
}

/** A hand's name from the server's value ({category, best}) and the game's ranking. */
export function handName(value, ranking) {
  if (!value) return "";
  const ranks = value.best.map((c) => RANK_TEXT[c[0]] || c[0]);
  if (ranking === "deuce-to-seven" && value.category === "high-card") {
    return t("hand.low", { cards: ranks.join("-") });
  }
  if (value.category === "straight-flush" && value.best.some((c) => c[0] === "A")
      && value.best.some((c) => c[0] === "K")) {
    return t("hand.royal-flush");
  }
  return t(`hand.${value.category}`);
}
