/* The scoreboard: seats, winds, dealer and streak, totals, hands with explanations, trend, nights.
   It polls the cheap version endpoint every second and reloads when the table changed. */
"use strict";
const Board = (() => {
  const { api, t, el, signed, cls } = Tally;
  let version = null, busy = false;
  // the images' colours (bot/render/draw.py SERIES, Okabe-Ito): a seat has one colour everywhere
  const COLORS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#5a5a5a", "#f0e442"];

  async function load() {
    try {
      const b = await api("board");
      version = b.version;
      await Tally.setLang(b.lang);
      render(b);
    } catch (e) { Tally.status(e.message === "unauthorized" ? t("unauthorized") : e.message, true); }
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

  function trendSvg(b) {
    if (!b.trend.length) return el("p", { class: "meta", text: t("no_hands") });
    const W = 320, H = 170, P = 24;
    const ids = b.seats.map((s) => s.id);
    const pts = [{ seq: 0, totals: {} }].concat(b.trend);
    let lo = 0, hi = 0;
    pts.forEach((p) => ids.forEach((id) => { const v = p.totals[id] || 0; lo = Math.min(lo, v); hi = Math.max(hi, v); }));
    if (hi === lo) hi = lo + 1;
    const x = (i) => P + (i * (W - 2 * P)) / Math.max(1, pts.length - 1);
    const y = (v) => H - P - ((v - lo) * (H - 2 * P)) / (hi - lo);
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`); svg.setAttribute("class", "trend");
    const zero = document.createElementNS(ns, "line");
    Object.entries({ x1: P, x2: W - P, y1: y(0), y2: y(0), stroke: "currentColor", "stroke-opacity": ".25" }).forEach(([k, v]) => zero.setAttribute(k, v));
    svg.append(zero);
    ids.forEach((id, k) => {
      const line = document.createElementNS(ns, "polyline");
      line.setAttribute("points", pts.map((p, i) => `${x(i)},${y(p.totals[id] || 0)}`).join(" "));
      line.setAttribute("fill", "none"); line.setAttribute("stroke", COLORS[k % COLORS.length]); line.setAttribute("stroke-width", "2.5");
      svg.append(line);
    });
    [[hi, P], [lo, H - P]].forEach(([v, yy]) => {
      const tx = document.createElementNS(ns, "text");
      tx.setAttribute("x", 2); tx.setAttribute("y", yy + 4); tx.setAttribute("font-size", "10"); tx.setAttribute("fill", "currentColor");
      tx.textContent = String(v); svg.append(tx);
    });
    const legend = el("div", { class: "legend" }, b.seats.map((s, k) => el("span", { style: `color:${COLORS[k % COLORS.length]}` }, "● " + s.name)));
    return el("div", null, svg, legend);
  }

  function render(b) {
    const root = document.getElementById("view-board");
    const tb = b.table;
    document.getElementById("title").textContent = tb.name;
    const head = el("p", { class: "meta" },
      t("night_line", { night: tb.night, next: tb.next_hand, count: tb.hands_tonight }),
      tb.stake ? " · " + t("stake", { stake: tb.stake, unit: tb.unit }) : "");
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
            el("div", { class: "meta" }, Object.entries(h.net).map(([n, v]) => `${n} ${signed(v)}`).join(" · "))),
          el("div", { class: "meta" }, t("dealer_is", { name: h.dealer }) + " · " + t("night_n", { n: h.night })),
          el("ul", { class: "steps" }, h.payments.map((p) => el("li", null, `${p.from} → ${p.to}: ${p.amount} ${h.unit}`)),
            h.steps.map((s) => el("li", null, s)))))
        : el("p", { class: "meta", text: t("no_hands") }));
    const nights = el("div", { class: "card", id: "nights" }, b.nights.slice().reverse().map((n) =>
      el("div", { class: "hand" },
        el("b", null, t("night_n", { n: n.night }) + (n.current ? " · " + t("tonight") : "")),
        el("div", { class: "meta" }, n.net.length ? n.net.map((x) => `${x.name} ${signed(x.points)}` + (x.money ? ` (${x.money})` : "")).join(" · ") : t("no_hands")),
        n.transfers.length ? el("div", { class: "meta" }, n.transfers.map((x) => `${x.from} → ${x.to} ${x.amount}`).join(" · ")) : null)));
    root.replaceChildren(head, seats, el("h2", null, t("trend")), trendSvg(b),
      el("h2", null, t("hands")), hands, el("h2", null, t("nights")), nights);
    document.getElementById("tab-compose").hidden = !b.can_write || tb.status !== "playing";
  }
  return { load, poll, get version() { return version; } };
})();
