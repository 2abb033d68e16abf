import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MarketingLayout } from "~/marketing/components/site-chrome";
import { apiReference } from "~/api-docs/api-docs.server";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";

export const meta = publicMeta({ title: `API reference · ${PRODUCT_NAME}`, description: `The ${PRODUCT_NAME} HTTP API: text to speech, voices, models, history and account.`, path: "/api" });
export const headers = publicHeaders;

export function loader({ context }: LoaderFunctionArgs) {
  return { reference: apiReference(context) };
}

const METHOD_COLOURS: Record<string, string> = {
  get: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  post: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  put: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
  patch: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
  delete: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
};

/** A readable reference: the operations of /openapi.json, grouped by area. */
export default function ApiReference() {
  const { reference } = useLoaderData<typeof loader>();
  return (
    <MarketingLayout>
      <article className="mx-auto max-w-4xl space-y-8 px-4 py-12">
        <header className="space-y-3">
          <h1 className="text-4xl font-bold tracking-tight">API reference</h1>
          <p className="text-muted-foreground">
            Send your API key in the <code>xi-api-key</code> header. Requests and responses are JSON in snake_case; errors look like{" "}
            <code>{'{"detail": {"status": "...", "message": "..."}}'}</code>. The official JavaScript SDK of the commercial service works unchanged:
          </p>
          <pre className="overflow-x-auto rounded-xl bg-zinc-900 p-4 text-sm text-zinc-100">
            {`import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
const client = new ElevenLabsClient({ apiKey: "sk_…", baseUrl: "https://your-host" });
const audio = await client.textToSpeech.convert("pv01aria000000000000", { text: "Hello!" });`}
          </pre>
          <p className="text-muted-foreground">
            The OpenAI-compatible routes (<code>/v1/audio/…</code>, below under &ldquo;OpenAI-compatible&rdquo;) speak OpenAI&rsquo;s wire format instead: the same key as a
            bearer token, OpenAI&rsquo;s model and voice names, and errors like <code>{'{"error": {"message", "type", "code", "param"}}'}</code>. OpenAI&rsquo;s own SDK
            works with only its base URL changed:
          </p>
          {/* Wrapped, not scrolled: a scrolling block would need to be focusable to be read by keyboard. */}
          <pre className="whitespace-pre-wrap break-words rounded-xl bg-zinc-900 p-4 text-sm text-zinc-100">
            {`import OpenAI from "openai";
const openai = new OpenAI({ apiKey: "sk_…", baseURL: "https://your-host/v1" });
const speech = await openai.audio.speech.create({ model: "tts-1", voice: "alloy", input: "Hello!" });`}
          </pre>
          <p className="text-sm">
            Machine-readable description, with every request schema: <a className="underline" href="/openapi.json">/openapi.json</a> (OpenAPI 3.1
            {reference ? `, ${reference.operations} operations` : ""}).
          </p>
        </header>
        {reference === null ? (
          <p className="text-sm text-muted-foreground">The operation list comes from the app worker, which this development server does not run.</p>
        ) : null}
        {reference?.sections.map((section) => (
          <section key={section.tag} className="space-y-2">
            <h2 className="text-xl font-semibold">{section.tag}</h2>
            <ul className="divide-y divide-zinc-200 rounded-xl border border-border dark:divide-zinc-800">
              {section.operations.map((op) => (
                <li key={`${op.method} ${op.path}`} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                  <span className={`w-16 rounded px-2 py-0.5 text-center text-xs font-semibold uppercase ${METHOD_COLOURS[op.method]}`}>{op.method}</span>
                  <code className="font-mono">{op.path}</code>
                  <span className="flex-1 text-muted-foreground">
                    {op.summary}
                    {op.authenticated ? null : <span className="ml-2 text-xs text-muted-foreground">(no API key)</span>}
                    {op.description ? <span className="block text-xs text-muted-foreground">{op.description}</span> : null}
                  </span>
                  <span className="text-xs text-muted-foreground">{op.answer}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </article>
    </MarketingLayout>
  );
}
