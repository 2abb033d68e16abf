import { env, SELF } from "cloudflare:test";
import { decode } from "turbo-stream";

export const ORIGIN = "https://parlance.test";
export const STRONG_PASSWORD = "Str0ng!pass";

/** A client address as the front door passes it on (x-parlance-client-ip). */
export function randomIp(): string {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8::${group()}:${group()}:${group()}`;
}

/**
 * A same-origin form post. Each comes from its own client address unless `ip` is given, so that failures in
 * one test never slow another down through a shared address (the throttle counts per address).
 */
export function form(fields: Record<string, string>, { ip = randomIp() }: { ip?: string } = {}): RequestInit {
  return {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded", "x-parlance-client-ip": ip },
    redirect: "manual",
  };
}

/** A same-origin form post to a page, with the browser's cookie when given. */
export function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  const init = form(fields);
  return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
}

/**
 * An admin (admin@<domain>, ten seats) whose workspace verified `domain` by the TXT record published on the
 * development DNS stand-in (decision 0045): where single sign-on tests begin.
 */
export async function adminWithVerifiedDomain(domain: string): Promise<{ admin: string; cookie: string; workspaceId: string }> {
  const admin = `admin@${domain}`;
  const cookie = await signUp(admin);
  await env.DB.prepare("UPDATE workspaces SET max_seats = 10 WHERE owner_id = (SELECT id FROM users WHERE email = ?)").bind(admin).run();
  const security = (fields: Record<string, string>) => postForm("/app/workspace/security?index", fields, cookie);
  if ((await security({ intent: "add-domain", domain })).status !== 200) throw new Error(`could not add ${domain}`);
  // Not published yet: refused with a clear answer.
  const early = await security({ intent: "verify-domain", domain });
  if (early.status !== 409 || !(await early.text()).includes("TXT record was not found yet")) throw new Error("an unpublished domain was not refused");
  const token = await env.DB.prepare("SELECT verification_token AS t FROM workspace_domains WHERE domain = ?").bind(domain).first<string>("t");
  if ((await postForm("/dev/dns", { name: `_parlance-verification.${domain}`, value: `parlance-domain-verification=${token}` })).status !== 200) throw new Error("could not publish the TXT record");
  if ((await security({ intent: "verify-domain", domain })).status !== 200) throw new Error(`could not verify ${domain}`);
  const workspaceId = (await env.DB.prepare("SELECT active_workspace_id AS id FROM users WHERE email = ?").bind(admin).first<string>("id"))!;
  return { admin, cookie, workspaceId };
}

export function sessionCookieFrom(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  const match = header.match(/parlance_session=([0-9a-f]{64})/);
  if (!match) throw new Error(`no session cookie in ${header}`);
  return `parlance_session=${match[1]}`;
}

/**
 * The newest link of a mode mailed to an address. Mail goes out after the answer (waitUntil, so an answer takes
 * as long whether or not it sends one), so this waits a little for it.
 */
export async function mailedLink(to: string, mode: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const rows = await env.DB.prepare('SELECT text FROM dev_mailbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC').bind(to).all<{ text: string }>();
    const links = rows.results.flatMap((mail) => mail.text.match(/https?:\/\/\S+/g) ?? []);
    const link = links.find((l) => l.includes(`mode=${mode}`));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${mode} link mailed to ${to}`);
}

/** How many messages an address has been sent so far. */
export async function mailCount(to: string): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM dev_mailbox WHERE "to" = ?').bind(to).first<number>("n")) ?? 0;
}

/**
 * Signs up through the real page actions, as a person would: the sign-up form, the e-mailed link (which creates
 * the account), then the sign-in form. Returns the session cookie.
 */
