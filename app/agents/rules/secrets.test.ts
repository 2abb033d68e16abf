import { describe, expect, it } from "vitest";
import { headerValue, resolveHeaders, secretIdsOfPrompt } from "./secrets";

describe("secrets in webhook tool headers", () => {
  it("reads a header as text or a secret reference, nothing else", () => {
    expect(headerValue("Bearer x")).toBe("Bearer x");
    expect(headerValue({ secret_id: "secret_1" })).toEqual({ secretId: "secret_1" });
    expect(headerValue({ secret_id: "" })).toBeNull();
    expect(headerValue({ variable_name: "user" })).toBeNull();
  });

  it("finds the secrets a prompt's webhook tools name, once each", () => {
    const prompt = {
      tools: [
        { type: "webhook", name: "a", api_schema: { url: "https://a.example.com", request_headers: { authorization: { secret_id: "s1" }, "x-b": { secret_id: "s2" } } } },
        { type: "webhook", name: "b", api_schema: { url: "https://b.example.com", request_headers: { authorization: { secret_id: "s1" }, plain: "text" } } },
        { type: "client", name: "c", request_headers: { authorization: { secret_id: "s3" } } },
      ],
    };
    expect(secretIdsOfPrompt(prompt)).toEqual(["s1", "s2"]);
    expect(secretIdsOfPrompt(undefined)).toEqual([]);
  });

  it("puts the values in at call time, and names the header whose secret is gone", () => {
    const values = new Map([["s1", "Bearer real"]]);
    expect(resolveHeaders({ authorization: { secretId: "s1" }, accept: "text/plain" }, values)).toEqual({ ok: true, headers: { authorization: "Bearer real", accept: "text/plain" } });
    expect(resolveHeaders({ "x-key": { secretId: "s9" } }, values)).toEqual({ ok: false, header: "x-key" });
  });
});
