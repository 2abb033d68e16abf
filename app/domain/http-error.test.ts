import { describe, expect, it } from "vitest";
import { requestJson, RequestFailure, toRequestError } from "./http-error";

const json = (body: unknown, status: number, statusText = "Status") => new Response(JSON.stringify(body), { status, statusText });

describe("request errors", () => {
  it("reads detail.message and detail.status", async () => {
    expect(await toRequestError(json({ detail: { status: "quota_exceeded", message: "No credits" } }, 401, "Unauthorized"))).toEqual({
      status: 401,
      message: "No credits",
      errorType: "quota_exceeded",
      payload: { detail: { status: "quota_exceeded", message: "No credits" } },
    });
  });
  it("falls back to detail.msg, validation lists and the status text", async () => {
    expect((await toRequestError(json({ detail: { msg: "m" } }, 400, "Bad"))).message).toBe("m");
    expect((await toRequestError(json({ detail: [{ msg: "field required" }] }, 422, "Unprocessable"))).message).toBe("field required");
    const plain = await toRequestError(json({}, 404, "Not Found"));
    expect([plain.message, plain.errorType]).toEqual(["Not Found", "Not Found"]);
  });
  it("gives status 0 and type unknown for an unparseable body", async () => {
    expect(await toRequestError(new Response("<html>", { status: 502, statusText: "Bad Gateway" }))).toMatchObject({ status: 0, errorType: "unknown" });
  });
  it("turns a network failure into 'Network error'", async () => {
    const failing = (() => Promise.reject(new TypeError("fetch failed"))) as unknown as typeof fetch;
    await expect(requestJson("/x", undefined, failing)).rejects.toMatchObject({ message: "Network error", status: 0 });
    const ok = (() => Promise.resolve(json({ a: 1 }, 200))) as unknown as typeof fetch;
    expect(await requestJson("/x", undefined, ok)).toEqual({ a: 1 });
    const bad = (() => Promise.resolve(json({ detail: { message: "nope" } }, 403))) as unknown as typeof fetch;
    await expect(requestJson("/x", undefined, bad)).rejects.toBeInstanceOf(RequestFailure);
  });
});
