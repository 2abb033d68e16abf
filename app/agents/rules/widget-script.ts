// The widget script a site loads with the snippet (the same for every agent and site, cached). It defines the
// <elevenlabs-convai agent-id> element: the element asks for its agent's widget configuration (a CORS request, so
// the platform answers only the agent's allowed sites), shows a call button, and on a click talks over the
// conversation WebSocket in the SDK's protocol: the microphone as 16 kHz PCM, the agent's audio played in order
// and dropped at an interruption, pings answered; the agent's avatar beside the button when it has one. No cookies are sent.
import { WIDGET_ELEMENT, WIDGET_TEXTS } from "./widget";

export function widgetScript(origin: string): string {
  const texts = { start: WIDGET_TEXTS.start, end: WIDGET_TEXTS.end, connecting: WIDGET_TEXTS.connecting, listening: WIDGET_TEXTS.listening, microphone: WIDGET_TEXTS.microphoneRefused, ended: WIDGET_TEXTS.ended };
  return `(function () {
  "use strict";
  if (!window.customElements || customElements.get(${JSON.stringify(WIDGET_ELEMENT)})) return;
  var ORIGIN = ${JSON.stringify(origin)};
  var TEXTS = ${JSON.stringify(texts)};
  var RATE = 16000;
  var STYLE = ":host{position:fixed;right:20px;bottom:20px;z-index:2147483000;font:14px/1.4 system-ui,sans-serif}" +
    ".box{display:flex;align-items:center;gap:10px;padding:8px 8px 8px 14px;border-radius:999px;background:#fff;color:#111;box-shadow:0 4px 24px rgba(0,0,0,.18)}" +
    "button{font:inherit;border:0;border-radius:999px;padding:10px 16px;background:#111;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #6aa0ff;outline-offset:2px}" +
    "button[data-live]{background:#b42318}.status{min-width:5em}.avatar{width:40px;height:40px;border-radius:50%;object-fit:cover;margin-left:-8px}@media (prefers-color-scheme:dark){.box{background:#1c1c1f;color:#f4f4f5}button{background:#f4f4f5;color:#111}}";
  function base64(bytes) { var s = ""; for (var i = 0; i < bytes.length; i += 32768) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 32768)); return btoa(s); }
  function Call(agentId, onStatus, onEnd) {
    var socket, stream, context, processor, source, playing = [], next = 0, ended = false;
    function play(b64) {
      var bin = atob(b64), n = bin.length >> 1; if (!n) return;
      var data = new Float32Array(n);
      for (var i = 0; i < n; i++) { var v = bin.charCodeAt(2 * i) | (bin.charCodeAt(2 * i + 1) << 8); data[i] = (v >= 32768 ? v - 65536 : v) / 32768; }
      var buffer = context.createBuffer(1, n, RATE); buffer.copyToChannel(data, 0);
      var node = context.createBufferSource(); node.buffer = buffer; node.connect(context.destination);
      var at = Math.max(context.currentTime + 0.02, next); node.start(at); next = at + buffer.duration;
      playing.push(node); node.onended = function () { playing = playing.filter(function (x) { return x !== node; }); };
    }
    function silence() { playing.forEach(function (x) { try { x.stop(); } catch (e) {} }); playing = []; next = 0; }
    function end(text) {
      if (ended) return; ended = true; silence();
      try { processor && processor.disconnect(); source && source.disconnect(); } catch (e) {}
      if (stream) stream.getTracks().forEach(function (t) { t.stop(); });
      if (socket && socket.readyState < 2) socket.close(1000, "ended by the user");
      if (context) context.close();
      onEnd(text || TEXTS.ended);
    }
    this.end = function () { end(); };
    onStatus(TEXTS.connecting);
    navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 } }).then(function (s) {
      if (ended) { s.getTracks().forEach(function (t) { t.stop(); }); return; }
      stream = s; context = new AudioContext();
      socket = new WebSocket(ORIGIN.replace(/^http/, "ws") + "/v1/convai/conversation?agent_id=" + encodeURIComponent(agentId));
      socket.onopen = function () {
        socket.send(JSON.stringify({ type: "conversation_initiation_client_data" }));
        source = context.createMediaStreamSource(stream);
        processor = context.createScriptProcessor(4096, 1, 1);
        var ratio = context.sampleRate / RATE, carry = 0;
        processor.onaudioprocess = function (event) {
          if (socket.readyState !== 1) return;
          var input = event.inputBuffer.getChannelData(0), out = [];
          for (var at = carry; at < input.length; at += ratio) out.push(Math.round(Math.max(-1, Math.min(1, input[Math.floor(at)])) * 32767));
          carry = carry + Math.ceil((input.length - carry) / ratio) * ratio - input.length;
          socket.send(JSON.stringify({ user_audio_chunk: base64(new Uint8Array(new Int16Array(out).buffer)) }));
        };
        source.connect(processor); processor.connect(context.destination);
        onStatus(TEXTS.listening);
      };
      socket.onmessage = function (event) {
        var m; try { m = JSON.parse(event.data); } catch (e) { return; }
        if (m.type === "audio") play(m.audio_event.audio_base_64);
        else if (m.type === "interruption") silence();
        else if (m.type === "ping") socket.send(JSON.stringify({ type: "pong", event_id: m.ping_event.event_id }));
        else if (m.type === "agent_response") onStatus(m.agent_response_event.agent_response);
        else if (m.type === "client_tool_call") socket.send(JSON.stringify({ type: "client_tool_result", tool_call_id: m.client_tool_call.tool_call_id, result: "This page has no such tool.", is_error: true }));
      };
      socket.onclose = function (event) { end(event.reason); };
    }, function () { end(TEXTS.microphone); });
  }
  class ConvaiWidget extends HTMLElement {
    connectedCallback() {
      if (this.shadowRoot) return;
      var el = this, id = el.getAttribute("agent-id");
      if (!id) return;
      var root = el.attachShadow({ mode: "open" });
      fetch(ORIGIN + "/convai/widget/" + encodeURIComponent(id), { mode: "cors", credentials: "omit" })
        .then(function (r) { return r.json().then(function (body) { if (!r.ok) throw new Error(body && body.message); return body; }); })
        .then(function (config) {
          root.innerHTML = '<style>' + STYLE + '</style><div class="box" part="widget"><span class="status" role="status" aria-live="polite"></span><button type="button"></button></div>';
          var button = root.querySelector("button"), status = root.querySelector(".status"), call = null;
          // The agent's avatar (decision 0096), set as a property: the URL never becomes markup.
          if (config.avatar_url) { var avatar = document.createElement("img"); avatar.className = "avatar"; avatar.alt = ""; avatar.setAttribute("part", "avatar"); avatar.src = config.avatar_url; root.querySelector(".box").insertBefore(avatar, status); }
          function idle(text) { call = null; button.textContent = config.start_text || TEXTS.start; button.removeAttribute("data-live"); status.textContent = text || config.name || ""; }
          idle();
          button.addEventListener("click", function () {
            if (call) return call.end();
            button.textContent = TEXTS.end; button.setAttribute("data-live", "");
            call = new Call(id, function (text) { status.textContent = text; }, idle);
          });
        })
        .catch(function (error) { if (window.console) console.warn("[" + ${JSON.stringify(WIDGET_ELEMENT)} + "] " + (error && error.message || "The agent could not be loaded.")); });
    }
  }
  customElements.define(${JSON.stringify(WIDGET_ELEMENT)}, ConvaiWidget);
})();
`;
}
