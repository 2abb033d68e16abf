import { applyD1Migrations, type D1Migration, env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CROSS_ORIGIN_REFUSED } from "~/accounts/rules/session";
import { UNREADABLE_FORM } from "~/common/form.server";
import { api, createKey, form, ORIGIN, signUp, verifyEmailOf } from "./helpers";
import { app as worker } from "../../../app/worker";
import { openApiPath, UNDOCUMENTED_TAG } from "../../../app/api/openapi";
import { HTTP_METHODS, type OpenApiDocument } from "../../../app/api-docs/rules/reference";
import type { EngineCatalog } from "../../../core/engines/capabilities";
import type { ChatRequest, ChatResult } from "../../../core/engines/chat";
import type { EmbeddingsRequest, EmbeddingsResult } from "../../../core/engines/embeddings";
import type { EngineChoice } from "../../../core/engines/registry";
import type { TranscriptionRequest, TranscriptionResult } from "../../../core/engines/speech-to-text";
import type { TranslationRequest, TranslationResult } from "../../../core/engines/translation";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { wavFile } from "../../../core/audio/wav";
import { WATERMARK_THRESHOLD } from "../../../core/audio/watermark";
import { ARIA } from "./billing-helpers";
import { emitWorkspaceEvent } from "~/workspace/webhooks.server";

describe("app-worker", () => {
  describe("app worker", () => {
    it("renders the marketing home page with a request id", async () => {
      const response = await SELF.fetch("https://parlance.test/");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(response.headers.get("request-id")).toMatch(/^[0-9a-f-]{36}$/);
      const html = await response.text();
      expect(html).toContain("Voice AI you can run anywhere");
      expect(html).toContain('href="/app/sign-up"');
      expect(html).toContain('href="/terms"');
    });

    it("uses the request id and CSP nonce the edge passed on", async () => {
      const response = await SELF.fetch("https://parlance.test/", {
        headers: { "x-parlance-request-id": "req-from-edge", "x-parlance-csp-nonce": "abc123nonce" },
      });
      expect(response.headers.get("request-id")).toBe("req-from-edge");
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain('nonce="abc123nonce"');
    });

    it("answers unknown pages with the HTML 404 page", async () => {
      const response = await SELF.fetch("https://parlance.test/no/such/page");
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(await response.text()).toContain("Page not found");
    });

    it("answers unknown API paths with a JSON 404 in the commercial API's shape", async () => {
      const response = await SELF.fetch("https://parlance.test/v1/no-such-thing", { method: "POST" });
      expect(response.status).toBe(404);
      expect(response.headers.get("request-id")).toBeTruthy();
      const body = (await response.json()) as { detail: { status: string; message: string } };
      expect(body.detail.status).toBe("not_found");
      expect(body.detail.message).toContain("/v1/no-such-thing");
    });

    it("sends signed-out visitors of /app to sign-in, coming back afterwards", async () => {
      const response = await SELF.fetch("https://parlance.test/app/home?x=1", { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/app/sign-in?redirect=%2Fapp%2Fhome%3Fx%3D1");
    });

    it("renders the /app shell with the player slot", async () => {
      const cookie = await signUp("shell@example.com");
      const response = await SELF.fetch("https://parlance.test/app/home", { headers: { cookie } });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-testid="global-player-slot"');
      expect(html).toContain('aria-label="App"');
    });

    it("runs on the migrated D1 schema", async () => {
      const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
      expect(tables.results.map((t) => t.name)).toEqual(expect.arrayContaining(["users", "workspaces", "workspace_members", "sessions"]));
    });
  });

  describe("API description", () => {
    it("serves /openapi.json generated from the route schemas", async () => {
      const doc = (await (await SELF.fetch("https://parlance.test/openapi.json")).json()) as {
        openapi: string;
        paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }> } }>>;
      };
      expect(doc.openapi).toBe("3.1.0");
      const tts = doc.paths["/v1/text-to-speech/{voice_id}"]!.post!;
      expect(tts.requestBody!.content["application/json"]!.schema.properties.text!.maxLength).toBe(10000);
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/history", "/v2/voices", "/v1/models"]));
    });

    it("renders the readable reference at /api", async () => {
      const html = await (await SELF.fetch("https://parlance.test/api")).text();
      expect(html).toContain("API reference");
      expect(html).toContain("/v1/text-to-speech/{voice_id}");
    });
  });

  describe("public site", () => {
    it("renders language landing pages with a sample generated once into R2, cacheable at the edge", async () => {
      const response = await SELF.fetch("https://parlance.test/languages/british-accent");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("stale-while-revalidate");
      const html = await response.text();
      expect(html).toContain("British English text to speech");
      expect(html).toContain('rel="canonical" href="https://parlance.test/languages/british-accent"');
      expect(html).toContain('href="/languages/german"');
      expect((await SELF.fetch("https://parlance.test/languages/no-such-language")).status).toBe(404);

      expect(await env.MEDIA.head("landing-samples/german.mp3")).toBeNull();
      const sample = await SELF.fetch("https://parlance.test/languages/german/sample.mp3");
      expect(sample.status).toBe(200);
      expect(sample.headers.get("content-type")).toBe("audio/mpeg");
      expect((await sample.arrayBuffer()).byteLength).toBeGreaterThan(10000);
      expect(await env.MEDIA.head("landing-samples/german.mp3")).not.toBeNull();
    });

    it("publishes a sitemap and robots.txt", async () => {
      const sitemap = await (await SELF.fetch("https://parlance.test/sitemap.xml")).text();
      expect(sitemap).toContain("<loc>https://parlance.test/languages/spanish-castilian-accent</loc>");
      expect(sitemap).toContain("<loc>https://parlance.test/text-to-speech</loc>");
      const robots = await (await SELF.fetch("https://parlance.test/robots.txt")).text();
      expect(robots).toContain("Disallow: /app/");
      expect(robots).toContain("Sitemap: https://parlance.test/sitemap.xml");
    });
  });
});

