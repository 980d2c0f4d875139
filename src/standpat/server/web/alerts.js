// His turn, told the same way at every table: the tab's title ("▶ Your turn") and, if he ticked
// Sound (remembered), a short tone when the turn comes.
import { t } from "./i18n.js";
import { el } from "./main.js";

export class TurnAlert {
  constructor() {
    this.sound = el("input", { type: "checkbox", "data-key": "sound" });
    this.sound.checked = localStorage.getItem("standpat.sound") === "1";
    this.sound.addEventListener("change", () => {
      localStorage.setItem("standpat.sound", this.sound.checked ? "1" : "0");
      this.sound.blur(); // the shortcut keys go on working after ticking it
    });
    this.toggle = el("label", { class: "tool sound" }, this.sound, el("span", { text: t("tw.sound") }));
    this.key = null;
    this.audio = null;
  }

  /** The turn is his (`mine`) or not; `key` names the turn, so a new one rings once. Returns
   * whether this is a new turn of his. `quiet`: no tone (a pre-action will answer it). */
  update(mine, key, quiet = false) {
    document.title = mine ? `\u25B6 ${t("tw.yourTurn")} · standpat` : "standpat";
    const fresh = mine && key !== this.key;
    if (fresh && this.sound.checked && !quiet) this.beep();
    this.key = mine ? key : null;
    return fresh;
  }

  close() {
    document.title = "standpat";
  }

  beep() {
    try {
      const Audio = window.AudioContext || window.webkitAudioContext;
      this.audio = this.audio || new Audio();
      const tone = this.audio.createOscillator();
      const gain = this.audio.createGain();
      tone.frequency.value = 660;
      gain.gain.value = 0.08;
      tone.connect(gain).connect(this.audio.destination);
      tone.start();
      tone.stop(this.audio.currentTime + 0.15);
    } catch (e) { /* no sound on this browser */ }
  }
}
