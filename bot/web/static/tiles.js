/* Guobiao tile picker: tiles drawn with CSS (rank above suit), melds, concealed kongs,
   the winning tile and the win words. State is plain data the composer sends as `tiles`. */
"use strict";
const Tiles = (() => {
  const { t, el } = Tally;
  const SUITS = ["m", "p", "s"];
  const NUM = "一二三四五六七八九";
  /* the tiles as each language writes them: 简体 万 条 东 发; 繁體 萬 條 東 發; Japanese
     萬子 索子 (萬, 索) and 東 發 — never a Simplified-only character in a Japanese page */
  function glyphs() {
    const lang = Tally.S.lang, hant = lang === "zh_Hant", ja = lang === "ja";
    return {
      m: hant || ja ? "萬" : "万", p: "筒", s: ja ? "索" : hant ? "條" : "条",
      z: hant || ja ? ["東", "南", "西", "北", "白", "發", "中"] : ["东", "南", "西", "北", "白", "发", "中"],
    };
  }
  const ALL = [];
  SUITS.forEach((s) => { for (let n = 1; n <= 9; n++) ALL.push(n + s); });
  for (let n = 1; n <= 7; n++) ALL.push(n + "z");
  const order = (a, b) => ALL.indexOf(a) - ALL.indexOf(b);

  function tileEl(code, attrs) {
    const g = glyphs(), n = +code[0], s = code[1];
    const kids = s === "z" ? [el("span", { class: "r" }, g.z[n - 1])]
      : [el("span", { class: "r" }, s === "m" ? NUM[n - 1] : String(n)), el("span", { class: "s" }, g[s])];
    return el("button", Object.assign({ class: `tile ${s} ${s}${n}`, "data-tile": code, type: "button", title: code }, attrs || {}), kids);
  }

  function fresh() { return { melds: [], hand: [], win: null, mode: "hand", claimed: "left", words: {} }; }

  function used(st) {
    const c = {};
    const add = (x) => { c[x] = (c[x] || 0) + 1; };
    st.melds.forEach((m) => m.tiles.forEach(add)); st.hand.forEach(add); if (st.win) add(st.win);
    return c;
  }
  function concealedRoom(st) { return 13 - 3 * st.melds.length - st.hand.length; }

  function meldTiles(mode, code) {
    const n = +code[0], s = code[1];
    if (mode === "chow") return s !== "z" && n <= 7 ? [code, n + 1 + s, n + 2 + s] : null;
    if (mode === "pung") return [code, code, code];
    return [code, code, code, code];
  }

  function canTap(st, code, counts) {
    const left = 4 - (counts[code] || 0);
    if (st.mode === "hand") return left >= 1 && concealedRoom(st) > 0;
    if (st.mode === "win") return left >= 1 || st.win === code;
    if (st.melds.length >= 4 || concealedRoom(st) < 3) return false;
    const m = meldTiles(st.mode, code);
    if (!m) return false;
    const need = {};
    m.forEach((x) => { need[x] = (need[x] || 0) + 1; });
    return Object.keys(need).every((x) => 4 - (counts[x] || 0) >= need[x]);
  }

  function tap(st, code) {
    if (st.mode === "hand") { st.hand.push(code); st.hand.sort(order); return; }
    if (st.mode === "win") { st.win = st.win === code ? null : code; return; }
    const concealed = st.mode === "ckong";
    const kind = st.mode === "chow" ? "chow" : st.mode === "pung" ? "pung" : "kong";
    const m = { kind, tiles: meldTiles(st.mode, code), concealed };
    if (!concealed) m.claimed_from = kind === "chow" ? "left" : st.claimed;
    st.melds.push(m);
  }

  /* the contract's notation: runs of one suit share the letter ("123m456p1z") */
  function notation(codes) {
    let out = "", run = "", suit = null;
    codes.forEach((c) => {
      if (c[1] !== suit && run) { out += run + suit; run = ""; }
      suit = c[1]; run += c[0];
    });
    return run ? out + run + suit : out;
  }

  function toJson(st) {
    const out = {
      melds: st.melds.map((m) => Object.assign({ kind: m.kind, tiles: notation(m.tiles), concealed: m.concealed },
        m.concealed ? {} : { claimed_from: m.claimed_from })),
      hand: notation(st.hand),
      last_tile_of_kind: !!st.words.last_tile_of_kind,
      last_wall_tile: !!st.words.last_wall_tile,
      kong_related: !!st.words.kong_related,
    };
    if (st.win) out.win_tile = st.win;
    return out;
  }

  /* Draw the picker for state `st` (for one win); `changed()` is called after every tap. */
  function render(st, selfDrawn, changed) {
    const counts = used(st);
    const modes = [["hand", t("tiles_concealed")], ["chow", t("chow")], ["pung", t("pung")], ["kong", t("kong")], ["ckong", t("concealed_kong")], ["win", t("winning_tile")]];
    const modeChips = el("div", { class: "chips", id: "tile-modes" }, modes.map(([m, label]) =>
      el("button", { class: "chip" + (st.mode === m ? " on" : ""), "data-mode": m, type: "button", onclick: () => { st.mode = m; changed(false); } }, label)));
    const claimed = ["pung", "kong"].includes(st.mode) ? el("div", { class: "chips" },
      el("span", { class: "label" }, t("claimed_from")),
      ["left", "across", "right"].map((c) => el("button", { class: "chip" + (st.claimed === c ? " on" : ""), "data-claimed": c, type: "button", onclick: () => { st.claimed = c; changed(false); } }, t("from_" + c)))) : null;
    const palette = el("div", { class: "palette", id: "palette" }, ALL.map((code) =>
      tileEl(code, { disabled: !canTap(st, code, counts), onclick: () => { tap(st, code); changed(true); } })));
    const melds = el("div", { id: "melds" }, st.melds.map((m, i) =>
      el("span", { class: "meld" + (m.concealed ? " concealed" : ""), title: t("tap_remove") },
        m.tiles.map((x) => tileEl(x, { onclick: () => { st.melds.splice(i, 1); changed(true); } })),
        m.concealed ? null : el("span", { class: "small" }, t("from_" + m.claimed_from)))));
    const hand = el("div", { id: "concealed" }, st.hand.map((x, i) =>
      tileEl(x, { onclick: () => { st.hand.splice(i, 1); changed(true); } })),
      st.win ? el("span", null, " + ", tileEl(st.win, { class: "tile win " + st.win[1], onclick: () => { st.win = null; changed(true); } })) : null);
    const room = concealedRoom(st);
    const words = el("div", { class: "chips", id: "words" },
      [["last_tile_of_kind", t("word_last_tile")], ["last_wall_tile", selfDrawn ? t("word_last_wall_self") : t("word_last_wall_discard")],
       ["kong_related", selfDrawn ? t("word_kong_self") : t("word_kong_discard")]].map(([k, label]) =>
        el("button", { class: "chip" + (st.words[k] ? " on" : ""), "data-word": k, type: "button", onclick: () => { st.words[k] = !st.words[k]; changed(true); } }, label)));
    return el("div", { class: "tiles" },
      el("div", { class: "label" }, t("melds")), melds,
      el("div", { class: "label" }, t("tiles_concealed") + " · " + t("tiles_left", { n: room })), hand,
      modeChips, claimed, palette, el("div", { class: "label" }, t("win_words")), words);
  }
  return { fresh, render, toJson, tileEl };
})();
