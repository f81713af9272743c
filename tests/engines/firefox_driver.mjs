// Firefox over WebDriver BiDi for tests/engines/engines.py: puppeteer-core
// launches the system Firefox (no geckodriver, no browser download) and
// answers one JSON command per stdin line with one JSON line on stdout:
//   {"id", "cmd", "args"} -> {"id", "ok": true, "value"} | {"id", "ok": false, "error"}
// Every request the page or its workers make is seen by the BiDi network
// events; those that leave the page's origin are answered with an error and
// listed by the "foreign" command.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, origin] = process.argv.slice(2);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  extraPrefsFirefox: {
    // no update, telemetry or remote-settings traffic from the browser itself
    "app.update.enabled": false,
    "datareporting.policy.dataSubmissionEnabled": false,
    "toolkit.telemetry.enabled": false,
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
  },
});
const page = (await browser.pages())[0] || (await browser.newPage());
await page.setViewport({width: 1200, height: 900});
const foreign = [];
const seen = [];
const consoleErrors = [];
await page.setRequestInterception(true);
page.on("request", (request) => {
  const url = request.url();
  seen.push(url);
  if (url.startsWith(origin) || url.startsWith("data:") || url.startsWith("blob:")) {
    request.continue();
  } else {
    foreign.push(url);
    request.abort();
  }
});
page.on("console", (msg) => { if (msg.type() === "error") consoleErrors.push(msg.text()); });
page.on("pageerror", (err) => consoleErrors.push(`page error: ${err.message || err}`));

const commands = {
  async goto({url}) { await page.goto(url, {waitUntil: "domcontentloaded"}); },
  async reload() { await page.reload({waitUntil: "domcontentloaded"}); },
  async evaluate({expression}) { return await page.evaluate(expression); },
  async click({selector}) { await page.click(selector); },
  async foreign() { return foreign.slice(); },
  async requests() { return seen.slice(); },
  async console_errors() { return consoleErrors.slice(); },
  async version() { return await browser.version(); },
  async quit() { await browser.close(); setImmediate(() => process.exit(0)); },
};

const lines = readline.createInterface({input: process.stdin});
for await (const line of lines) {
  if (!line.trim()) continue;
  const {id, cmd, args} = JSON.parse(line);
  let reply;
  try {
    const value = await commands[cmd](args || {});
    reply = {id, ok: true, value: value === undefined ? null : value};
  } catch (err) {
    reply = {id, ok: false, error: String(err && err.stack || err)};
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
await browser.close();
