// Runs before Python: paints texts in the chosen language, shows start-up
// progress, and turns any failure to start into a message with a retry.
// Python (spielstube.ui.app) takes over once ready and reads the same table.

import { registerServiceWorker } from "./offline.js";

const LANGS = ["de", "en"];

function chooseLanguage() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(fromUrl)) return fromUrl;
  try {
    const saved = localStorage.getItem("spielstube.lang");
    if (LANGS.includes(saved)) return saved;
  } catch (e) { /* storage may be blocked; fall back to the browser */ }
  const nav = (navigator.languages || [navigator.language || "en"]).map((l) => String(l).slice(0, 2));
  return nav.find((l) => LANGS.includes(l)) || "en";
}

function applyTexts(table, lang) {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-i18n]")) {
    const entry = table[el.dataset.i18n];
    if (entry && entry[lang]) el.textContent = entry[lang];
  }
  for (const el of document.querySelectorAll("[data-i18n-title]")) {
    const entry = table[el.dataset.i18nTitle];
    if (entry && entry[lang]) el.title = entry[lang];
  }
}

const lang = chooseLanguage();
// One translation table for the page and for Python; Python awaits this promise.
window.spielstubeTexts = fetch(new URL("./i18n.json", import.meta.url))
  .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`i18n.json: HTTP ${r.status}`))));
// The intents the host answered from inside a computer's think or an analysis, by name
// (ui/frame/host_link.py), and how it reads them then (hostSlicing: jspi, channel, none);
// workerSteps: when the host's worker finished each start-up step (host-worker.js).
window.spielstubeBoot = { lang, startedAt: performance.now(), answeredDuringThink: [], answeredDuringAnalysis: [],
                          hostSlicing: "", workerSteps: {} };

window.spielstubeTexts.then((table) => applyTexts(table, window.spielstubeBoot.lang)).catch(() => {});

// DE · EN before Python has taken over (it installs window.spielstube, then switches itself).
document.querySelector("[data-action='language']").addEventListener("click", () => {
  if (window.spielstube) return;
  const next = window.spielstubeBoot.lang === "de" ? "en" : "de";
  window.spielstubeBoot.lang = next;
  try { localStorage.setItem("spielstube.lang", next); } catch (e) { /* blocked storage */ }
  window.spielstubeTexts.then((table) => applyTexts(table, next)).catch(() => {});
});
// A game's address shows that game's place while Python starts, not the landing page.
if (location.hash.length > 1) document.getElementById("landing").hidden = true;

// The page's one wait indicator (#boot-status): what it waits for and a bar that moves
// with real work only: PAGE_DONE once the page's Python runs, then the host's worker up to
// HOST_DONE (the bytes of its files as they arrive, then its start-up steps: its own
// progress messages, see host-worker.js), 100 when the game's first view is drawn. Python
// (ui/frame/wait.py) shows it again with another text while a dead host is restarted.
const PAGE_DONE = 8;
const HOST_DONE = 92;
const boot = window.spielstubeBoot;
boot.progress = 0;
function showProgress(value) {
  boot.progress = value;
  const bar = document.getElementById("boot-progress");
  if (!bar) return;
  bar.setAttribute("aria-valuenow", String(Math.round(value)));
  document.getElementById("boot-bar").style.width = `${value}%`;
}
boot.advance = (value) => {
  if (value > boot.progress) showProgress(Math.min(100, value));
};
boot.pageStarted = () => boot.advance(PAGE_DONE);
boot.hostProgress = (fraction) => boot.advance(PAGE_DONE + (HOST_DONE - PAGE_DONE) * Math.min(1, fraction));
boot.restartProgress = () => showProgress(0);  // another worker starts: its bar from the start
// A step of the host's worker, done at `at` ms since the epoch: kept on the page's clock.
boot.workerStep = (name, at) => { boot.workerSteps[name] = at - performance.timeOrigin; };
showProgress(2);  // the page has painted; its Python is on the way

function showBootError(message) {
  if (document.body.dataset.appState === "ready") return;
  document.body.dataset.appState = "error";
  document.getElementById("boot-status").hidden = true;
  const box = document.getElementById("boot-error");
  box.hidden = false;
  document.getElementById("boot-error-detail").textContent = message || "";
}
window.spielstubeBootError = showBootError;

addEventListener("error", (event) => {
  if (document.body.dataset.appState === "loading") showBootError(event.message);
});
addEventListener("unhandledrejection", (event) => {
  if (document.body.dataset.appState === "loading") {
    showBootError(String(event.reason && event.reason.message || event.reason));
  }
});
document.getElementById("boot-retry").addEventListener("click", () => location.reload());

// "Start without the saved game": every game's save is set aside (kept under a
// <key>.corrupt key, as ui/frame/saves.py does, so nothing is lost), then a fresh start.
const SAVE_KEY = /^spielstube\.(?:play\.)?(?:heptalion|topologic|schlangennest)(\.view)?$/;
function setAside(key, text) {
  for (let n = 1; n <= 20; n += 1) {
    const aside = `${key}.corrupt${n === 1 ? "" : `.${n}`}`;
    const held = localStorage.getItem(aside);
    if (held === null || held === text) {
      localStorage.setItem(aside, text);
      return true;
    }
  }
  return false;
}
function startWithoutSaves() {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) {
      const match = SAVE_KEY.exec(key);
      if (!match) continue;
      // A kept view is only a picture of the save: dropped. A save only once it is set aside.
      if (match[1] || setAside(key, localStorage.getItem(key))) localStorage.removeItem(key);
    }
  } catch (e) { /* storage blocked or full: nothing could be moved, nothing is lost */ }
  location.reload();
}
document.getElementById("boot-fresh").addEventListener("click", startWithoutSaves);

// A start that never finishes is a failure too (a stalled download, say).
const BOOT_TIMEOUT_MS = 90000;
setTimeout(() => {
  if (document.body.dataset.appState === "loading") {
    showBootError("timeout");
  }
}, BOOT_TIMEOUT_MS);

// Offline after the first visit, and new versions offered (static/offline.js).
registerServiceWorker();
