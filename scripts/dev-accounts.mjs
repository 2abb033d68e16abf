// Accounts for the benchmarks and the probe on a running stack, made as a person makes one (decision 0018): the sign-up
// form, the e-mailed link from the development mailbox, then the sign-in form.
const PASSWORD = "Str0ng!pass";

async function mailedLink(base, email, mode) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const html = await (await fetch(`${base}/dev/mailbox`)).text();
    for (const item of html.split('data-testid="mail"').slice(1)) {
      if (!item.includes(`>${email}<`)) continue;
      const href = item.match(new RegExp(`href="([^"]*mode=${mode}[^"]*)"`))?.[1];
      if (href) return href.replaceAll("&amp;", "&");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${mode} link mailed to ${email}`);
}

/** A new account's session cookie. */
export async function benchSession(base, name) {
  const email = `bench-${name}-${Date.now()}@example.com`;
  const form = (fields) => ({ method: "POST", redirect: "manual", headers: { origin: base, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
  const signUp = await fetch(`${base}/app/sign-up`, form({ email, password: PASSWORD, agrees_to_terms: "on" }));
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
  await (await fetch(await mailedLink(base, email, "verifyEmail"))).text();
  const signIn = await fetch(`${base}/app/sign-in`, form({ email, password: PASSWORD }));
  const cookie = signIn.headers.get("set-cookie")?.match(/parlance_session=[0-9a-f]{64}/)?.[0];
  if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);
  return cookie;
}

/** An API key of a new account. */
export async function benchApiKey(base, name) {
  const cookie = await benchSession(base, name);
  const made = await fetch(`${base}/v1/user/api-keys`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify({ name: "bench" }) });
  return (await made.json()).xi_api_key;
}
