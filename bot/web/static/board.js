/* The scoreboard: seats, winds, dealer and streak, totals, hands with explanations, trend, nights.
   It polls the cheap version endpoint every second and reloads when the table changed. */
"use strict";
const Board = (() => {
  const { api, t, el, signed, cls } = Tally;
  let version = null, busy = false;
  // the images' colours (bot/render/draw SERIES, Okabe-Ito): a seat has one colour everywhere
  const COLORS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#5a5a5a", "#f0e442"];

  async function load() {
    try {
      const b = await api("board");
      version = b.version;
      await Tally.setLang(b.lang);
      render(b);
    } catch (e) { Tally.status(e.message, true); }
  }

  async function poll() {
    setInterval(async () => {
      if (busy || document.hidden) return;
      busy = true;
      try {
        const v = await api("version");
        if (v.version !== version) {
          version = v.version;
          if (Tally.S.view === "board") await load();
        }
      } catch (e) { /* next time */ } finally { busy = false; }
    }, 1000);
  }

  /* display cells of a text: a CJK character or an emoji is two, others one */
  function cells(text) { let n = 0; for (const ch of text) n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u.test(ch) ? 2 : 1; return n; }
  function shortName(name, budget) {
    if (cells(name) <= budget) return name;
    let out = "";
    for (const ch of name) { if (cells(out + ch) > budget - 1) break; out += ch; }
    return out + "…";
  }

  /* Lines that share a value at a point are drawn side by side (OFFSET px apart), so a line under
     another still shows; each line ends in a dot and a label (name and total) in its colour, the
     labels pushed apart so none covers another. */
  const OFFSET = 4, LABEL_GAP = 12;
  function spread(wanted, lo, hi) {
    const order = wanted.map((y, k) => [y, k]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const ys = order.map(([y]) => Math.min(hi, Math.max(lo, y)));
    for (let i = 1; i < ys.length; i++) ys[i] = Math.max(ys[i], ys[i - 1] + LABEL_GAP);
    if (ys.length && ys[ys.length - 1] > hi) {
      ys[ys.length - 1] = hi;
      for (let i = ys.length - 2; i >= 0; i--) ys[i] = Math.min(ys[i], ys[i + 1] - LABEL_GAP);
    }
    const out = [];
    order.forEach(([, k], i) => { out[k] = ys[i]; });
    return out;
  }

  function trendSvg(b) {
    if (!b.trend.length) return el("p", { class: "meta", text: t("no_hands") });
    const W = 340, H = 180, L = 28, R = 76, T = 12, B = 14;
    const ids = b.seats.map((s) => s.id);
    const pts = [{ seq: 0, totals: {} }].concat(b.trend);
    const val = (p, id) => p.totals[id] || 0;
    let lo = 0, hi = 0;
    pts.forEach((p) => ids.forEach((id) => { lo = Math.min(lo, val(p, id)); hi = Math.max(hi, val(p, id)); }));
    if (hi === lo) hi = lo + 1;
    const x = (i) => L + (i * (W - L - R)) / Math.max(1, pts.length - 1);
    const y = (v) => H - B - ((v - lo) * (H - T - B)) / (hi - lo);
    // per point, the lines sharing its value, side by side in seat order
    const off = pts.map((p) => {
      const o = {};
      const groups = new Map();
      ids.forEach((id) => { const v = val(p, id); if (!groups.has(v)) groups.set(v, []); groups.get(v).push(id); });
      groups.forEach((g) => g.forEach((id, j) => { o[id] = (j - (g.length - 1) / 2) * OFFSET; }));
      return o;
    });
    const ns = "http://www.w3.org/2000/svg";
    const node = (tag, attrs, text) => {
      const e = document.createElementNS(ns, tag);
      Object.entries(attrs).forEach(([k, v]) => e.setAttribute(k, v));
      if (text !== undefined) e.textContent = text;
      return e;
    };
    const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, class: "trend", role: "img", "aria-label": t("trend") });
    svg.append(node("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: "currentColor", "stroke-opacity": ".25" }));
    [[hi, T], [lo, H - B]].forEach(([v, yy]) => svg.append(node("text", { x: 2, y: yy + 4, "font-size": 10, fill: "currentColor" }, String(v))));
    const last = pts.length - 1;
    const ends = ids.map((id) => y(val(pts[last], id)) + off[last][id]);
    const labels = spread(ends, 10, H - 8);  // label centres: the text stays inside the chart
    ids.forEach((id, k) => {
      const colour = COLORS[k % COLORS.length];
      const seat = b.seats[k];
      svg.append(node("polyline", { points: pts.map((p, i) => `${x(i).toFixed(1)},${(y(val(p, id)) + off[i][id]).toFixed(1)}`).join(" "),
        fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-linejoin": "round", "data-player": id }));
      svg.append(node("circle", { cx: x(last), cy: ends[k], r: 3, fill: colour }));
      if (Math.abs(labels[k] - ends[k]) > 2) svg.append(node("line", { x1: x(last) + 3, y1: ends[k], x2: W - R + 6, y2: labels[k], stroke: colour, "stroke-width": 1 }));
      const total = val(pts[last], id);
      const num = signed(total);
      svg.append(node("text", { x: W - R + 8, y: labels[k] + 3.5, "font-size": 10, fill: colour, "font-weight": 600, class: "end", "data-player": id,
        "data-name": seat.name, "data-num": num }, shortName(seat.name, Math.max(3, 11 - num.length)) + " " + num));
    });
    svg.dataset.labelWidth = R - 10;
    const legend = el("div", { class: "legend" }, b.seats.map((s, k) => el("span", { style: `color:${COLORS[k % COLORS.length]}` }, "● " + s.name)));
    return el("div", null, svg, legend);
  }

  /* once drawn (the font known): an end label wider than its column loses name characters */
  function fitLabels(root) {
    root.querySelectorAll("svg.trend").forEach((svg) => {
      const room = +svg.dataset.labelWidth;
      svg.querySelectorAll("text.end").forEach((tx) => {
        for (let budget = cells(tx.dataset.name); budget > 1 && tx.getComputedTextLength() > room; budget--)
          tx.textContent = shortName(tx.dataset.name, budget) + " " + tx.dataset.num;
      });
    });
  }

  function render(b) {
    const root = document.getElementById("view-board");
    const tb = b.table;
    document.getElementById("title").textContent = tb.name;
    const head = el("p", { class: "meta" },
      t("night_line", { night: tb.night, next: tb.next_hand, count: tb.hands_tonight }),
      tb.stake ? " · " + t("stake", { stake: tb.stake, unit: tb.per_unit || tb.unit }) : "");
    const seats = el("div", { class: "seats", id: "seats" }, b.seats.map((s) =>
      el("div", { class: "seat", "data-player": s.id },
        el("div", null, el("span", { class: "wind" }, s.wind_name), s.name,
          s.dealer ? el("span", { class: "dealer" }, t("dealer") + (tb.streak ? " ×" + (tb.streak + 1) : "")) : null),
        el("div", { class: "total " + cls(s.total) }, signed(s.total), el("span", { class: "meta" }, " " + tb.unit)),
        s.money ? el("div", { class: "meta money" }, s.money) : null)));
    const hands = el("div", { class: "card", id: "hands" },
      b.hands.length ? b.hands.map((h, i) =>
        el("details", { class: "hand" + (h.status === "voided" ? " voided" : ""), "data-seq": h.seq, open: i === 0 },
          el("summary", null, el("b", null, t("hand_n", { n: h.number }) + (h.superseded ? " ✏️ " + t("corrected") : "") + " "), h.headline,
            el("div", { class: "meta" }, Object.entries(h.net).map(([n, v]) => `${n} ${signed(v)}` + (h.money && h.money[n] ? ` (${h.money[n]})` : "")).join(" · "))),
          el("div", { class: "meta" }, t("dealer_is", { name: h.dealer }) + " · " + t("night_n", { n: h.night })),
          el("ul", { class: "steps" }, h.payments.map((p) => el("li", { class: "pay" }, `${p.from} → ${p.to}: ${p.amount} ${h.unit}` + (p.for ? ` · ${p.for}` : ""))),
            h.steps.map((s) => el("li", null, s)))))
        : el("p", { class: "meta", text: t("no_hands") }));
    const nights = el("div", { class: "card", id: "nights" }, b.nights.slice().reverse().map((n) =>
      el("div", { class: "hand" },
        el("b", null, t("night_n", { n: n.night }) + (n.current ? " · " + t("tonight") : "")),
        el("div", { class: "meta" }, n.net.length ? n.net.map((x) => `${x.name} ${signed(x.points)}` + (x.money ? ` (${x.money})` : "")).join(" · ") : t("no_hands")),
        n.transfers.length ? el("div", { class: "meta" }, n.transfers.map((x) => `${x.from} → ${x.to} ${x.amount}`).join(" · ")) : null)));
    root.replaceChildren(head, seats, el("h2", null, t("trend")), trendSvg(b),
      el("h2", null, t("hands")), hands, el("h2", null, t("nights")), nights);
    fitLabels(root);
    document.documentElement.style.scrollPaddingBottom = "";  // no dock on the scoreboard
    document.getElementById("tab-compose").hidden = !b.can_write || tb.status !== "playing";
  }
  return { load, poll, get version() { return version; } };
})();
