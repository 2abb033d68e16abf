// `npm run probe -- <base url>`: sends malformed input to every operation of /openapi.json and to every form page
// (bad ids, queries and bodies, broken multipart, foreign origins) and counts 5xx answers; exits 1 if any.
import { benchSession } from "./dev-accounts.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:8787";
const origin = base;
// Signed up as a person is (decision 0018): the form, the e-mailed link, then sign-in.
const cookie = await benchSession(base, "probe");
const keyRes = await fetch(`${base}/v1/user/api-keys`, { method: "POST", headers: { cookie, origin, "content-type": "application/json" }, body: JSON.stringify({ name: "probe" }) });
const key = (await keyRes.json()).xi_api_key;
const doc = await (await fetch(`${base}/openapi.json`)).json();
const badIds = ["x", "%00", "..%2F..%2Fetc", "a".repeat(300), "'%20OR%201=1--", "%E0%A4%A", "${x}", "null"];
const badBodies = ["", "{", "[]", "null", '{"text":123}', '{"text":"' + "a".repeat(100000) + '"}', '{"name":{}}', "\u0000", '{"__proto__":{"x":1}}'];
const badQueries = ["?page_size=-1", "?page_size=abc", "?next_page_token=!!!***", "?next_page_token=%", "?start_unix=abc&end_unix=-5", "?output_format=../../x", "?sort=;drop", "?search=" + "%".repeat(3), "?voice_id=" + "a".repeat(500)];
let total = 0; const failures = [];
async function hit(method, path, init = {}) {
  total++;
  let r;
  try { r = await fetch(base + path, { method, redirect: "manual", ...init, headers: { "xi-api-key": key, ...(init.headers ?? {}) } }); }
  catch (e) { failures.push(`${method} ${path} -> network ${e}`); return; }
  if (r.status >= 500) failures.push(`${method} ${path.slice(0, 120)} [${(init.body ?? "").toString().slice(0, 40)}] -> ${r.status} ${(await r.text()).slice(0, 120)}`);
  else await r.arrayBuffer().catch(() => {});
}
for (const [path, ops] of Object.entries(doc.paths)) {
  for (const method of Object.keys(ops)) {
    const M = method.toUpperCase();
    const concrete = (id) => path.replace(/\{[^}]+\}/g, id);
    for (const id of badIds) await hit(M, concrete(id));
    for (const q of badQueries) await hit(M, concrete("voice_id_probe") + q);
    if (M !== "GET" && M !== "HEAD") {
      for (const body of badBodies) await hit(M, concrete("probe"), { body, headers: { "content-type": "application/json" } });
      await hit(M, concrete("probe"), { body: "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx", headers: { "content-type": "multipart/form-data; boundary=b" } });
      await hit(M, concrete("probe"), { body: "a=1", headers: { "content-type": "text/plain" } });
    }
  }
}
// Pages with broken forms and hostile origins.
for (const page of ["/app/sign-in", "/app/sign-up", "/app/reset-password", "/app/action?mode=resetPassword", "/app/settings", "/app/settings/api-keys", "/app/workspace/members", "/app/settings/workspace-invites", "/app/subscription", "/app/onboarding-checklist", "/app/speech-synthesis/text-to-speech", "/app/usage?range=abc", "/app/default-voices?language=%"]) {
  for (const [body, type] of [["--b\r\nx", "multipart/form-data; boundary=b"], ["%%%", "application/x-www-form-urlencoded"], ["{", "application/json"]]) {
    for (const headers of [{ cookie, origin }, { origin: "https://evil.example" }, { cookie }]) {
      total++;
      const r = await fetch(base + page, { method: "POST", body, headers: { "content-type": type, ...headers }, redirect: "manual" });
      if (r.status >= 500) failures.push(`POST ${page} [${type}] ${JSON.stringify(Object.keys(headers))} -> ${r.status}`);
    }
  }
  total++;
  const g = await fetch(base + page + (page.includes("?") ? "&" : "?") + "x=%E0%A4%A&redirect=%00", { headers: { cookie }, redirect: "manual" });
  if (g.status >= 500) failures.push(`GET ${page} -> ${g.status}`);
}
console.log(JSON.stringify({ total, fiveHundreds: failures.length }, null, 0));
for (const f of failures.slice(0, 60)) console.log(f);
process.exit(failures.length === 0 ? 0 : 1);