describe("openapi", () => {
  async function served(): Promise<OpenApiDocument> {
    const response = await SELF.fetch("https://parlance.test/openapi.json");
    expect(response.status).toBe(200);
    return (await response.json()) as OpenApiDocument;
  }

  /** "GET /v1/history/{history_item_id}" for each operation of the document. */
  function operations(document: OpenApiDocument): string[] {
    return Object.entries(document.paths).flatMap(([path, item]) => HTTP_METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`));
  }

  /** The bare billing calls of spec accounts §7, which the app worker serves without /v1. */
  const BILLING_PATHS = [
    "/create-checkout-session",
    "/change-subscription",
    "/cancel-downgrade",
    "/cancel-subscription",
    "/renew-subscription",
    "/create-portal-session",
    "/create-update-payment-methods-session",
    "/apply-discount",
    "/validate-promocode",
  ];

  describe("/openapi.json", () => {
    it("lists every route the app worker's Hono knows under /v1 and /v2 (a new route appears by itself)", async () => {
      const listed = new Set(operations(await served()));
      const known = worker.routes
        .filter((r) => r.method !== "ALL" && /^\/v[12](\/|$)/.test(r.path))
        .map((r) => `${r.method} ${openApiPath(r.path)}`);
      expect(known.length).toBeGreaterThan(50);
      expect([...new Set(known)].filter((op) => !listed.has(op))).toEqual([]);
    });

    it("lists the bare billing paths, and nothing that is not an API route", async () => {
      const listed = operations(await served());
      for (const path of BILLING_PATHS) expect(listed).toContain(`POST ${path}`);
      const apiPath = (op: string) => /^[A-Z]+ \/v[12](\/|$)/.test(op) || BILLING_PATHS.includes(op.split(" ")[1]!);
      expect(listed.filter((op) => !apiPath(op))).toEqual([]);
    });

    it("describes every route: a summary and tag from its sub-app, none left undocumented", async () => {
      const document = await served();
      const undocumented = Object.entries(document.paths).flatMap(([path, item]) =>
        HTTP_METHODS.filter((m) => item[m]?.tags.includes(UNDOCUMENTED_TAG)).map((m) => `${m.toUpperCase()} ${path}`),
      );
      expect(undocumented).toEqual([]);
    });

    it("has the paths the official SDK calls most", async () => {
      const listed = operations(await served());
      expect(listed).toEqual(
        expect.arrayContaining([
          "POST /v1/text-to-speech/{voice_id}", // textToSpeech.convert
          "POST /v1/text-to-speech/{voice_id}/stream", // textToSpeech.stream
          "POST /v1/text-to-speech/{voice_id}/with-timestamps", // textToSpeech.convertWithTimestamps
          "POST /v1/text-to-speech/{voice_id}/stream/with-timestamps", // textToSpeech.streamWithTimestamps
          "POST /v1/text-to-dialogue", // textToDialogue.convert
          "POST /v1/text-to-dialogue/stream", // textToDialogue.stream
          "GET /v1/voices", // voices.getAll
          "GET /v2/voices", // voices.search
          "GET /v1/voices/{voice_id}", // voices.get
          "GET /v1/models", // models.list
          "GET /v1/history", // history.list
          "GET /v1/history/{history_item_id}", // history.get
          "GET /v1/history/{history_item_id}/audio", // history.getAudio
          "POST /v1/history/download", // history.download
          "DELETE /v1/history/{history_item_id}", // history.delete
          "GET /v1/usage/character-stats", // usage.get
          "GET /v1/user", // user.get
          "GET /v1/user/subscription", // user.subscription.get
        ]),
      );
    });

    it("carries the validators' schemas, the audio content type of speech and the error shapes", async () => {
      const document = await served();
      expect(document.openapi).toBe("3.1.0");
      const tts = document.paths["/v1/text-to-speech/{voice_id}"]!.post!;
      const body = tts.requestBody!.content["application/json"]!.schema as { properties: Record<string, { maxLength?: number }>; required: string[] };
      expect(body.properties.text!.maxLength).toBe(10000);
      expect(body.required).toEqual(["text"]);
      expect(tts.parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: "voice_id", in: "path", required: true }),
          expect.objectContaining({ name: "output_format", in: "query", required: false, schema: expect.objectContaining({ default: "mp3_44100_128" }) }),
        ]),
      );
      expect(Object.keys((tts.responses["200"] as { content: object }).content)[0]).toBe("audio/mpeg");
      expect(tts.responses["422"]).toEqual({ $ref: "#/components/responses/ValidationError" });
      expect(tts.responses["401"]).toMatchObject({ description: "Unauthorized: invalid_api_key, quota_exceeded" });
      expect(document.paths["/v1/history"]!.get!.responses["401"]).toEqual({ $ref: "#/components/responses/Unauthorized" });
      expect(tts.responses["404"]).toMatchObject({ content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorResponse" } } } });
      // Routes that run without the API key say so.
      expect(document.paths["/v1/voices/previews/{file}"]!.get!.security).toEqual([]);
      expect(document.paths["/v1/try-it"]!.post!.security).toEqual([]);
      expect(document.paths["/v1/history"]!.get!.security).toBeUndefined();
    });

    it("is a consistent OpenAPI 3.1 document: unique operation ids, declared path parameters, resolvable references", async () => {
      const document = await served();
      const ids: string[] = [];
      const refs = new Set<string>();
      JSON.stringify(document, (key, value) => (key === "$ref" && typeof value === "string" ? (refs.add(value), value) : value));
      for (const [path, item] of Object.entries(document.paths)) {
        expect(path.startsWith("/")).toBe(true);
        for (const method of HTTP_METHODS) {
          const operation = item[method];
          if (!operation) continue;
          ids.push(operation.operationId);
          expect(operation.summary.length).toBeGreaterThan(0);
          expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
          const declared = operation.parameters.filter((p) => p.in === "path").map((p) => p.name).sort();
          expect(declared).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
        }
      }
      expect(new Set(ids).size).toBe(ids.length);
      for (const ref of refs) {
        const target = ref.replace(/^#\//, "").split("/").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
        expect(target, ref).toBeDefined();
      }
    });
  });

  describe("/api", () => {
    it("renders every operation of /openapi.json, from the document the worker hands the page", async () => {
      const document = await served();
      const html = await (await SELF.fetch("https://parlance.test/api")).text();
      expect(html).toContain("API reference");
      for (const op of operations(document)) expect(html).toContain(`<code class="font-mono">${op.split(" ")[1]}</code>`);
      expect(html).toContain(`${operations(document).length} operations`);
    });
  });
});

describe("engines", () => {
  // The engine registry as the speech worker hosts it, over RPC, with the engines this project configures
  // (vitest.config.ts): each configured server is a stand-in that speaks and checks its protocol.
  type EngineHost = {
    catalog(): Promise<EngineCatalog>;
    transcribe(request: TranscriptionRequest, choice?: EngineChoice): Promise<TranscriptionResult>;
    translate(request: TranslationRequest, choice?: EngineChoice): Promise<TranslationResult>;
    chat(request: ChatRequest, choice?: EngineChoice): Promise<ChatResult>;
    embed(request: EmbeddingsRequest, choice?: EngineChoice): Promise<EmbeddingsResult>;
  };
  const engines = env.SPEECH as unknown as EngineHost;

  describe("engine registry (speech worker)", () => {
    it("lists the embedded speech provider and each configured one with its model ids, and nothing where no provider exists", async () => {
      const { capabilities, problems } = await engines.catalog();
      expect(capabilities.speech).toEqual([
        { provider: "embedded", models: [{ id: "parlance_multilingual_v1", upstream: "espeak-ng" }] },
        { provider: "openai", models: [{ id: "parlance_openai_compatible_v1", upstream: "kokoro" }] },
      ]);
      // The embedded recogniser (PocketSphinx) first: the default; the configured server by its model id.
      expect(capabilities["speech-to-text"]).toEqual([
        { provider: "embedded", models: [{ id: "pocketsphinx", upstream: "pocketsphinx" }] },
        { provider: "openai", models: [{ id: "Systran/faster-whisper-small", upstream: "Systran/faster-whisper-small" }] },
      ]);
      expect(capabilities.translation).toEqual([
        { provider: "embedded", models: [{ id: "parlance-rules-en-es", upstream: "parlance-rules-en-es" }] },
        { provider: "libretranslate", models: [{ id: "libretranslate", upstream: "libretranslate" }] },
      ]);
      // Chat: the embedded retrieval responder (not a language model, decision 0037) first, then the configured server.
      expect(capabilities.chat.map((p) => p.models[0]!.id)).toEqual(["parlance-retrieval-responder", "llama3.2"]);
      expect(capabilities.embeddings.map((p) => p.models[0]!.id)).toEqual(["nomic-embed-text"]);
      // Sound effects: the embedded procedural engine only (no generative server is configured here).
      expect(capabilities["sound-generation"]).toEqual([{ provider: "embedded", models: [{ id: "parlance_sound_procedural_v1", upstream: "procedural-audio" }] }]);
      expect(capabilities["noise-isolation"]).toEqual([{ provider: "embedded", models: [{ id: "rnnoise", upstream: "rnnoise" }] }]);
      // The voice changer: the embedded DSP converter (decision 0031).
      expect(capabilities["voice-conversion"]).toEqual([{ provider: "embedded", models: [{ id: "parlance_voice_changer_v1", upstream: "psola-formant-warp" }] }]);
      expect(problems).toEqual([]);
    });

    it("GET /v1/models lists exactly the catalogue's speech models, then its voice-changer models", async () => {
      const key = await createKey(await signUp("engines-models@example.com"));
      const models = (await (await api("/v1/models", { key })).json()) as { model_id: string; can_do_text_to_speech: boolean; can_do_voice_conversion: boolean }[];
      const { capabilities } = await engines.catalog();
      const ids = (kind: "speech" | "voice-conversion") => capabilities[kind].flatMap((p) => p.models.map((m) => m.id));
      expect(models.map((m) => m.model_id)).toEqual([...ids("speech"), ...ids("voice-conversion")]);
      expect(models.filter((m) => m.can_do_voice_conversion).map((m) => m.model_id)).toEqual(ids("voice-conversion"));
      expect(models.filter((m) => m.can_do_text_to_speech).map((m) => m.model_id)).toEqual(ids("speech"));
    });

    it("transcribes, translates, chats and embeds through the configured servers", async () => {
      const heard = await engines.transcribe({ audio: new Uint8Array(1200), contentType: "audio/wav", language: "en" }, { provider: "openai" });
      expect(heard).toMatchObject({ text: "Heard 1200 bytes of audio/wav.", language: "en" });
      expect(heard.words.length).toBeGreaterThan(0);
      expect(await engines.translate({ text: "Good morning", source: null, target: "de" }, { provider: "libretranslate" })).toEqual({ text: "[de] Good morning", detectedSource: "en" });
      // The embedded rule-based translator is the default, for the pair it has a lexicon for.
      expect(await engines.translate({ text: "The red car is fast.", source: "en", target: "es" })).toEqual({ text: "El coche rojo es rápido.", detectedSource: null, unknownWords: [] });
      expect((await engines.chat({ messages: [{ role: "user", content: "Hello" }] }, { model: "llama3.2" })).content).toBe("You said: Hello");
      // The default: the retrieval responder answers from the passages it is given, and says when they do not answer.
      const passages = [{ id: "p1", source: "Opening hours", text: "The shop opens at nine in the morning. It closes at six." }];
      expect((await engines.chat({ messages: [{ role: "user", content: "When does the shop open?" }], passages })).content).toBe("The shop opens at nine in the morning.");
      expect((await engines.chat({ messages: [{ role: "user", content: "Do you sell bicycles?" }], passages })).content).toBe("I don't know. Nothing I have been given answers that.");
      expect((await engines.embed({ input: ["one", "three"] })).vectors).toEqual([
        [3, 2, 0],
        [5, 2, 1],
      ]);
    });

    it("refuses a provider or model that is not configured", async () => {
      // Awaited in place: an RPC promise handed to expect().rejects is reported as unhandled as well.
      const refusal = (call: Promise<unknown>) => call.then(() => null, (error: Error) => error.message);
      expect(await refusal(engines.chat({ messages: [{ role: "user", content: "Hello" }] }, { provider: "workers-ai" }))).toBe("No chat engine is configured from provider workers-ai");
      expect(await refusal(engines.embed({ input: ["x"] }, { model: "@cf/baai/bge-m3" }))).toBe("No embeddings engine is configured with model @cf/baai/bge-m3");
    });
  });
});

describe("ai-classifier", () => {
  const upload = (key: string, bytes: Uint8Array, name = "clip.wav", type = "audio/wav") => {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    return api("/v1/ai-classifier", { method: "POST", key, body: form });
  };

  type Answer = { probability: number; verdict: string; evidence: string; explanation: string; landmarks: number; aligned_landmarks: number; watermark_score: number };

  describe("AI speech classifier", () => {
    it("recognises the platform's speech after trimming and a volume change, not other audio, and tells nobody whose it was", async () => {
      const key = await createKey(await signUp("classifier@example.com"));
      const clipsBefore = (await env.DB.prepare("SELECT count(*) AS n FROM generated_clips").first<number>("n"))!;
      const speech = await api(`/v1/text-to-speech/${ARIA}?output_format=mp3_44100_128`, { method: "POST", key, json: { text: "Every recording we make is fingerprinted, so it can be recognised later, even after it was cut." } });
      expect(speech.status).toBe(200);
      const mp3 = new Uint8Array(await speech.arrayBuffer());
      // The fingerprint is written after the response: wait for it.
      for (let i = 0; i < 100 && (await env.DB.prepare("SELECT count(*) AS n FROM generated_clips").first<number>("n"))! <= clipsBefore; i++) await new Promise((r) => setTimeout(r, 50));

      const asIs = (await (await upload(key, mp3, "clip.mp3", "audio/mpeg")).json()) as Answer;
      expect(asIs).toMatchObject({ verdict: "made_here" });
      expect(asIs.probability).toBeGreaterThan(0.99);

      const { samples, sampleRate } = await decodeMp3(mp3);
      const cut = Int16Array.from(samples.subarray(Math.round(sampleRate * 0.8), samples.length - sampleRate), (v) => Math.round(v * 0.3));
      const other = await createKey(await signUp("classifier-other@example.com"));
      const copy = (await (await upload(other, wavFile(cut, sampleRate))).json()) as Answer;
      expect(copy.verdict).toBe("made_here");
      expect(copy.probability).toBeGreaterThan(0.9);
      expect(Object.keys(copy).sort()).toEqual(["aligned_landmarks", "analysed_seconds", "evidence", "explanation", "landmarks", "probability", "verdict", "watermark_score"]);
      expect(copy.evidence).toBe("both");

      let x = 7;
      const noise = Int16Array.from({ length: sampleRate * 4 }, () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 8000);
      const notHere = (await (await upload(key, wavFile(noise, sampleRate))).json()) as Answer;
      expect(notHere.verdict).toBe("not_recognised");
      expect(notHere.probability).toBeLessThan(0.05);
      const silence = (await (await upload(key, wavFile(new Int16Array(sampleRate), sampleRate))).json()) as Answer;
      expect(silence.verdict).toBe("too_short");
    }, 60_000);

    it("recognises generated sound by its watermark alone: speech whose fingerprints are gone, a sound effect never fingerprinted", async () => {
      const key = await createKey(await signUp("classifier-watermark@example.com"));
      const speech = await api(`/v1/text-to-speech/${ARIA}?output_format=mp3_44100_64`, { method: "POST", key, json: { text: "Nothing of this clip is stored to compare with. First a sentence, then another one, and a third to finish." } });
      expect(speech.status).toBe(200);
      const mp3 = new Uint8Array(await speech.arrayBuffer());
      // Wait for the fingerprint, then forget every fingerprint: only the sound itself is left to go by.
      for (let i = 0; i < 100 && !(await env.DB.prepare("SELECT count(*) AS n FROM generated_clips").first<number>("n")); i++) await new Promise((r) => setTimeout(r, 50));
      await env.DB.batch([env.DB.prepare("DELETE FROM clip_landmarks"), env.DB.prepare("DELETE FROM generated_clips")]);
      const marked = (await (await upload(key, mp3, "clip.mp3", "audio/mpeg")).json()) as Answer;
      expect(marked).toMatchObject({ verdict: "made_here", evidence: "watermark", aligned_landmarks: 0 });
      expect(marked.watermark_score).toBeGreaterThan(WATERMARK_THRESHOLD);

      const sound = await api("/v1/sound-generation?output_format=mp3_44100_128", { method: "POST", key, json: { text: "steady wind through trees", duration_seconds: 4, seed: 1 } });
      expect(sound.status).toBe(200);
      // A steady sound (16.8 here); short transients or sound mostly under 1 kHz carry too little of it (decision 0078).
      const effect = (await (await upload(key, new Uint8Array(await sound.arrayBuffer()), "wind.mp3", "audio/mpeg")).json()) as Answer;
      expect(effect).toMatchObject({ verdict: "made_here", evidence: "watermark" });

    }, 60_000);

    it("refuses what is not audio", async () => {
      const key = await createKey(await signUp("classifier-bad@example.com"));
      const text = await upload(key, new TextEncoder().encode("hello"), "a.txt", "text/plain");
      expect(text.status).toBe(400);
      expect(((await text.json()) as { detail: { status: string } }).detail.status).toBe("invalid_audio");
      expect((await api("/v1/ai-classifier", { method: "POST", key, body: new FormData() })).status).toBe(422);
    });
  });
});

describe("migrations", () => {
  // A second, empty database (vitest.config.ts) that the tests migrate step by step, with data in it between steps.
  const { TEST_MIGRATIONS, MIGRATION_DB: db } = env as unknown as { TEST_MIGRATIONS: D1Migration[]; MIGRATION_DB: D1Database };
  /** The migrations before the one whose name starts with `prefix` (all of them when there is none). */
  function before(prefix: string): D1Migration[] {
    const index = TEST_MIGRATIONS.findIndex((m) => m.name.startsWith(prefix));
    return index === -1 ? TEST_MIGRATIONS : TEST_MIGRATIONS.slice(0, index);
  }

  /** Every table that references workspaces (directly or through history_items), with a row each. */
  const DEPENDENT_TABLES = ["workspace_members", "api_keys", "workspace_invites", "history_items", "usage_events", "voice_settings", "workspace_billing", "share_links", "video_jobs"];

  async function counts(): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const table of ["users", "workspaces", ...DEPENDENT_TABLES]) {
      result[table] = (await db.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
    }
    return result;
  }

  async function schemaObjects(type: "index" | "trigger"): Promise<string[]> {
    const rows = await db.prepare("SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name").bind(type).all<{ name: string }>();
    return rows.results.map((row) => row.name);
  }

  async function seedBeforeTierCheck() {
    const history = (id: string, workspace: string) =>
      db
        .prepare(
          `INSERT INTO history_items (id, workspace_id, user_id, request_id, voice_id, voice_name, voice_category, model_id, text, date_unix,
          character_count_change_from, character_count_change_to, content_type, output_format, settings, source, audio_key, audio_bytes, duration_ms)
         VALUES (?, ?, 'u1', 'r', 'pv01aria000000000000', 'Aria', 'premade', 'eleven_multilingual_v2', 'Hello', 1, 0, 5, 'audio/mpeg', 'mp3_44100_128', '{}', 'TTS', 'k', 1, 1)`,
        )
        .bind(id, workspace);
    await db.batch([
      db.prepare("INSERT INTO users (id, email, password_hash, public_user_id) VALUES ('u1', 'a@example.com', 'x', 'p1'), ('u2', 'b@example.com', 'x', 'p2')"),
      // A paid workspace, and one whose tier no plan knows (before the check, nothing stopped such a value).
      db.prepare("INSERT INTO workspaces (id, name, owner_id, tier, status) VALUES ('w1', 'One', 'u1', 'creator', 'active'), ('w2', 'Two', 'u2', 'gold', 'free')"),
      db.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ('w1', 'u1', 'admin'), ('w2', 'u2', 'admin')"),
      db.prepare("INSERT INTO api_keys (id, workspace_id, user_id, name, key_hash, preview) VALUES ('k1', 'w1', 'u1', 'key', 'hash', 'sk_...')"),
      db.prepare("INSERT INTO workspace_invites (id, workspace_id, email, role, invited_by) VALUES ('i1', 'w1', 'c@example.com', 'editor', 'u1')"),
      history("h1", "w1"),
      history("h2", "w2"),
      db.prepare("INSERT INTO usage_events (id, workspace_id, user_id, occurred_at, characters, voice_id, voice_name, model_id, source) VALUES ('e1', 'w1', 'u1', 1, 5, 'v', 'Aria', 'm', 'TTS')"),
      db.prepare("INSERT INTO voice_settings (workspace_id, voice_id, settings) VALUES ('w1', 'pv01aria000000000000', '{}')"),
      db.prepare("INSERT INTO workspace_billing (workspace_id, customer_id) VALUES ('w1', 'cus_1')"),
      db.prepare("INSERT INTO share_links (token, history_item_id, workspace_id, user_id) VALUES ('t1', 'h1', 'w1', 'u1')"),
      db.prepare("INSERT INTO video_jobs (id, history_item_id, workspace_id, theme) VALUES ('j1', 'h1', 'w1', 'light')"),
    ]);
  }

  describe("migration 0012: the workspace tier is checked", () => {
    let rowsBefore: Record<string, number>;
    let indexesBefore: string[];

    beforeAll(async () => {
      await applyD1Migrations(db, before("0012_"));
      await seedBeforeTierCheck();
      rowsBefore = await counts();
      indexesBefore = await schemaObjects("index");
      await applyD1Migrations(db, before("0013_"));
    });

    it("lists every table that dropping workspaces would empty", async () => {
      const tables = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite_%'").all<{ name: string }>();
      const cascading = new Set<string>();
      for (let parents = new Set(["workspaces"]); parents.size; ) {
        const next = new Set<string>();
        for (const { name } of tables.results) {
          const keys = await db.prepare(`SELECT "table", on_delete FROM pragma_foreign_key_list('${name}')`).all<{ table: string; on_delete: string }>();
          if (keys.results.some((key) => parents.has(key.table) && key.on_delete === "CASCADE") && !cascading.has(name)) next.add(name);
        }
        next.forEach((name) => cascading.add(name));
        parents = next;
      }
      expect([...cascading].sort()).toEqual([...DEPENDENT_TABLES].sort());
    });

    it("keeps every row of the workspaces and of every table that references them", async () => {
      expect(Object.values(rowsBefore).every((n) => n > 0)).toBe(true);
      expect(await counts()).toEqual(rowsBefore);
    });

    it("keeps the indexes and the foreign keys to workspaces, and leaves no violation", async () => {
      expect(await schemaObjects("index")).toEqual(indexesBefore);
      for (const table of ["workspace_members", "api_keys", "workspace_invites", "history_items", "usage_events", "voice_settings", "workspace_billing"]) {
        const keys = await db.prepare(`SELECT "table", on_delete FROM pragma_foreign_key_list('${table}')`).all<{ table: string; on_delete: string }>();
        expect(keys.results).toContainEqual({ table: "workspaces", on_delete: "CASCADE" });
      }
      expect((await db.prepare("SELECT * FROM pragma_foreign_key_check").all()).results).toEqual([]);
    });

    it("keeps known tiers, turns an unknown one into free, and refuses unknown tiers from now on", async () => {
      const tiers = await db.prepare("SELECT id, tier FROM workspaces ORDER BY id").all<{ id: string; tier: string }>();
      expect(tiers.results).toEqual([{ id: "w1", tier: "creator" }, { id: "w2", tier: "free" }]);
      await expect(db.prepare("UPDATE workspaces SET tier = 'gold' WHERE id = 'w1'").run()).rejects.toThrow(/CHECK constraint failed/);
      await expect(db.prepare("INSERT INTO workspaces (id, name, owner_id, tier) VALUES ('w3', 'Three', 'u1', 'platinum')").run()).rejects.toThrow(/CHECK constraint failed/);
      await db.prepare("UPDATE workspaces SET tier = 'enterprise' WHERE id = 'w2'").run();
      expect(await db.prepare("SELECT tier FROM workspaces WHERE id = 'w2'").first("tier")).toBe("enterprise");
    });
  });

  describe("migration 0013: voices in D1", () => {
    beforeAll(async () => {
      // Moderation as it was kept before (one control on a premade voice, one on an id no voice has), and a
      // dialogue item whose lines carry no voice names yet.
      await db.batch([
        db.prepare("INSERT INTO voice_safety_controls (voice_id, safety_control, reason) VALUES ('pv12marco00000000000', 'BAN', 'misuse report'), ('nobody', 'CAPTCHA', NULL)"),
        db
          .prepare(
            `INSERT INTO history_items (id, workspace_id, user_id, request_id, voice_id, voice_name, voice_category, model_id, text, dialogue, date_unix,
            character_count_change_from, character_count_change_to, content_type, output_format, settings, source, audio_key, audio_bytes, duration_ms)
           VALUES ('h3', 'w1', 'u1', 'r', 'pv01aria000000000000', 'Aria', 'premade', 'm', 'Hi.\nBye.', ?, 1, 0, 7, 'audio/mpeg', 'mp3_44100_128', '{}', 'Dialogue', 'k', 1, 1)`,
          )
          .bind(JSON.stringify([{ text: "Hi.", voice_id: "pv01aria000000000000" }, { text: "Bye.", voice_id: "gone" }])),
      ]);
      await applyD1Migrations(db, before("0014_"));
    });

    it("seeds the fourteen premade voices, none owned", async () => {
      const rows = await db.prepare("SELECT voice_id, category, workspace_id FROM voices ORDER BY voice_id").all<{ voice_id: string; category: string; workspace_id: string | null }>();
      expect(rows.results).toHaveLength(14);
      expect(rows.results.every((row) => row.category === "premade" && row.workspace_id === null)).toBe(true);
    });

    it("moves the safety controls onto the voices and drops their table", async () => {
      const controlled = await db.prepare("SELECT voice_id, safety_control, safety_reason FROM voices WHERE safety_control IS NOT NULL").all();
      expect(controlled.results).toEqual([{ voice_id: "pv12marco00000000000", safety_control: "BAN", safety_reason: "misuse report" }]);
      expect(await db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'voice_safety_controls'").first("n")).toBe(0);
    });

    it("gives each dialogue line the name of its voice (its id when no voice has it)", async () => {
      const dialogue = JSON.parse((await db.prepare("SELECT dialogue FROM history_items WHERE id = 'h3'").first<string>("dialogue"))!);
      expect(dialogue).toEqual([
        { text: "Hi.", voice_id: "pv01aria000000000000", voice_name: "Aria" },
        { text: "Bye.", voice_id: "gone", voice_name: "gone" },
      ]);
      expect(await db.prepare("SELECT dialogue FROM history_items WHERE id = 'h1'").first("dialogue")).toBeNull();
    });
  });
});

describe("malformed-input", () => {
  // Bad input and hostile requests against the pages: each answer is a clear 4xx, never a 500, and no redirect
  // leaves the site (issue 16: items 4, 8, 9).
  const FORM_PAGES = ["/app/sign-in", "/app/sign-up", "/app/reset-password", "/app/action?mode=resetPassword&oobCode=x", "/app/settings", "/app/settings/api-keys", "/app/workspace/members"];

  /** A multipart body whose only part never ends. */
  function brokenMultipart(): RequestInit {
    const boundary = "----parlance-probe";
    return {
      method: "POST",
      body: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nsomeone@example.com`,
      headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": `multipart/form-data; boundary=${boundary}` },
      redirect: "manual",
    };
  }

  describe("cross-origin form posts", () => {
    it("are refused with 403 and a readable reason on every form page, signed in or not", async () => {
      const cookie = await signUp("cross-origin@example.com");
      for (const path of FORM_PAGES) {
        for (const headers of [{}, { cookie }] as Record<string, string>[]) {
          const init = form({ email: "a@example.com", password: "x", intent: "create" });
          const response = await SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers, origin: "https://evil.example" } });
          expect(response.status, path).toBe(403);
          expect(await response.text(), path).toBe(CROSS_ORIGIN_REFUSED);
        }
      }
    });
  });

  describe("unreadable form bodies", () => {
    it("answer 400 with a message on the sign-in, sign-up, reset and account-action forms", async () => {
      for (const path of FORM_PAGES.slice(0, 4)) {
        const response = await SELF.fetch(`${ORIGIN}${path}`, brokenMultipart());
        expect(response.status, path).toBe(400);
        expect(await response.text(), path).toContain(UNREADABLE_FORM);
      }
    });
  });

  describe("account-action redirects", () => {
    it("never lead off the site, whatever the continueUrl hides", async () => {
      for (const trick of ["%2F.%2F%2Fevil.example", "%2Fapp%2Fhome%2F..%2F..%2F%2Fevil.example", "%2F%2Fevil.example%2Fpath", "https%3A%2F%2Fevil.example%2Fapp%2Fhome", "%2F%5Cevil.example"]) {
        const response = await SELF.fetch(`${ORIGIN}/app/action?mode=recoverEmail&continueUrl=${trick}`, { redirect: "manual" });
        expect(response.status, trick).toBe(302);
        const location = response.headers.get("location")!;
        expect(new URL(location, ORIGIN).origin, `${trick} -> ${location}`).toBe(ORIGIN);
        expect(location.startsWith("//"), location).toBe(false);
      }
      const kept = await SELF.fetch(`${ORIGIN}/app/action?mode=recoverEmail&continueUrl=%2Fapp%2Fsettings`, { redirect: "manual" });
      expect(kept.headers.get("location")).toBe("/app/settings");
    });
  });

  describe("API bodies that carry nothing or do not parse", () => {
    it("an update with no field changes nothing and succeeds; an unreadable body is a 422 on every API path", async () => {
      const cookie = await signUp("empty-updates@example.com");
      const key = await createKey(cookie);
      for (const path of ["/v1/user/edit-user-metadata", "/v1/workspace/update-workspace"]) {
        for (const init of [{ json: {} }, { body: "a=1", headers: { "content-type": "text/plain" } }]) {
          const response = await api(path, { method: "POST", key, ...init });
          expect(response.status, `${path} ${JSON.stringify(init)}`).toBe(200);
        }
      }
      for (const path of ["/v1/user/edit-user-metadata", "/create-checkout-session", "/cancel-subscription", "/apply-discount"]) {
        for (const body of ["", "{", "\u0000"]) {
          const response = await api(path, { method: "POST", key, body, headers: { "content-type": "application/json" } });
          expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(422);
          expect(((await response.json()) as { detail: unknown }).detail).toBeTruthy();
        }
      }
    });
  });
});

