// The production path: the Twilio client against a stand-in speaking Twilio's Messages API over real HTTP
// (this test's own server; never a default). The dev stand-in's refusals are checked here too.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devTwilio, sendTextMessage } from "./text-messages.server";

const SID = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "secret-token";
let server: Server;
let base = "";
const received: { path: string; auth: string; form: URLSearchParams }[] = [];

const body = (request: IncomingMessage) => new Promise<string>((resolve) => {
  let text = "";
  request.on("data", (chunk) => (text += chunk));
  request.on("end", () => resolve(text));
});

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await body(request));
    received.push({ path: request.url ?? "", auth: request.headers.authorization ?? "", form });
    const to = form.get("To") ?? "";
    const [status, json] = to.endsWith("0000") ? [400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 }] : [201, { sid: "SM1", status: "queued" }];
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => server.close());

const production = () => ({ ENVIRONMENT: "production", SMS_TRANSPORT: "twilio", TWILIO_API_URL: base, TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: "+15017122661", TWILIO_AUTH_TOKEN: TOKEN }) as unknown as Env;

describe("text messages over Twilio's Messages API", () => {
  it("posts To, From and Body form-encoded to the account's Messages.json with Basic auth", async () => {
    await sendTextMessage(production(), { to: "+447700900123", body: "123456 is your code" });
    const last = received.at(-1)!;
    expect(last.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(last.auth).toBe(`Basic ${btoa(`${SID}:${TOKEN}`)}`);
    expect(Object.fromEntries(last.form)).toEqual({ To: "+447700900123", From: "+15017122661", Body: "123456 is your code" });
  });

  it("throws on Twilio's error answers and when it is not configured", async () => {
    await expect(sendTextMessage(production(), { to: "+447700900000", body: "x" })).rejects.toThrow(/failed with 400/);
    await expect(sendTextMessage({ ...production(), TWILIO_AUTH_TOKEN: undefined } as Env, { to: "+447700900123", body: "x" })).rejects.toThrow(/TWILIO_AUTH_TOKEN/);
    // The development stand-in never answers outside development.
    await expect(sendTextMessage({ ...production(), SMS_TRANSPORT: "dev-phone" } as Env, { to: "+447700900123", body: "x" })).rejects.toThrow(/only in development/);
  });

  it("has the dev stand-in refuse as Twilio does: 20003 bad credentials, 21211 bad number, 21602 no body", async () => {
    const dev = { ENVIRONMENT: "development" } as unknown as Env;
    const post = (fields: Record<string, string>, auth = `Basic ${btoa(`${SID}:dev-phone`)}`) =>
      devTwilio(dev, new Request(`https://dev-phone.invalid/2010-04-01/Accounts/${SID}/Messages.json`, { method: "POST", headers: { authorization: auth }, body: new URLSearchParams(fields) }));
    const unauthorised = await post({ To: "+447700900123", From: "+15005550006", Body: "x" }, `Basic ${btoa(`${SID}:wrong`)}`);
    expect([unauthorised.status, ((await unauthorised.json()) as { code: number }).code]).toEqual([401, 20003]);
    const badNumber = await post({ To: "07700900123", From: "+15005550006", Body: "x" });
    expect([badNumber.status, ((await badNumber.json()) as { code: number }).code]).toEqual([400, 21211]);
    const noBody = await post({ To: "+447700900123", From: "+15005550006" });
    expect([noBody.status, ((await noBody.json()) as { code: number }).code]).toEqual([400, 21602]);
    const elsewhere = await devTwilio(dev, new Request("https://dev-phone.invalid/2010-04-01/Accounts/nope/Calls.json", { method: "POST" }));
    expect(elsewhere.status).toBe(404);
  });
});
