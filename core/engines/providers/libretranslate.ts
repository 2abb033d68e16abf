// LibreTranslate's HTTP API (POST /translate), which its own server and compatible ones (e.g. LTEngine) speak.
import type { TranslationEngine } from "../translation";
import { accepted, platformFetch, type Fetch } from "./http";

export type LibreTranslateServer = { baseUrl: string; apiKey?: string };

/** The source "auto" asks the server to detect the language; it then says which one it detected. */
export function libreTranslate(server: LibreTranslateServer, fetcher: Fetch = platformFetch): TranslationEngine {
  return {
    async translate(request) {
      const body: Record<string, unknown> = { q: request.text, source: request.source ?? "auto", target: request.target, format: "text" };
      if (server.apiKey) body.api_key = server.apiKey;
      const response = await accepted(
        await fetcher(`${server.baseUrl.replace(/\/+$/, "")}/translate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
        "translation server",
      );
      const result = (await response.json()) as { translatedText?: unknown; detectedLanguage?: { language?: unknown } };
      if (typeof result.translatedText !== "string") throw new Error("translation server answered without a translation");
      const detected = result.detectedLanguage?.language;
      return { text: result.translatedText, detectedSource: typeof detected === "string" ? detected : null };
    },
  };
}