describe("surface-probe", () => {
  // Malformed and hostile input against the invite, staff and subscription surface: every answer is a 4xx
  // with its surface's error shape, never a 5xx (issue 16: "count the 5xx, target zero").
  const JSON_BODIES: (string | undefined)[] = [undefined, "", "null", "[]", "{", '"text"', "{}", '{"invite_code": 5}', '{"invite_code": ["a"]}', `{"invite_code": "${"a".repeat(5000)}"}`, '{"workspace_id": {}}', '{"email": "not-an-email"}', '{"email": 1}'];

  describe("probing the invite, staff and subscription routes", () => {
    it("answers every malformed body with a 4xx, JSON on /v1", async () => {
      const cookie = await signUp("probe-api@example.com");
      await verifyEmailOf("probe-api@example.com");
      await env.DB.prepare("UPDATE users SET staff_role = 'support' WHERE email = 'probe-api@example.com'").run();
      const statuses: number[] = [];
      for (const path of ["/v1/workspace/invites/accept", "/v1/workspace/invites/decline", "/v1/workspace/invites/add", "/v1/support/sign-in-requests"]) {
        for (const body of JSON_BODIES) {
          for (const contentType of ["application/json", "text/plain", "multipart/form-data; boundary=x"]) {
            const response = await api(path, { method: "POST", cookie, body, headers: { "content-type": contentType } });
            statuses.push(response.status);
            expect(response.status, `${path} ${contentType} ${body}`).toBeGreaterThanOrEqual(400);
            expect(response.status, `${path} ${contentType} ${body}`).toBeLessThan(500);
            expect(response.headers.get("content-type"), path).toContain("application/json");
            expect(await response.json()).toHaveProperty("detail");
          }
        }
      }
      for (const query of ["", "?email=", "?email=%", "?email=a@b", `?email=${"a".repeat(300)}@example.com`, "?email[]=x", "?email=a@example.com&email=b@example.com"]) {
        const response = await api(`/v1/support/accounts${query}`, { cookie });
        statuses.push(response.status);
        expect(response.status, query).toBeGreaterThanOrEqual(400);
        expect(response.status, query).toBeLessThan(500);
      }
      for (const path of ["/v1/user/subscription", "/v1/user/subscription/billing-info"]) {
        for (const query of ["", "?x=%", "?expand[]=data"]) statuses.push((await api(`${path}${query}`, { cookie })).status);
      }
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
    }, 60_000);

    it("the invites page answers bad forms with 400, cross-origin posts with 403, odd links with the page", async () => {
      const cookie = await signUp("probe-page@example.com");
      const post = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
        const init = form(fields);
        return SELF.fetch(`${ORIGIN}/app/settings/workspace-invites`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie, ...headers } });
      };
      const bad: Record<string, string>[] = [{}, { intent: "steal" }, { intent: "accept" }, { intent: "accept", workspace_id: "w" }, { intent: "decline" }, { intent: "accept", workspace_id: "w", invite_code: "x".repeat(500) }];
      for (const fields of bad) {
        expect((await post(fields)).status, JSON.stringify(fields)).toBe(400);
      }
      const crossOrigin = await post({ intent: "accept", workspace_id: "w", invite_code: "x" }, { origin: "https://evil.example" });
      expect(crossOrigin.status).toBe(403);
      expect(await crossOrigin.text()).toBe(CROSS_ORIGIN_REFUSED);
      const broken = await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites`, {
        method: "POST",
        body: '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\naccept',
        headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "multipart/form-data; boundary=b" },
        redirect: "manual",
      });
      expect(broken.status).toBe(400);
      for (const code of ["", "%", "%00", "x".repeat(3000), "<script>alert(1)</script>", "0".repeat(48)]) {
        const page = await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites?invite_code=${encodeURIComponent(code)}`, { headers: { cookie } });
        expect(page.status, code).toBe(200);
        expect(await page.text()).not.toContain("<script>alert(1)</script>");
      }
    }, 30_000);
  });
});