export async function signUp(email: string, extraHeaders: Record<string, string> = {}): Promise<string> {
  const init = form({ email, password: STRONG_PASSWORD, agrees_to_terms: "on" });
  const before = await mailCount(email.toLowerCase());
  const response = await SELF.fetch(`${ORIGIN}/app/sign-up`, { ...init, headers: { ...(init.headers as Record<string, string>), ...extraHeaders } });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const link = await waitForNewMail(email.toLowerCase(), before, "verifyEmail");
  const opened = await SELF.fetch(link);
  await opened.text();
  // The page's dialog (a Radix portal) is drawn in the browser, not in the server's HTML: the account itself says the link worked.
  const { env } = await import("cloudflare:test");
  if (!(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email.toLowerCase()).first())) throw new Error(`sign-up link did not create ${email}`);
  const signIn = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password: STRONG_PASSWORD }));
  if (signIn.status !== 302) throw new Error(`sign-in after sign-up failed: ${signIn.status} ${await signIn.text()}`);
  return sessionCookieFrom(signIn);
}

/** Waits until the address has more than `before` messages, and returns the link of `mode` in the newest. */
export async function waitForNewMail(to: string, before: number, mode: string): Promise<string> {
  for (let attempt = 0; attempt < 50 && (await mailCount(to)) <= before; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
  return mailedLink(to, mode);
}

export async function api(path: string, init: RequestInit & { cookie?: string; key?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.key) headers.set("xi-api-key", init.key);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  if (init.cookie && init.method && init.method !== "GET") headers.set("origin", ORIGIN);
  return SELF.fetch(`${ORIGIN}${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}

export async function createKey(cookie: string, name = "test key"): Promise<string> {
  const response = await api("/v1/user/api-keys", { method: "POST", cookie, json: { name } });
  if (response.status !== 201) throw new Error(`key creation failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { xi_api_key: string }).xi_api_key;
}

/** The newest e-mail to an address whose text contains `marker`, from the dev mailbox. */
export async function mailTo(to: string, marker: string): Promise<string> {
  const { env } = await import("cloudflare:test");
  const mail = await env.DB.prepare("SELECT text FROM dev_mailbox WHERE \"to\" = ? AND instr(text, ?) > 0 ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(to, marker)
    .first<{ text: string }>();
  if (!mail) throw new Error(`no mail with ${marker} to ${to}`);
  return mail.text;
}

/**
 * An account whose address was never verified: since decision 0018 sign-up creates accounts verified (from the
 * e-mailed link), so this is an account from before it, made by signing up and clearing the verification.
 * Returns the session cookie.
 */
export async function signUpUnverified(email: string): Promise<string> {
  const cookie = await signUp(email);
  const { env } = await import("cloudflare:test");
  await env.DB.prepare("UPDATE users SET email_verified_at = NULL WHERE email = ?").bind(email.toLowerCase()).run();
  return cookie;
}

/**
 * Verifies an address as its owner does, by opening a verification link. Accounts made by signUp are verified
 * already (decision 0018); one from signUpUnverified opens the kind of link such an account was mailed.
 */
export async function verifyEmailOf(to: string): Promise<void> {
  const { env } = await import("cloudflare:test");
  const verifiedAt = () => env.DB.prepare("SELECT email_verified_at AS at FROM users WHERE email = ?").bind(to).first<number | null>("at");
  if ((await verifiedAt()) !== null) return;
  await SELF.fetch(await verificationLinkOf(to), { redirect: "manual", headers: { "x-parlance-client-ip": randomIp() } });
  if ((await verifiedAt()) === null) throw new Error(`${to} was not verified by its link`);
}

/** A verification link of an existing account, as one was mailed before decision 0018 (not opened). */
export async function verificationLinkOf(to: string): Promise<string> {
  const { env } = await import("cloudflare:test");
  const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(to).first<string>("id");
  if (!user) throw new Error(`no account for ${to}`);
  const code = [...crypto.getRandomValues(new Uint8Array(24))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code));
  const codeHash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  await env.DB.prepare("INSERT INTO action_codes (code_hash, user_id, mode, expires_at) VALUES (?, ?, 'verifyEmail', unixepoch() + 3600)").bind(codeHash, user).run();
  return `${ORIGIN}/app/action?mode=verifyEmail&oobCode=${code}&userId=${user}`;
}

/** The invite's own token from the newest invite e-mail to an address (its link's invite_code). */
export async function mailedInviteCode(to: string): Promise<string> {
  const link = (await mailTo(to, "invite_code=")).match(/https?:\/\/\S*invite_code=\S*/)![0];
  return new URL(link).searchParams.get("invite_code")!;
}

/**
 * Posts a form to a page action the way `useFetcher` does with single fetch (`<path>.data`, answered in
 * turbo-stream) and returns the HTTP status and the action's data, or its error when it threw (the body's text
 * when the answer is not a single-fetch one: a refusal before Remix, say).
 */
export async function fetcherPost(path: string, fields: Record<string, string> | FormData, cookie: string, headers: Record<string, string> = {}): Promise<{ status: number; data?: unknown; error?: unknown }> {
  // A FormData is sent as multipart, as a form with a file field posts it (its boundary in the content type).
  const init: RequestInit = fields instanceof FormData ? { method: "POST", body: fields, headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "x-parlance-client-ip": randomIp() }, redirect: "manual" } : form(fields);
  // An index route's action is named by `?index`, after the `.data` (as the fetcher posts it).
  const [pathname, query] = path.split("?");
  const response = await SELF.fetch(`${ORIGIN}${pathname}.data${query === undefined ? "" : `?${query}`}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie, ...headers } });
  if (!response.body || response.headers.get("content-type") !== "text/x-script") return { status: response.status, error: await response.text() };
  const decoded = await decode(response.body);
  await decoded.done;
  return { status: response.status, ...(decoded.value as { data?: unknown; error?: unknown }) };
}

/**
 * A file served by vitest.config.ts's SPHINX_FILES. The runtime keeps its connection to that Node-side service
 * pooled, and one left idle can be dropped ("Network connection lost"): such a read is made once more.
 */
async function sphinxFile(path: string): Promise<ArrayBuffer> {
  const files = (env as unknown as { SPHINX_FILES: Fetcher }).SPHINX_FILES;
  try {
    return await (await files.fetch(`http://files${path}`)).arrayBuffer();
  } catch (error) {
    if (!String(error).includes("Network connection lost")) throw error;
    return await (await files.fetch(`http://files${path}`)).arrayBuffer();
  }
}

