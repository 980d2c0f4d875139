// Message catalogues: every string the client shows comes from i18n/<lang>.json.
// The language follows the browser (navigator.languages) unless the player picked one.

export const LANGUAGES = ["en", "es"];
const catalogues = {};
let current = "en";

/** The language to start with: a stored choice, else the browser's first supported one. */
export function preferredLanguage() {
  const stored = localStorage.getItem("standpat.language");
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Load a catalogue (once) and make it current. */
export async function setLanguage(lang, remember = false) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  if (!catalogues[lang]) {
    const response = await fetch(`/static/i18n/${lang}.json`);
    catalogues[lang] = await response.json();
  }
  if (!catalogues.en) {
    const response = await fetch("/static/i18n/en.json");
    catalogues.en = await response.json();
  }
  current = lang;
  document.documentElement.lang = lang;
  if (remember) localStorage.setItem("standpat.language", lang);
  translatePage(document);
}

export function language() {
  return current;
}

/** The message `key` with `{name}` placeholders filled from `params`. */
export function t(key, params = {}) {
  let text = (catalogues[current] || {})[key];
  if (text === undefined) text = (catalogues.en || {})[key];
  if (text === undefined) {
    console.warn("missing message", key);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** Whether the current catalogue has `key`. */
export function has(key) {
  return key in (catalogues[current] || {}) || key in (catalogues.en || {});
}

/** Fill every [data-i18n] element's text and [data-i18n-label] element's aria-label. */
export function translatePage(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  }
}
