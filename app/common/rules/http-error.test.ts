import { describe, expect, it } from "vitest";
import { NETWORK_ERROR_MESSAGE, networkError, requestJson, RequestFailure, toRequestError } from "./http-error";

const json = (body: unknown, status: number, statusText = "Status") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

/** A fetch stand-in that answers `response` (or rejects with `error`) and remembers what it was asked. */
function fakeFetch(answer: Response | (() => Response) | { reject: unknown }) {
  const calls: { input: RequestInfo | URL; init: RequestInit | undefined }[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ input, init });
    if ("reject" in answer) throw answer.reject;
    return typeof answer === "function" ? answer() : answer;
  }) as typeof fetch;
  return { impl, calls };
}

describe("toRequestError", () => {
  it("reads detail.message and detail.status", async () => {
    expect(await toRequestError(json({ detail: { status: "quota_exceeded", message: "No credits" } }, 401, "Unauthorized"))).toEqual({
      status: 401,
      message: "No credits",
      errorType: "quota_exceeded",
      payload: { detail: { status: "quota_exceeded", message: "No credits" } },
    });
  });

  it("prefers detail.message over detail.msg", async () => {
    expect((await toRequestError(json({ detail: { message: "a", msg: "b" } }, 400))).message).toBe("a");
    expect((await toRequestError(json({ detail: { msg: "m" } }, 400, "Bad"))).message).toBe("m");
  });

  it("takes the first message of a FastAPI validation list", async () => {
    const error = await toRequestError(
      json({ detail: [{ loc: ["body", "text"], msg: "field required", type: "missing" }, { msg: "second" }] }, 422, "Unprocessable Entity"),
    );
    expect(error).toMatchObject({ status: 422, message: "field required", errorType: "Unprocessable Entity" });
    expect((await toRequestError(json({ detail: [] }, 422, "Unprocessable Entity"))).message).toBe("Unprocessable Entity");
    expect((await toRequestError(json({ detail: ["just text"] }, 422, "Unprocessable Entity"))).message).toBe("Unprocessable Entity");
  });

  it("takes a plain-string detail as the message", async () => {
    expect(await toRequestError(json({ detail: "Not allowed" }, 403, "Forbidden"))).toMatchObject({ message: "Not allowed", errorType: "Forbidden" });
  });

  it("falls back to the status text for both message and type", async () => {
    const plain = await toRequestError(json({}, 404, "Not Found"));
    expect(plain).toEqual({ status: 404, message: "Not Found", errorType: "Not Found", payload: {} });
    expect(await toRequestError(json({ detail: { message: "", status: 7 } }, 409, "Conflict"))).toMatchObject({ message: "Conflict", errorType: "Conflict" });
    expect(await toRequestError(json(null, 500, "Internal Server Error"))).toEqual({
      status: 500,
      message: "Internal Server Error",
      errorType: "Internal Server Error",
      payload: null,
    });
    expect((await toRequestError(json(["x"], 500, "E"))).payload).toEqual(["x"]);
  });

  it("gives status 0 and type unknown for a body that is not JSON", async () => {
    expect(await toRequestError(new Response("<html>", { status: 502, statusText: "Bad Gateway" }))).toEqual({
      status: 0,
      message: "Bad Gateway",
      errorType: "unknown",
      payload: null,
    });
    expect(await toRequestError(new Response(null, { status: 500 }))).toEqual({ status: 0, message: "Unknown error", errorType: "unknown", payload: null });
  });
});

describe("networkError", () => {
  it("has the spec's message and keeps the cause as text", () => {
    expect(networkError(new TypeError("fetch failed"))).toEqual({ status: 0, message: "Network error", errorType: "network", payload: "fetch failed" });
    expect(networkError("offline").payload).toBe("offline");
    expect(networkError({ code: 1 }).payload).toBe('{"code":1}');
    expect(networkError(undefined).payload).toBe("undefined");
    expect(NETWORK_ERROR_MESSAGE).toBe("Network error");
  });
});

describe("requestJson", () => {
  it("returns the parsed body and sends same-origin credentials unless told otherwise", async () => {
    const ok = fakeFetch(json({ a: 1 }, 200));
    expect(await requestJson<{ a: number }>("/x", { method: "POST" }, ok.impl)).toEqual({ a: 1 });
    expect(ok.calls[0]).toEqual({ input: "/x", init: { credentials: "same-origin", method: "POST" } });
    const own = fakeFetch(json({}, 200));
    await requestJson("/x", { credentials: "omit" }, own.impl);
    expect(own.calls[0]?.init?.credentials).toBe("omit");
  });

  it("resolves undefined for 204 and for an empty body", async () => {
    expect(await requestJson("/x", undefined, fakeFetch(new Response(null, { status: 204 })).impl)).toBeUndefined();
    expect(await requestJson("/x", undefined, fakeFetch(new Response("", { status: 200 })).impl)).toBeUndefined();
  });

  it("throws a RequestFailure with the error fields for a non-OK response", async () => {
    const bad = fakeFetch(json({ detail: { status: "forbidden", message: "nope" } }, 403, "Forbidden"));
    const failure = await requestJson("/x", undefined, bad.impl).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestFailure);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ name: "RequestFailure", status: 403, message: "nope", errorType: "forbidden", payload: { detail: { status: "forbidden", message: "nope" } } });
  });

  it("turns a network failure into 'Network error'", async () => {
    const failing = fakeFetch({ reject: new TypeError("fetch failed") });
    const failure = await requestJson("/x", undefined, failing.impl).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestFailure);
    expect(failure).toMatchObject({ message: "Network error", status: 0, errorType: "network", payload: "fetch failed" });
  });

  it("lets an abort through unchanged", async () => {
    const abort = new DOMException("The operation was aborted.", "AbortError");
    const failure = await requestJson("/x", undefined, fakeFetch({ reject: abort }).impl).catch((error: unknown) => error);
    expect(failure).toBe(abort);
  });

  it("throws like an unparseable error body when a success body is not JSON", async () => {
    const html = fakeFetch(new Response("<html>", { status: 200, statusText: "OK" }));
    await expect(requestJson("/x", undefined, html.impl)).rejects.toMatchObject({ status: 0, errorType: "unknown", message: "OK", payload: null });
  });
});
