// The page's side of sw.js: registers it once the page has loaded what it
// runs (so the precache takes every file from the HTTP cache, or the host's
// big files from the copies its worker kept, instead of downloading it again),
// and offers a new version when one has installed.

// English if the translation table (i18n/common.json) cannot be read.
const FALLBACK = { new_version_ready: "A new version is ready.", reload_new_version: "Reload" };

function text(table, key) {
  const lang = (window.spielstubeBoot && window.spielstubeBoot.lang) || "en";
  const entry = table && table[key];
  return (entry && entry[lang]) || FALLBACK[key];
}

// One notice with a reload button; the reload happens only once the new
// version has taken over, so the page never mixes two versions' files.
async function offerNewVersion(waiting) {
  if (document.querySelector("[data-new-version]")) return;
  let table = null;
  try { table = await window.spielstubeTexts; } catch (e) { /* built-in texts */ }
  const notice = document.createElement("div");
  notice.className = "new-version";
  notice.dataset.newVersion = "";
  notice.setAttribute("role", "status");
  const message = document.createElement("span");
  message.dataset.i18n = "new_version_ready";
  message.textContent = text(table, "new_version_ready");
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.action = "reload-new-version";
  button.dataset.i18n = "reload_new_version";
  button.textContent = text(table, "reload_new_version");
  button.addEventListener("click", () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    waiting.postMessage("skip-waiting");
  });
  notice.append(message, button);
  document.body.append(notice);
}

function watchForUpdates(registration) {
  const offerIfWaiting = () => {
    // Without a controller this is the first install, which takes over by itself.
    if (registration.waiting && navigator.serviceWorker.controller) offerNewVersion(registration.waiting);
  };
  offerIfWaiting();
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    if (installing) installing.addEventListener("statechange", offerIfWaiting);
  });
}

function whenStarted(callback) {
  // "ready" or "error": either way the page has stopped downloading its runtime.
  if (document.body.dataset.appState !== "loading") return callback();
  const observer = new MutationObserver(() => {
    if (document.body.dataset.appState !== "loading") {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-app-state"] });
}

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  whenStarted(() => {
    navigator.serviceWorker.register(new URL("../sw.js", import.meta.url), { scope: "./" })
      .then(watchForUpdates)
      .catch(() => { /* no offline copy (private mode, blocked storage); the page still plays */ });
  });
}
