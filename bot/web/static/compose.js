/* The hand composer: every field of a hand on one screen, generated from the ruleset's
   declarations the API sends (no per-ruleset code here); the server says which choices are
   valid now and computes the preview with the scoring core after every change. */
"use strict";
const Compose = (() => {
  const { api, t, el, signed, cls } = Tally;
  let D = null, form = null, valid = [], result = null, timer = null, seq = 0, sending = false;
  /* touched: the user has changed something (before that no problem is shown as an error);
     minus: the counts whose row is in − mode (a tap on a player counts down) */
  let touched = false, minus = new Set();

  /* how a win's fans are given, as the ruleset's win inputs allow: the tiles, the checklist
     (`fans`, a list of fan ids, one per copy) or a total (`fan`) */
  function inputs() { return ["tiles", "fans", "fan"].filter((m) => D.win_inputs.includes(m)); }
  function newWin() { return { winner: null, from: null, robbed_kong: false, shape: null, flags: [], fan: null, fans: [], input: D.keypad ? "fan" : inputs()[0] || null, tiles: Tiles.fresh() }; }

  async function open(ruleset) {
    const root = document.getElementById("view-compose");
    root.replaceChildren(el("p", { class: "meta", text: "…" }));
    try {
      D = Tally.S.calc ? await api("calc", ruleset ? { ruleset } : {}) : await api("compose");
      await Tally.setLang(D.lang);
      Tally.setTerms(D.ruleset.terms);
    } catch (e) {
      root.replaceChildren(el("p", { class: "status err", id: "compose-refused" }, e.message));
      return;
    }
    document.getElementById("title").textContent = D.ruleset.name;
    form = { result: D.results[0].id, wins: [newWin()], counts: {}, events: [] };
    result = null; valid = []; touched = false; minus = new Set();
    draw(); refresh();
  }

  function payload() {
    const wins = D.wins_in.includes(form.result) ? form.wins.map((w) => {
      const out = { winner: w.winner, from: w.from, robbed_kong: w.robbed_kong, shape: w.shape, flags: w.flags };
      if (w.input === "tiles") out.tiles = Tiles.toJson(w.tiles);
      else if (w.input === "fans") out.fans = w.fans;
      else if (w.input === "fan") out.fan = w.fan;
      return out;
    }) : [];
    const counts = {};
    offered(D.counts).forEach((c) => { if (form.counts[c.id]) counts[c.id] = form.counts[c.id]; });
    const events = form.events.filter((e) => offered(D.events).some((d) => d.id === e.type));
    return { result: form.result, wins, counts, events };
  }

  function offered(items) { return items.filter((x) => !x.results || !x.results.length || x.results.includes(form.result)); }

  function refresh() {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const mine = ++seq, asked = touched;
      try {
        const r = D.calc ? await api("calc_preview", { ruleset: D.ruleset.id, form: payload() })
          : await api("preview", { entry: D.entry, form: payload() });
        if (mine !== seq) return;
        valid = r.valid; result = Object.assign(r, { asked });
        // a count the rules force (a Sichuan kong's 根): the form takes it, as the chat does
        if (r.forced_counts) Object.assign(form.counts, r.forced_counts);
      } catch (e) { result = { problem: e.message, asked }; }
      draw();
    }, 120);
  }

  function changed(preview) { touched = true; draw(); if (preview !== false) refresh(); }

  function chip(label, on, attrs, onclick, disabled) {
    return el("button", Object.assign({ class: "chip" + (on ? " on" : ""), type: "button", onclick, disabled: !!disabled }, attrs), label);
  }

  function playerName(id) { const p = D.players.find((x) => x.id === id) || D.bystanders.find((x) => x.id === id); return p ? p.name : id; }

  function winCard(w, i) {
    const v = valid[i] || { shapes: D.shapes.map((s) => s.id), flags: D.flags.map((f) => f.id) };
    /* the ways of winning the table plays, [how, from] (the server's bot.entry.allowed.hows: the
       chat's grid offers the same); "discard+<flag>" is a win on from's kong, the flag ticked */
    const cells = v.hows || null;
    const plays = (h, src) => !cells || cells.some((c) => c[1] === src && c[0] === h);
    const cellFlag = (src) => { const c = cells && cells.find((x) => x[1] === src && x[0].startsWith("discard+")); return c ? c[0].split("+")[1] : null; };
    const card = el("div", { class: "card win", "data-win": i });
    card.append(el("div", { class: "label" }, t("winner")),
      el("div", { class: "chips", id: `winners-${i}` }, D.players.map((p) =>
        chip(`${p.wind} ${p.name}`, w.winner === p.id, { "data-winner": p.id }, () => { w.winner = p.id; if (w.from === p.id) w.from = null; changed(); }))));
    if (w.winner) {
      card.append(el("div", { class: "label" }, t("how")),
        el("div", { class: "chips", id: `from-${i}` },
          plays("self_drawn", null) ? chip(t("self_drawn"), w.from === null, { "data-from": "self" }, () => { w.from = null; w.robbed_kong = false; changed(); }) : null,
          D.players.filter((p) => p.id !== w.winner && (plays("discard", p.id) || cellFlag(p.id))).map((p) =>
            chip(t("discard_by", { name: p.name }), w.from === p.id, { "data-from": p.id }, () => {
              w.from = p.id; const f = plays("discard", p.id) ? null : cellFlag(p.id);
              if (f && !w.flags.includes(f)) w.flags = w.flags.concat([f]);  /* a kong-replacement win (杠爆全包) */
              changed(); }))));
      if (w.from !== null && plays("robbed_kong", w.from)) card.append(el("div", { class: "chips" }, chip(t("robbed_kong"), w.robbed_kong, { "data-robbed": "1" }, () => { w.robbed_kong = !w.robbed_kong; changed(); })));
    }
    if (D.shapes.length && D.win_inputs.includes("shape")) {
      card.append(el("div", { class: "label" }, t("shape")), el("div", { class: "chips", id: `shapes-${i}` },
        D.shapes.filter((s) => v.shapes.includes(s.id) || w.shape === s.id).map((s) =>
          chip(s.name, w.shape === s.id, { "data-shape": s.id, title: s.value || "" }, () => { w.shape = w.shape === s.id ? null : s.id; changed(); }))));
    }
    const flags = D.flags.filter((f) => v.flags.includes(f.id) || w.flags.includes(f.id));
    if (flags.length) {
      card.append(el("div", { class: "label" }, t("specials")), el("div", { class: "chips", id: `flags-${i}` }, flags.map((f) =>
        chip(f.name, w.flags.includes(f.id), { "data-flag": f.id, title: f.value || "" }, () => {
          w.flags = w.flags.includes(f.id) ? w.flags.filter((x) => x !== f.id) : w.flags.concat([f.id]); changed(); }))));
    }
    const modes = D.keypad ? [] : inputs();  /* riichi: the han keypad below */
    const label = { tiles: t("by_tiles"), fans: D.fan_words ? D.fan_words.checklist : t("by_fans"), fan: t("by_total") };
    if (modes.length > 1) card.append(el("div", { class: "chips", id: `inputs-${i}` }, modes.map((m) =>
      chip(label[m], w.input === m, { "data-input": m }, () => { w.input = m; if (m === "fan" && w.fan === null) w.fan = 8; changed(); }))));
    if (w.input === "tiles") card.append(Tiles.render(w.tiles, w.from === null, changed));
    else if (w.input === "fans") card.append(checklist(w, i, v));
    else if (w.input === "fan" && D.keypad) { if (w.winner) card.append(hanPad(w, i, v)); }
    else if (w.input === "fan") card.append(el("div", { class: "row" }, el("span", { class: "label" }, t("fan_total")),
      stepper(w.fan || 0, 0, 9999, (n) => { w.fan = n; changed(); }, "fan")));
    if (D.multi_win !== "none" && form.wins.length > 1) card.append(chip("✕ " + t("remove"), false, {}, () => { form.wins.splice(i, 1); changed(); }));
    return card;
  }

  /* The fan checklist, grouped by points (biggest first): only the fans the server says can
     still go with the ticked ones (a ticked fan stays, to be unticked); a fan that may count
     more than once (`max_count`) is tapped again for each copy, then once more to clear it.
     The total is the server's, what the settlement pays for the ticked fans. */
  function checklist(w, i, v) {
    const ok = v.fans || null;
    const count = (id) => w.fans.filter((x) => x === id).length;
    const groups = new Map();
    D.fans.slice().sort((a, b) => b.points - a.points).forEach((f) => {
      if (ok && !ok.includes(f.id) && !count(f.id)) return;
      if (!groups.has(f.points)) groups.set(f.points, { label: f.group, fans: [] });
      groups.get(f.points).fans.push(f);
    });
    const tap = (f) => {
      const n = count(f.id);
      w.fans = n === 0 || n < f.max_count ? w.fans.concat([f.id]) : w.fans.filter((x) => x !== f.id);
      changed();
    };
    const total = v.fan_total === undefined ? 0 : v.fan_total;
    const again = D.fans.some((f) => f.max_count > 1) ? el("p", { class: "meta" }, t("fans_again")) : null;
    return el("div", { class: "checklist", id: `fans-${i}` },
      el("div", { class: "row total" }, el("span", { class: "label" }, (D.fan_words && D.fan_words.total) || t("fan_total")),
        el("b", { id: `fan-total-${i}`, "data-total": total }, String(total))),
      again,
      [...groups.values()].map((g) => el("div", { class: "group" }, el("div", { class: "label" }, g.label),
        el("div", { class: "chips" }, g.fans.map((f) => {
          const n = count(f.id);
          return chip(f.name + (n > 1 ? ` ×${n}` : ""), n > 0, { "data-fan": f.id, "data-copies": n, title: f.group }, () => tap(f));
        })))));
  }

  function stepper(n, lo, hi, set, name) {
    return el("span", { class: "stepper", "data-stepper": name },
      el("button", { type: "button", onclick: () => set(Math.max(lo, n - 1)), disabled: n <= lo }, "−"),
      el("b", null, String(n)),
      el("button", { type: "button", onclick: () => set(Math.min(hi, n + 1)), disabled: n >= hi }, "+"));
  }

  /* Riichi's han keypad (the server's D.keypad, the chat's han.N and fu.N steps): 1–13 han, the
     limits, yakuman ×k (counts.yakuman, fan null), and the fu the server says exist for the han
     and the way of winning (valid[i].fu: bot.entry.riichi.fu_values). */
  function hanPad(w, i, v) {
    const K = D.keypad, yk = (form.counts.yakuman || {})[w.winner] || 0, fu = (form.counts.fu || {})[w.winner] || 0;
    const put = (id, n) => { const per = Object.assign({}, form.counts[id] || {}); if (n) per[w.winner] = n; else delete per[w.winner]; form.counts[id] = per; };
    const han = (h) => { w.fan = h; put("yakuman", 0); if (h > 4) put("fu", 0); changed(); };
    const yak = (k) => { w.fan = null; put("yakuman", k); put("fu", 0); changed(); };
    return el("div", { class: "keypad", id: `han-${i}` }, el("div", { class: "label" }, K.han_label),
      el("div", { class: "chips" }, K.han.map((h) => chip(String(h), !yk && w.fan === h, { "data-han": h }, () => han(h)))),
      el("div", { class: "chips" }, K.limits.map((l) => chip(l.name, !yk && w.fan === l.han, { "data-limit": l.han }, () => han(l.han)))),
      el("div", { class: "chips" }, K.yakuman.map((y) => chip(y.name, yk === y.k, { "data-yakuman": y.k }, () => yak(y.k)))),
      v.fu && v.fu.length ? el("div", { class: "chips", id: `fu-${i}` }, v.fu.map((f) =>
        chip(K.fu.replace("{n}", f), fu === f, { "data-fu": f }, () => { put("fu", f); changed(); }))) : null);
  }

  /* Riichi's toggle rows (riichi; tenpai at a draw: the server's result.hand): a chip per player. */
  function declareCard() {
    const rows = D.keypad && result && result.hand ? D.keypad.declare.filter((d) => result.hand[d.id]) : [];
    if (!rows.length) return null;
    return el("div", { class: "card", id: "declare" }, rows.map((d) => el("div", { class: "count", "data-declare": d.id },
      el("div", { class: "label" }, d.name), el("div", { class: "chips" }, D.players.map((p) => {
        const on = form.events.some((e) => e.type === d.id && e.player === p.id);
        return chip(p.name, on, { "data-declare-player": p.id }, () => {
          form.events = on ? form.events.filter((e) => !(e.type === d.id && e.player === p.id)) : form.events.concat([{ type: d.id, player: p.id }]);
          changed(); });
      })))));
  }

  /* The counts, compact: one row per count with a cell per player; a tap on a cell counts that
     player up (to the count's maximum and the table's total), and the row's − switches its taps
     to counting down. */
  function countsCard() {
    const cs = offered(D.counts).filter((c) => !D.keypad || !D.keypad.hidden.includes(c.id));
    if (!cs.length) return null;
    return el("div", { class: "card", id: "counts" }, el("p", { class: "meta" }, t("count_hint")), cs.map((c) => {
      const per = form.counts[c.id] || {};
      const total = Object.values(per).reduce((a, b) => a + b, 0);
      const down = minus.has(c.id);
      const room = c.total_max === null ? Infinity : c.total_max - total;
      const set = (id, n) => { form.counts[c.id] = Object.assign({}, per, { [id]: n }); changed(); };
      const cells = D.players.map((p) => {
        const n = per[p.id] || 0;
        const can = down ? n > c.min : n < c.max && room > 0;
        return el("button", { type: "button", class: "cell" + (n ? " on" : ""), "data-count": c.id, "data-player": p.id, "data-n": n, disabled: !can,
          onclick: () => set(p.id, down ? n - 1 : n + 1) }, el("span", { class: "who" }, p.name), el("b", null, String(n)));
      });
      const toggle = el("button", { type: "button", class: "cell minus" + (down ? " on" : ""), "data-minus": c.id, "aria-pressed": down ? "true" : "false",
        title: t("count_down"), onclick: () => { if (down) minus.delete(c.id); else minus.add(c.id); draw(); } }, el("b", null, "−"));
      return el("div", { class: "count", "data-count-row": c.id }, el("div", { class: "label" }, c.name),
        el("div", { class: "cells" + (down ? " down" : ""), style: `grid-template-columns: repeat(${cells.length}, minmax(0, 1fr)) 44px` }, cells, toggle));
    }));
  }

  function eventsCard() {
    const es = offered(D.events).filter((d) => !D.keypad || !D.keypad.hidden.includes(d.id));
    if (!es.length) return null;
    const rows = form.events.map((e, i) => {
      const d = D.events.find((x) => x.id === e.type);
      if (!d || (D.keypad && D.keypad.hidden.includes(d.id))) return null;
      const row = el("div", { class: "hand", "data-event": i }, el("b", null, d.name + " "), el("span", { class: "meta" }, d.value || ""),
        el("div", { class: "chips" }, D.players.map((p) => chip(p.name, e.player === p.id, {}, () => { e.player = p.id; if (e.from === p.id) e.from = null; changed(); }))));
      if (d.from !== "forbidden") row.append(el("div", { class: "label" }, d.from_name || t("from")),
        el("div", { class: "chips" }, d.from === "optional" ? chip(t("nobody"), e.from === null, {}, () => { e.from = null; changed(); }) : null,
          D.players.filter((p) => p.id !== e.player).map((p) => chip(p.name, e.from === p.id, {}, () => { e.from = p.id; changed(); }))));
      d.fields.forEach((f) => {
        if (f.kind === "int") row.append(el("div", { class: "row" }, el("span", { class: "label" }, f.name),
          stepper(e[f.id] === undefined ? f.default : e[f.id], f.min, f.max, (n) => { e[f.id] = n; changed(); }, f.id)));
        else row.append(el("div", { class: "label" }, f.name), el("div", { class: "chips" },
          D.bystanders.map((b) => chip(b.name, e[f.id] === b.id, {}, () => { e[f.id] = b.id; changed(); }))));
      });
      row.append(chip("✕ " + t("remove"), false, {}, () => { form.events.splice(i, 1); changed(); }));
      return row;
    });
    return el("div", { class: "card", id: "events" }, el("div", { class: "label" }, t("events")), rows,
      el("div", { class: "chips" }, es.map((d) => chip("+ " + d.name, false, { "data-add-event": d.id }, () => {
        const ev = { type: d.id, player: null };
        if (d.from !== "forbidden") ev.from = null;
        d.fields.forEach((f) => { ev[f.id] = f.kind === "int" ? f.default : null; });
        form.events.push(ev); changed(); }))));
  }

  function previewCard() {
    const box = el("div", { class: "card preview", id: "preview" });
    if (!result) { box.append(el("p", { class: "meta", text: "…" })); return box; }
    if (result.problem && !result.asked) { box.append(el("p", { class: "meta", id: "preview-hint" }, t("preview_hint"))); return box; }
    if (result.problem) { box.classList.add("bad"); box.append(el("p", { class: "problem" }, result.problem)); return box; }
    const s = result.settlement;
    /* riichi: the honba and riichi sticks on the table, which this hand's payments include
       (the words of the table message: bot/riichi_view.py round_label) */
    const tc = result.table_counts || {};
    const onTable = [tc.honba ? t("honba_n", { n: tc.honba }) : null, tc.riichi_sticks ? t("sticks_n", { n: tc.riichi_sticks }) : null].filter(Boolean);
    box.append(el("b", null, s.headline),
      onTable.length ? el("div", { class: "meta", id: "table-counts" }, onTable.join(" · ")) : "",
      el("div", { class: "row", id: "nets" }, s.net.map((n) => el("span", { class: cls(n.amount) }, `${n.name} ${signed(n.amount)}` + (n.money ? ` (${n.money})` : "")))),
      el("ul", { class: "steps scroll" }, s.payments.map((p) => el("li", { class: "pay" }, `${p.from} → ${p.to}: ${p.amount} ${s.unit}` + (p.for ? ` · ${p.for}` : ""))), s.steps.map((x) => el("li", { class: "step" }, x))));
    return box;
  }

  function draw() {
    const root = document.getElementById("view-compose");
    const rulesets = D.calc ? el("div", { class: "chips", id: "rulesets" }, D.rulesets.map((r) =>
      chip(r.name, r.id === D.ruleset.id, { "data-ruleset": r.id }, () => open(r.id)))) : null;
    const head = D.calc ? el("p", { class: "meta" }, t("calc_note")) : el("p", { class: "meta" }, t("hand_n", { n: D.hand_no }) + " · " + t("dealer_is", { name: playerName(D.dealer) }) +
      (D.prevalent_wind ? " · " + t("prevalent", { wind: t("wind_" + D.prevalent_wind) }) : ""));
    const joined = D.joined ? el("p", { class: "status", id: "joined" }, t("joined", { name: D.joined })) : null;
    const results = D.results.length > 1 ? el("div", { class: "chips", id: "results" }, D.results.map((r) =>
      chip(r.name, form.result === r.id, { "data-result": r.id }, () => { form.result = r.id; changed(); }))) : null;
    const wins = D.wins_in.includes(form.result) ? form.wins.map(winCard) : [];
    const more = D.wins_in.includes(form.result) && D.multi_win !== "none" && form.wins.length < D.players.length - 1
      ? chip("+ " + t("another_winner"), false, { id: "add-win" }, () => { const w = newWin(); w.from = form.wins[0].from; form.wins.push(w); changed(); }) : null;
    const ok = result && result.settlement && !sending;
    const actions = D.calc ? el("div", { class: "actions" },
      el("button", { class: "secondary", id: "reset", type: "button", onclick: () => open(D.ruleset.id) }, t("reset"))) : el("div", { class: "actions" },
      el("button", { class: "secondary", id: "cancel", type: "button", onclick: cancel }, t("cancel")),
      el("button", { class: "primary", id: "confirm", type: "button", disabled: !ok, onclick: confirm }, t("confirm")));
    // the preview and the buttons stay pinned at the bottom of the screen (sticky), above the form
    const dock = el("div", { class: "dock", id: "dock" }, previewCard(), actions);
    root.replaceChildren(rulesets || "", head, joined || "", results || "", ...wins, more || "", countsCard() || "", declareCard() || "", eventsCard() || "", dock);
    // what scrolls into view (a focused button, a tapped field) stops above the dock
    document.documentElement.style.scrollPaddingBottom = dock.offsetHeight + 8 + "px";
  }

  async function send() {
    try {
      return await api("confirm", { entry: D.entry, form: payload() });
    } catch (e) {
      // the entry expired (30 min) or another phone cancelled it: open a new one, once
      if (e.code !== "expired" && e.code !== "closed" && e.code !== "no_entry") throw e;
      const n = await api("compose");
      if (n.hand_no !== D.hand_no || n.dealer !== D.dealer) throw new Error(t("table_moved"));
      D.entry = n.entry;
      return await api("confirm", { entry: D.entry, form: payload() });
    }
  }

  async function confirm() {
    if (sending) return;
    sending = true; draw();
    try {
      const r = await send();
      if (Tally.tg && Tally.tg.HapticFeedback) try { Tally.tg.HapticFeedback.notificationOccurred("success"); } catch (e) {}
      sending = false;
      Tally.show("board");
      Tally.status(r.message);
    } catch (e) {
      sending = false;
      Tally.status(e.message, true);
      draw();
    }
  }

  async function cancel() {
    try { await api("cancel", { entry: D.entry }); } catch (e) {}
    Tally.show("board");
  }
  return { open };
})();
