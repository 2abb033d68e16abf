// The embed script a site loads with the snippet (one for every player, cached at the edge). It fills each
// widget element with its player: the markup from the player's config (a CORS request, so the platform sees the
// page's Origin and answers only allowed sites), an <audio> from the platform, and counts sent back: a play, and
// listening time in reports of at most LISTEN_REPORT_SECONDS. No cookies; the listening position is kept only in
// the page's own storage, for the player's sessionization minutes.
import { LISTEN_REPORT_SECONDS, WIDGET_ELEMENT_ID } from "~/audio-native/rules/audio-native";

export function embedScript(origin: string): string {
  return `(function () {
  "use strict";
  var ORIGIN = ${JSON.stringify(origin)};
  var REPORT = ${LISTEN_REPORT_SECONDS};
  function base(id) { return ORIGIN + "/audio-native/" + encodeURIComponent(id); }
  function clock(s) { s = Math.max(0, Math.floor(s || 0)); var r = s % 60; return Math.floor(s / 60) + ":" + (r < 10 ? "0" : "") + r; }
  function send(id, body) {
    try { fetch(base(id) + "/events", { method: "POST", mode: "cors", credentials: "omit", keepalive: true, headers: { "content-type": "text/plain" }, body: JSON.stringify(body) }); } catch (e) {}
  }
  function storage() { try { return window.localStorage; } catch (e) { return null; } }
  function mount(el) {
    if (el.getAttribute("data-parlance-mounted")) return;
    el.setAttribute("data-parlance-mounted", "1");
    var id = el.getAttribute("data-projectid");
    if (!id) return;
    fetch(base(id) + "/config", { mode: "cors", credentials: "omit" })
      .then(function (r) { return r.json().then(function (body) { if (!r.ok) throw new Error(body && body.message || "The player could not be loaded."); return body; }); })
      .then(function (cfg) {
        var root = el.attachShadow ? el.attachShadow({ mode: "open" }) : el;
        root.innerHTML = cfg.html;
        function part(name) { return root.querySelector('[data-part="' + name + '"]'); }
        var play = part("play"), fill = part("fill"), time = part("time"), bar = part("bar");
        if (!cfg.audio_url || !play) return;
        var key = "parlance-audionative:" + id + ":" + cfg.snapshot_id;
        var store = cfg.sessionization > 0 ? storage() : null;
        var src = ORIGIN + cfg.audio_url;
        if (store) {
          try {
            var saved = JSON.parse(store.getItem(key) || "null");
            if (saved && Date.now() - saved.at < cfg.sessionization * 60000 && saved.t > 0) src += "#t=" + saved.t.toFixed(1);
          } catch (e) {}
        }
        var audio = document.createElement("audio");
        audio.crossOrigin = "anonymous";
        audio.preload = "none";
        audio.src = src;
        root.appendChild(audio);
        var duration = cfg.duration_seconds || 0, started = false, pending = 0, last = null;
        function flush() { if (pending > 0.05) { send(id, { type: "listen", seconds: pending }); pending = 0; } }
        function show() {
          var d = isFinite(audio.duration) && audio.duration > 0 ? audio.duration : duration;
          fill.style.width = d ? Math.min(100, (audio.currentTime / d) * 100) + "%" : "0";
          time.textContent = clock(audio.currentTime) + " / " + clock(d);
          play.innerHTML = audio.paused ? "&#9654;" : "&#10074;&#10074;";
          play.setAttribute("aria-label", audio.paused ? "Play" : "Pause");
        }
        audio.addEventListener("timeupdate", function () {
          var t = audio.currentTime;
          if (last !== null && !audio.paused) { var step = t - last; if (step > 0 && step < 2) pending += step; }
          last = t;
          if (pending >= REPORT) flush();
          if (store) { try { store.setItem(key, JSON.stringify({ t: t, at: Date.now() })); } catch (e) {} }
          show();
        });
        audio.addEventListener("seeking", function () { last = null; });
        audio.addEventListener("play", show);
        audio.addEventListener("pause", function () { flush(); last = null; show(); });
        audio.addEventListener("ended", function () { flush(); if (store) { try { store.removeItem(key); } catch (e) {} } });
        document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") flush(); });
        play.addEventListener("click", function () {
          if (!audio.paused) { audio.pause(); return; }
          if (!started) { started = true; send(id, { type: "play" }); }
          audio.play();
        });
        bar.addEventListener("click", function (event) {
          var rect = bar.getBoundingClientRect();
          var d = isFinite(audio.duration) ? audio.duration : duration;
          if (d && rect.width) audio.currentTime = ((event.clientX - rect.left) / rect.width) * d;
        });
      })
      .catch(function (error) { if (window.console) console.warn("[Audio Native] " + error.message); });
  }
  function scan() {
    var all = document.querySelectorAll("#${WIDGET_ELEMENT_ID}, [data-audionative-player]");
    for (var i = 0; i < all.length; i++) mount(all[i]);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan); else scan();
})();
`;
}