describe("notifications", () => {
  // Notifications with live updates (decision 0042): a Durable Object per workspace pushes each new one to the open sockets.
  type Message = { type: string; notification?: { title: string; severity: string; has_been_read: boolean } };
  type List = { notifications: { title: string; has_been_read: boolean }[]; unread_count: number };

  async function workspaceOf(key: string): Promise<string> {
    return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  }

  /** The live socket of a key's member, with the messages it received so far. */
  async function openSocket(key: string): Promise<{ socket: WebSocket; messages: Message[]; next: () => Promise<Message> }> {
    const response = await SELF.fetch(`${ORIGIN}/v1/workspace/notifications/live`, { headers: { upgrade: "websocket", "xi-api-key": key } });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const messages: Message[] = [];
    const waiting: ((m: Message) => void)[] = [];
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as Message;
      messages.push(message);
      waiting.shift()?.(message);
    });
    return { socket, messages, next: () => new Promise<Message>((resolve) => waiting.push(resolve)) };
  }

  describe("live notifications", () => {
    it("an event reaches the member's open socket at once, is listed unread, and is marked read; another workspace hears nothing", async () => {
      const key = await createKey(await signUp("ntf-admin@example.com"));
      const outsiderKey = await createKey(await signUp("ntf-outsider@example.com"));
      const mine = await openSocket(key);
      const theirs = await openSocket(outsiderKey);

      const arrived = mine.next();
      await emitWorkspaceEvent(env, await workspaceOf(key), "speech_to_text", { request_id: "r1" });
      expect(await arrived).toMatchObject({ type: "notification", notification: { title: "Transcription finished", severity: "success", has_been_read: false } });
      // The socket answers pings (pages keep idle proxies from closing it).
      const pong = mine.next();
      mine.socket.send("ping");
      expect(await pong).toEqual({ type: "pong" });
      expect(theirs.messages).toEqual([]);

      const list = (await (await api("/v1/workspace/notifications", { key })).json()) as List;
      expect(list.unread_count).toBe(1);
      expect(list.notifications[0]).toMatchObject({ title: "Transcription finished", has_been_read: false });
      expect((await api("/v1/workspace/notifications/read", { method: "POST", key })).status).toBe(200);
      expect(((await (await api("/v1/workspace/notifications", { key })).json()) as List).unread_count).toBe(0);
      expect(await (await api("/v1/workspace/notifications", { key: outsiderKey })).json()).toEqual({ notifications: [], unread_count: 0 });
      // Without the upgrade the live path says how to open it.
      expect((await api("/v1/workspace/notifications/live", { key })).status).toBe(426);
      mine.socket.close();
      theirs.socket.close();
    });

    it("a Studio conversion of a private project tells only those who may see it", async () => {
      const adminKey = await createKey(await signUp("ntf-studio-admin@example.com"));
      const workspaceId = await workspaceOf(adminKey);
      const editorCookie = await signUp("ntf-studio-editor@example.com");
      const editor = await env.DB.prepare("SELECT id FROM users WHERE email = 'ntf-studio-editor@example.com'").first<{ id: string }>();
      await env.DB.batch([
        env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, editor!.id),
        env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, editor!.id),
        env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active' WHERE id = ?").bind(workspaceId),
      ]);
      const editorKey = await createKey(editorCookie);
      const form = new FormData();
      form.append("name", "Admin's private book");
      const project = ((await (await api("/v1/studio/projects", { method: "POST", key: adminKey, body: form })).json()) as { project: { project_id: string } }).project.project_id;
      await emitWorkspaceEvent(env, workspaceId, "studio_conversion", { project_id: project, name: "Admin's private book", failed_chapter_ids: [] });
      const adminList = (await (await api("/v1/workspace/notifications", { key: adminKey })).json()) as List;
      expect(adminList.notifications.map((n) => n.title)).toEqual(["Studio conversion finished"]);
      expect(((await (await api("/v1/workspace/notifications", { key: editorKey })).json()) as List).notifications).toEqual([]);
    });
  });

  describe("notification preferences", () => {
    it("a member who turned an event off gets no notification for it; the others still come; the settings page saves them", async () => {
      const cookie = await signUp("ntf-prefs@example.com");
      const key = await createKey(cookie);
      const workspaceId = await workspaceOf(key);
      expect(await (await api("/v1/workspace/notifications/preferences", { key })).json()).toMatchObject({ speech_to_text: true, dubbing: true });
      expect((await api("/v1/workspace/notifications/preferences", { method: "POST", key, json: { nonsense: true } })).status).toBe(422);
      const saved = await api("/v1/workspace/notifications/preferences", { method: "POST", key, json: { speech_to_text: false } });
      expect(await saved.json()).toMatchObject({ speech_to_text: false, dubbing: true, studio_conversion: true });

      await emitWorkspaceEvent(env, workspaceId, "speech_to_text", { request_id: "r-muted" });
      await emitWorkspaceEvent(env, workspaceId, "voice_library_removal_notice", { name: "Lorna", reason: "deleted" });
      const list = (await (await api("/v1/workspace/notifications", { key })).json()) as List;
      expect(list.notifications.map((n) => n.title)).toEqual(["A library voice was removed"]);

      // The settings page: each ticked box stays on, an unticked one is turned off.
      const body = new URLSearchParams([["intent", "notifications"], ["notify", "speech_to_text"], ["notify", "studio_conversion"]]);
      const page = await SELF.fetch(`${ORIGIN}/app/settings`, { method: "POST", body, headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded" } });
      expect(page.status).toBe(200);
      expect(await (await api("/v1/workspace/notifications/preferences", { key })).json()).toEqual({
        studio_conversion: true,
        dubbing: false,
        speech_to_text: true,
        voice_library_removal_notice: false,
      });
      expect(await (await SELF.fetch(`${ORIGIN}/app/settings`, { headers: { cookie } })).text()).toMatch(/id="notify-speech_to_text"[^>]*checked/);
    });
  });
});
