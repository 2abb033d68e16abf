/** Plain-HTTP helpers for end-to-end tests: a real account and API key on the running stack. */

/** The whole body of an SDK's audio stream. */
export async function streamBytes(stream: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream as AsyncIterable<Uint8Array>) parts.push(chunk);
  return Buffer.concat(parts);
}
export const STRONG_PASSWORD = "Str0ng!pass";

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * The newest link of a mode mailed to an address, read from the dev mailbox page. Mail goes out just after the
 * answer that causes it, so this looks again for a few seconds.
 */
export async function mailedLinkOverHttp(baseUrl: string, email: string, mode: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const html = await (await fetch(`${baseUrl}/dev/mailbox`)).text();
    // Newest first; each message is one list item.
    for (const item of html.split('data-testid="mail"').slice(1)) {
      if (!item.includes(`>${email}<`)) continue;
      const href = item.match(new RegExp(`href="([^"]*mode=${mode}[^"]*)"`))?.[1];
      if (href) return href.replaceAll("&amp;", "&");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${mode} link mailed to ${email}`);
}

/**
 * Signs up as a person would (decision 0018): the sign-up form, the e-mailed link that creates the account,
 * then the sign-in form. Returns the session cookie.
 */
export async function signUpOverHttp(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/app/sign-up`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: STRONG_PASSWORD, agrees_to_terms: "on" }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status}`);
  const opened = await fetch(await mailedLinkOverHttp(baseUrl, email, "verifyEmail"));
  if (opened.status !== 200) throw new Error(`sign-up link failed: ${opened.status}`);
  const signIn = await fetch(`${baseUrl}/app/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: STRONG_PASSWORD }),
  });
  const cookie = signIn.headers.get("set-cookie")?.match(/parlance_session=[0-9a-f]{64}/)?.[0];
  if (signIn.status !== 302 || !cookie) throw new Error(`sign-in after sign-up failed: ${signIn.status}`);
  return cookie;
}

export async function createApiKeyOverHttp(baseUrl: string, cookie: string, name = "e2e"): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/user/api-keys`, {
    method: "POST",
    headers: { cookie, origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`key creation failed: ${response.status}`);
  return ((await response.json()) as { xi_api_key: string }).xi_api_key;
}

/**
 * Runs SQL on the stack's local D1 as an operator would, and returns the rows. Asynchronous on purpose: a
 * blocking spawnSync stops the event loop, so a keep-alive socket the server closed meanwhile is reused by
 * the next fetch and fails with "other side closed".
 */
export async function executeSql<T = Record<string, unknown>>(stateDir: string, sql: string): Promise<T[]> {
  const { execFile } = await import("node:child_process");
  // Each try is bounded and made once more: a second wrangler on the stack's files can wait on them under load.
  const run = () =>
    new Promise<string>((resolve, reject) =>
      execFile(
        "npx",
        ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", sql],
        { encoding: "utf8", maxBuffer: 16 * 1024 * 1024, timeout: 45_000 },
        (error, out, stderr) => (error ? reject(new Error(`${sql}\n${stderr || error.message}`)) : resolve(out)),
      ),
    );
  const stdout = await run().catch(run);
  return (JSON.parse(stdout) as { results: T[] }[])[0]!.results;
}

/**
 * Serves a fetch-style handler (a test's stand-in server) on a loopback port, its responses streamed as they are
 * written (an event stream stays open). Answers its base URL and a way to stop it.
 */
export async function serveFetchHandler(handler: (request: Request) => Promise<Response>): Promise<{ url: string; close: () => Promise<void> }> {
  const { createServer } = await import("node:http");
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
    const body = chunks.length && incoming.method !== "GET" && incoming.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
    const response = await handler(new Request(`http://${incoming.headers.host}${incoming.url}`, { method: incoming.method, headers, body }));
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return outgoing.end();
    for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) outgoing.write(piece);
    outgoing.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
