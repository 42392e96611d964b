/* The Mini App's shared code: Telegram's WebApp object, the API, the page's own strings. */
"use strict";
const Tally = (() => {
  const tg = window.Telegram && window.Telegram.WebApp;
  const params = new URLSearchParams(location.search);
  const S = { lang: "en", strings: {}, token: null, view: "board", calc: params.get("calc") === "1" };

  function token() {
    const unsafe = (tg && tg.initDataUnsafe) || {};
    return unsafe.start_param || params.get("t") || params.get("tgWebAppStartParam") || null;
  }

  /* a refusal without the server's sentence, in the page's words (never its code) */
  const REFUSED = { unauthorized: "unauthorized", bad_token: "no_table", no_table: "no_table" };

  async function api(name, body) {
    let r;
    try {
      r = await fetch("/app/api/" + name, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Telegram-Init-Data": (tg && tg.initData) || "" },
        body: JSON.stringify(Object.assign({ t: S.token }, body || {})),
      });
    } catch (e) {  // offline: the browser's own words would be English
      const err = new Error(t("offline")); err.status = 0; err.code = "offline"; throw err;
    }
    let data = {};
    try { data = await r.json(); } catch (e) { data = {}; }
    if (!r.ok) {
      const err = new Error(data.message || t(REFUSED[data.error] || "failed"));
      err.status = r.status; err.code = data.error; err.data = data; throw err;
    }
    return data;
  }

  async function setLang(lang) {
    if (!lang || (lang === S.lang && Object.keys(S.strings).length)) return;
    try {
      const r = await fetch("/app/static/i18n/" + encodeURIComponent(lang) + ".json");
      if (r.ok) { S.strings = await r.json(); S.lang = lang; }
    } catch (e) { /* English stays */ }
    document.documentElement.lang = lang === "zh_Hant" ? "zh-Hant" : lang === "zh_Hans" ? "zh-Hans" : lang === "ja" ? "ja" : "en";
    document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
    document.title = t("app_title");
    const h = document.getElementById("title");
    if (h && !h.textContent) h.textContent = t("app_title");
  }

  /* the page's language before the server says the chat's: the Telegram user's (zh-hant,
     zh-TW … as bot.i18n.normalize reads them), so that nothing shows in English meanwhile */
  function guessLang() {
    const u = ((tg && tg.initDataUnsafe) || {}).user || {};
    const code = String(u.language_code || navigator.language || "en").toLowerCase().replace("_", "-");
    if (code.startsWith("zh")) return /hant|tw|hk|mo/.test(code) ? "zh_Hant" : "zh_Hans";
    if (code.startsWith("ja")) return "ja";
    return "en";
  }

  // a ruleset's own verbs (bot/terms.py: Hong Kong 出銃, 食糊), put into a string before its
  // {placeholders} are filled, as the bot does for its messages
  let TERMS = [];
  function setTerms(list) { TERMS = list || []; }

  function t(key, vars) {
    let s = S.strings[key] || EN[key] || "";  // never the key: an id is no word
    for (const [a, b] of TERMS) s = s.split(a).join(b);
    for (const k in vars || {}) s = s.split("{" + k + "}").join(vars[k]);
    return s;
  }

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) {
      const v = attrs[k];
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k === "text") e.textContent = v;
      else if (k === "style") e.style.cssText = v; // CSSOM: allowed by the page's CSP (no inline style attributes)
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) e.append(kid.nodeType ? kid : document.createTextNode(String(kid)));
    return e;
  }

  function status(text, bad) {
    const s = document.getElementById("status");
    s.hidden = !text; s.textContent = text || ""; s.className = "status" + (bad ? " err" : "");
  }

  function signed(n) { return (n > 0 ? "+" : "") + n; }
  function cls(n) { return n > 0 ? "pos" : n < 0 ? "neg" : ""; }

  function show(view) {
    S.view = view;
    document.getElementById("view-board").hidden = view !== "board";
    document.getElementById("view-compose").hidden = view !== "compose";
    document.getElementById("tab-board").classList.toggle("on", view === "board");
    document.getElementById("tab-compose").classList.toggle("on", view === "compose");
    status("");
    if (view === "compose") Compose.open(); else Board.load();
  }

  async function boot() {
    if (tg) { try { tg.ready(); tg.expand(); } catch (e) {} }
    await Promise.all([englishReady, setLang(guessLang())]);
    S.token = token();
    document.getElementById("tab-board").onclick = () => show("board");
    document.getElementById("tab-compose").onclick = () => show("compose");
    if (S.calc) {  // the calculator of a private /calc: no table, nothing recorded
      document.querySelector("nav").hidden = true;
      show("compose");
      return;
    }
    if (!S.token) { status(t("no_table"), true); return; }
    const start = location.hash === "#compose" || location.pathname.endsWith("/compose") ? "compose" : "board";
    show(start);
    Board.poll();
  }

  const EN = {};  // filled from i18n/en.json before boot goes on (a key missing elsewhere)
  const englishReady = fetch("/app/static/i18n/en.json").then((r) => r.json()).then((j) => Object.assign(EN, j)).catch(() => {});
  return { S, tg, api, t, el, status, signed, cls, show, boot, setLang, setTerms };
})();