/** The embedded speech-to-text model into the test R2 bucket, as the start step puts it (vitest.config.ts serves the built file). */
export async function installSpeechToTextModel(): Promise<void> {
  await env.MEDIA.put("engines/pocketsphinx/en-us.model", await sphinxFile("/model"));
}

/** The speech engine's dictionaries that are not bundled into the test R2 bucket, as the start step puts them (decision 0059). */
export async function installSpeechLanguages(): Promise<void> {
  const files = (env as unknown as { SPHINX_FILES: Fetcher }).SPHINX_FILES;
  const response = await files.fetch("http://files/espeak-dictionaries");
  await env.MEDIA.put(response.headers.get("x-r2-key")!, await response.arrayBuffer());
}

/** A recording of real speech from PocketSphinx's test data (goforward.raw: 16 kHz PCM; the LibriVox WAVs). */
export async function sphinxRecording(name: string): Promise<Uint8Array> {
  return new Uint8Array(await sphinxFile(`/recordings/${name}`));
}

/**
 * The event payloads queued for a webhook, once `count` are there (or after 10 s): the Studio and dubbing workers
 * relay their events to the app's emitter through the webhook-deliveries queue (decision 0058), so the delivery
 * rows come a moment after the conversion or dub is finished.
 */
export async function webhookPayloads(webhookId: string, count = 1): Promise<{ type: string; data: Record<string, unknown> }[]> {
  let rows: { payload: string }[] = [];
  for (let i = 0; i < 100; i++) {
    rows = (await env.DB.prepare("SELECT payload FROM webhook_deliveries WHERE webhook_id = ? ORDER BY created_at, rowid").bind(webhookId).all<{ payload: string }>()).results;
    if (rows.length >= count) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return rows.map((r) => JSON.parse(r.payload) as { type: string; data: Record<string, unknown> });
}
