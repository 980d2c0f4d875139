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

const PLURAL_KEY = {
  A: "aces", K: "kings", Q: "queens", J: "jacks", T: "tens", 9: "nines", 8: "eights", 7: "sevens",
  6: "sixes", 5: "fives", 4: "fours", 3: "threes", 2: "twos",
};

/** A rank's name ("ace", "as") from its character ("A"). */
export function rankName(rank) {
  return t(`rank.${RANK_KEY[rank]}`);
}

/**
 * A hand's name in full from the server's value ({category, best, key, ranks}): "Three of a
 * kind, aces", "Nine-eight low", "Flush, ace-king high", "8-5-3-A badugi", "Three-card
 * 7-4-2", or their Spanish (`{cards}` in a name is the ranks that play, as "8-5-3-A").
 * `ranking` is kept for values without `key` (then the category alone names it).
 */
export function handName(value, ranking) {
  if (!value) return "";
  const key = value.key || (ranking === "deuce-to-seven" && value.category === "high-card" ? "low" : value.category);
  const ranks = value.ranks || [];
  if (!value.key || (key !== "royal-flush" && !ranks.length)) return t(`hand.${value.category}`);
  const params = { cards: ranks.join("-") };
  ranks.forEach((r, i) => {
    params[`r${i + 1}`] = rankName(r);
    params[`p${i + 1}`] = t(`tw.plural.${PLURAL_KEY[r]}`);
  });
  const text = t(`tw.name.${key}`, params);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
