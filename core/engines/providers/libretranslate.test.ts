import { describe, expect, it } from "vitest";
import { fetchFrom, libreTranslateStandIn } from "../../../tests/engines/protocol-stand-ins";
import { libreTranslate } from "./libretranslate";

const fetcher = fetchFrom(libreTranslateStandIn("lt-key"));

describe("LibreTranslate (POST /translate)", () => {
  it("translates between named languages with the API key", async () => {
    const engine = libreTranslate({ baseUrl: "http://translate.test/", apiKey: "lt-key" }, fetcher);
    expect(await engine.translate({ text: "Good morning", source: "en", target: "de" })).toEqual({ text: "[de] Good morning", detectedSource: null });
  });

  it("asks the server to detect the source language and says which it found", async () => {
    const engine = libreTranslate({ baseUrl: "http://translate.test", apiKey: "lt-key" }, fetcher);
    expect(await engine.translate({ text: "Good morning", source: null, target: "fr" })).toEqual({ text: "[fr] Good morning", detectedSource: "en" });
  });

  it("fails with the server's error", async () => {
    await expect(libreTranslate({ baseUrl: "http://translate.test" }, fetcher).translate({ text: "Hi", source: "en", target: "de" })).rejects.toThrow(/translation server answered 403: .*Invalid API key/);
    await expect(libreTranslate({ baseUrl: "http://translate.test", apiKey: "lt-key" }, fetcher).translate({ text: "Hi", source: "en", target: "tlh" })).rejects.toThrow("translation server answered 400");
  });
});
