// The playground's page: four phones in one group chat (and a private chat each) talking to
// the real bot through the playground's JSON API (bot/playground/run.py). Plain JS, no build.
"use strict";
(function () {
  const ALLOWED = new Set(["B", "STRONG", "I", "EM", "U", "INS", "S", "STRIKE", "DEL", "CODE",
    "PRE", "A", "SPAN", "BLOCKQUOTE", "TG-SPOILER", "TG-EMOJI"]);
  let T = {};
  const LANGS = ["en", "zh", "zh_Hant"];
  // the browser's language: zh-TW, zh-HK, zh-MO and zh-Hant-* read Traditional, other zh Simplified
  function browserLang() {
    const n = (navigator.language || "en").toLowerCase();
    if (!n.startsWith("zh")) return "en";
    return /^zh-(hant|tw|hk|mo)/.test(n) ? "zh_Hant" : "zh";
  }
  let lang = localStorage.getItem("playground-lang");
  if (!LANGS.includes(lang)) lang = browserLang();
  let state = null;
  let version = -1;
  let chats = {};
  const phones = [];

  function t(key) { return T[key] || key; }

  async function api(path, body) {
    const opts = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    const r = await fetch("/play/api/" + path, opts);
    const out = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(out.error || String(r.status));
    return out;
  }

  // the bot's HTML (Telegram's subset) as DOM: other tags become their text, no attributes but
  // a link's http(s) href
  function sanitize(html) {
    const tpl = document.createElement("template");
    tpl.innerHTML = html;
    const clean = (node) => {
      for (const child of Array.from(node.childNodes)) {
        if (child.nodeType === Node.ELEMENT_NODE) {
          if (!ALLOWED.has(child.tagName)) {
            child.replaceWith(document.createTextNode(child.textContent || ""));
            continue;
          }
          const href = child.tagName === "A" ? child.getAttribute("href") : null;
          for (const a of Array.from(child.attributes)) child.removeAttribute(a.name);
          if (href && /^https?:/i.test(href)) { child.setAttribute("href", href); child.setAttribute("target", "_blank"); child.setAttribute("rel", "noopener"); }
          clean(child);
        } else if (child.nodeType !== Node.TEXT_NODE) {
          child.remove();
        }
      }
    };
    clean(tpl.content);
    return tpl.content;
  }

  function miniappTarget(url, phone) {
    // the group's direct link t.me/<bot>/<short>?startapp=X, or a web_app button's URL
    const uid = phone.user.id;
    const u = new URL(url, location.href);
    if (u.hostname === "t.me" && state.miniapp) {
      const parts = u.pathname.split("/").filter(Boolean);
      if (parts.length === 2 && parts[0] === state.bot.username) {
        const start = u.searchParams.get("startapp") || "";
        return "/play/app/?" + new URLSearchParams({ as: uid, start }).toString();
      }
    }
    if (state.miniapp && url.startsWith(state.miniapp_url + "/app/")) {
      const rest = new URL(url);
      const q = new URLSearchParams(rest.search);
      q.set("as", uid);
      return "/play" + rest.pathname + "?" + q.toString();
    }
    return null;
  }

  function openLink(url, phone) {
    const app = miniappTarget(url, phone);
    if (app) return phone.openMiniApp(app);
    const u = new URL(url, location.href);
    if (u.hostname === "t.me" && u.pathname.replace(/\//g, "") === state.bot.username) {
      const start = u.searchParams.get("start"); // a deep link: /start X in the private chat
      phone.show("private");
      phone.sendText(start ? "/start " + start : "/start");
      return;
    }
    phone.toast(t("opened_link") + ": " + url);
  }

  class Phone {
    constructor(user, idx) {
      this.user = user;
      this.idx = idx;
      this.view = "group";
      this.replyTo = null;
      this.rendered = { group: new Map(), private: new Map() };
      this.seen = { group: 0, private: 0 };
      const el = document.getElementById("phone-tpl").content.firstElementChild.cloneNode(true);
      this.el = el;
      el.dataset.user = user.name;
      el.dataset.idx = String(idx);
      this.nameInput = el.querySelector(".name");
      this.nameInput.value = user.name;
      this.nameInput.onchange = () => this.rename();
      this.chatEl = el.querySelector(".chat");
      this.groupList = document.createElement("div");
      this.groupList.className = "list list-group";
      this.privateList = document.createElement("div");
      this.privateList.className = "list list-private";
      this.privateList.hidden = true;
      this.chatEl.append(this.groupList, this.privateList);
      this.stick = true; // follow new messages while the chat is scrolled to the end
      this.chatEl.addEventListener("scroll", () => {
        this.stick = this.chatEl.scrollHeight - this.chatEl.scrollTop - this.chatEl.clientHeight < 40;
      });
      el.querySelector(".tab-group").onclick = () => this.show("group");
      el.querySelector(".tab-private").onclick = () => this.show("private");
      const form = el.querySelector(".composer");
      this.input = el.querySelector(".text");
      form.onsubmit = (e) => {
        e.preventDefault();
        const text = this.input.value.trim();
        if (!text) return;
        this.input.value = "";
        this.el.querySelector(".cmdlist").hidden = true;
        this.sendText(text);
      };
      el.querySelector(".cmds").onclick = () => this.toggleCommands();
      el.querySelector(".unreply").onclick = () => this.setReply(null);
      el.querySelector(".ok").onclick = () => { el.querySelector(".dialog").hidden = true; };
      el.querySelector(".mclose").onclick = () => this.closeMiniApp();
      this.labels();
    }

    labels() {
      const el = this.el;
      this.setTab("group", (state && state.group.title) || t("group"));
      this.setTab("private", t("private"));
      el.querySelector(".send").textContent = t("send");
      this.input.placeholder = t("placeholder");
      this.nameInput.title = t("rename");
      el.querySelector(".ok").textContent = t("ok");
      el.querySelector(".mclose").textContent = t("close");
      el.querySelector(".mtitle").textContent = t("miniapp");
      el.querySelector(".cmds").title = t("commands");
    }

    setTab(view, label) {
      const tab = this.el.querySelector(".tab-" + view);
      const unread = this.unread ? this.unread[view] || 0 : 0;
      tab.textContent = label;
      if (unread && this.view !== view) {
        const b = document.createElement("span");
        b.className = "badge";
        b.textContent = String(unread);
        tab.append(b);
      }
    }

    chatId(view) { return view === "private" ? this.user.id : state.group.id; }

    show(view) {
      this.view = view;
      this.el.querySelector(".tab-group").classList.toggle("on", view === "group");
      this.el.querySelector(".tab-private").classList.toggle("on", view === "private");
      this.groupList.hidden = view !== "group";
      this.privateList.hidden = view !== "private";
      this.unread = Object.assign(this.unread || {}, { [view]: 0 });
      this.setReply(null);
      this.labels();
      this.chatEl.scrollTop = this.chatEl.scrollHeight;
    }

    async rename() {
      const name = this.nameInput.value.trim();
      if (!name) { this.nameInput.value = this.user.name; return; }
      const out = await api("name", { user: this.user.id, name });
      this.user.name = out.name;
      this.el.dataset.user = out.name;
    }

    async sendText(text) {
      const body = { user: this.user.id, chat: this.chatId(this.view), text };
      if (this.replyTo !== null) body.reply_to = this.replyTo;
      this.setReply(null);
      try { await api("send", body); } catch (e) { this.toast(String(e.message || e)); }
    }

    async tap(btn, msg, view, button) {
      // waiting for the bot's answer: the message's buttons are disabled, the tapped one spins
      const kb = button.closest(".kb");
      const keys = kb ? Array.from(kb.querySelectorAll("button")) : [button];
      for (const k of keys) k.disabled = true;
      button.classList.add("waiting");
      if (kb) kb.setAttribute("aria-busy", "true");
      try {
        const out = await api("tap", { user: this.user.id, chat: this.chatId(view), message: msg.id, data: btn.data });
        const a = out.answer || {};
        if (a.url) openLink(a.url, this);
        if (a.text && a.show_alert) this.alert(a.text);
        else if (a.text) this.toast(a.text);
      } catch (e) {
        this.toast(String(e.message || e));
      } finally {
        for (const k of keys) k.disabled = false;
        button.classList.remove("waiting");
        if (kb) kb.removeAttribute("aria-busy");
      }
    }

    toast(text) {
      const el = this.el.querySelector(".toast");
      el.textContent = text;
      el.hidden = false;
      clearTimeout(this.toastTimer);
      this.toastTimer = setTimeout(() => { el.hidden = true; }, 2500);
    }

    alert(text) {
      const d = this.el.querySelector(".dialog");
      d.querySelector("p").textContent = text;
      d.hidden = false;
    }

    setReply(msg) {
      this.replyTo = msg ? msg.id : null;
      const bar = this.el.querySelector(".replying");
      bar.hidden = !msg;
      if (msg) {
        bar.querySelector("span").textContent = t("replying") + ": " + (msg.text || msg.caption || "").split("\n")[0].slice(0, 60);
        this.input.focus();
      }
    }

    toggleCommands() {
      const list = this.el.querySelector(".cmdlist");
      if (!list.hidden) { list.hidden = true; return; }
      const menus = (state.commands || {})[this.view] || {};
      const mine = menus[lang] && menus[lang].length ? menus[lang] : menus[lang === "zh_Hant" ? "zh" : "en"];
      const cmds = (mine && mine.length ? mine : menus.en) || [];
      list.replaceChildren(...cmds.map((c) => {
        const row = document.createElement("div");
        const b = document.createElement("b");
        b.textContent = "/" + c.command;
        row.append(b, document.createTextNode(c.description));
        row.onclick = () => { this.input.value = "/" + c.command + " "; list.hidden = true; this.input.focus(); };
        return row;
      }));
      list.hidden = false;
    }

    openMiniApp(src) {
      const box = this.el.querySelector(".miniapp");
      box.querySelector("iframe").src = src;
      box.hidden = false;
    }

    closeMiniApp() {
      const box = this.el.querySelector(".miniapp");
      box.hidden = true;
      box.querySelector("iframe").src = "about:blank";
    }

    messageNode(msg, view) {
      const wrap = document.createElement("div");
      wrap.className = "item";
      const m = document.createElement("div");
      m.className = "msg" + (msg.from.id === this.user.id ? " mine" : "") + (msg.from.bot ? " bot" : "");
      m.dataset.id = String(msg.id);
      if (msg.from.id !== this.user.id) {
        const who = document.createElement("div");
        who.className = "who";
        who.textContent = msg.from.name;
        m.append(who);
      }
      if (msg.reply_to !== undefined) {
        const src = (chats[String(this.chatId(view))] || []).find((x) => x.id === msg.reply_to);
        if (src) {
          const q = document.createElement("div");
          q.className = "quote";
          q.textContent = (src.text || src.caption || "").split("\n")[0].slice(0, 60);
          m.append(q);
        }
      }
      if (msg.photo) {
        const img = document.createElement("img");
        img.src = msg.photo;
        img.alt = msg.caption || "photo";
        img.onload = () => { if (this.stick) this.chatEl.scrollTop = this.chatEl.scrollHeight; };
        m.append(img);
      }
      if (msg.document) {
        const a = document.createElement("a");
        a.className = "doc";
        a.href = msg.document.url;
        a.download = msg.document.name;
        a.textContent = "📄 " + msg.document.name + " (" + Math.max(1, Math.round(msg.document.size / 1024)) + " KB) — " + t("download");
        m.append(a);
      }
      const body = document.createElement("div");
      body.className = "body";
      if (msg.html !== undefined) body.append(sanitize(msg.html));
      else body.textContent = msg.text !== undefined ? msg.text : msg.caption || "";
      if (body.textContent) m.append(body);
      const meta = document.createElement("div");
      meta.className = "meta";
      if (msg.edited) meta.append(document.createTextNode(t("edited") + " "));
      const d = new Date((msg.date || 0) * 1000);
      meta.append(document.createTextNode(d.toTimeString().slice(0, 5)));
      if (msg.from.bot && msg.text !== undefined) {
        const r = document.createElement("button");
        r.type = "button";
        r.className = "reply";
        r.title = t("reply");
        r.textContent = "↩";
        r.onclick = () => this.setReply(msg);
        meta.append(document.createTextNode(" "), r);
      }
      m.append(meta);
      wrap.append(m);
      if (msg.buttons) {
        const kb = document.createElement("div");
        kb.className = "kb";
        for (const row of msg.buttons) {
          const r = document.createElement("div");
          r.className = "row";
          for (const btn of row) {
            const b = document.createElement("button");
            b.type = "button";
            b.textContent = btn.text;
            if (btn.data !== undefined) b.onclick = () => this.tap(btn, msg, view, b);
            else if (btn.web_app || btn.url) { b.classList.add("link"); b.onclick = () => openLink(btn.web_app || btn.url, this); }
            r.append(b);
          }
          kb.append(r);
        }
        wrap.append(kb);
      }
      return wrap;
    }

    render(view, messages) {
      const list = view === "group" ? this.groupList : this.privateList;
      const done = this.rendered[view];
      this.atBottom = this.chatEl.scrollHeight - this.chatEl.scrollTop - this.chatEl.clientHeight < 40;
      const keep = new Set();
      let prev = null;
      let fresh = 0;
      for (const msg of messages) {
        const sig = JSON.stringify(msg) + lang;
        keep.add(msg.id);
        let entry = done.get(msg.id);
        if (!entry || entry.sig !== sig) {
          const node = this.messageNode(msg, view);
          if (entry) entry.node.replaceWith(node);
          else { fresh += msg.from.id === this.user.id ? 0 : 1; }
          entry = { sig, node };
          done.set(msg.id, entry);
        }
        if (entry.node.parentNode !== list || (prev ? prev.nextSibling !== entry.node : list.firstChild !== entry.node)) {
          if (prev) prev.after(entry.node); else list.prepend(entry.node);
        }
        prev = entry.node;
      }
      for (const [id, entry] of done) if (!keep.has(id)) { entry.node.remove(); done.delete(id); }
      if (fresh && view !== this.view) {
        this.unread = this.unread || {};
        this.unread[view] = (this.unread[view] || 0) + fresh;
        this.labels();
      }
      if (this.atBottom && view === this.view) this.chatEl.scrollTop = this.chatEl.scrollHeight;
      if (view === this.view) this.stick = this.atBottom;
    }
  }

  async function loadLang(l) {
    lang = l;
    localStorage.setItem("playground-lang", l);
    T = await (await fetch("/play/static/i18n/" + l + ".json")).json();
    document.documentElement.lang = { zh: "zh-Hans", zh_Hant: "zh-Hant" }[l] || "en";
    document.title = t("title");
    document.getElementById("title").textContent = t("title");
    document.getElementById("subtitle").textContent = t("subtitle");
    for (const code of LANGS) document.getElementById("lang-" + code).classList.toggle("on", l === code);
    for (const p of phones) { p.labels(); p.rendered = { group: new Map(), private: new Map() }; p.groupList.replaceChildren(); p.privateList.replaceChildren(); }
    renderAll();
    api("lang", { lang: l }).catch(() => {});
  }

  function renderAll() {
    for (const p of phones) {
      p.render("group", chats[String(state.group.id)] || []);
      p.render("private", chats[String(p.user.id)] || []);
    }
  }

  async function poll() {
    for (;;) {
      try {
        const r = await fetch("/play/api/messages?since=" + version);
        if (!r.ok) throw new Error(String(r.status));
        const out = await r.json();
        if (out.version !== version) {
          version = out.version;
          chats = out.chats;
          if (!state.commands || !state.commands.group || !state.commands.group.en.length) {
            state = await api("state");
          }
          renderAll();
        }
        document.body.classList.remove("offline");
      } catch (e) {
        document.body.classList.add("offline");
        document.getElementById("subtitle").textContent = t("offline");
        await new Promise((res) => setTimeout(res, 2000));
        document.getElementById("subtitle").textContent = t("subtitle");
      }
    }
  }

  async function start() {
    state = await api("state");
    const main = document.getElementById("phones");
    state.users.forEach((u, i) => { const p = new Phone(u, i); phones.push(p); main.append(p.el); });
    for (const code of LANGS) document.getElementById("lang-" + code).onclick = () => loadLang(code);
    window.addEventListener("message", (e) => {
      if (e.origin !== location.origin || !e.data || e.data.playground !== "close") return;
      for (const p of phones) if (p.el.querySelector("iframe").contentWindow === e.source) p.closeMiniApp();
    });
    await loadLang(lang);
    poll();
  }

  window.Playground = { phones: () => phones, version: () => version };
  start();
})();
