import type { OpenApiDocument } from "~/api-docs/rules/reference";
import type { EdgeContext } from "../core/edge/edge-context";
import type { ProfessionalVoicePipeline } from "~/voices/professional-cloning.server";
import type { AgentMediaPipeline } from "~/agents/media.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };
    requestId: string;
    /** Nonce the edge put into this response's Content-Security-Policy; every inline script carries it. */
    nonce: string;
    edge: EdgeContext;
    /** The API description (/openapi.json), from the app worker; absent under `npm run dev` (Remix alone). */
    openApiDocument?: () => OpenApiDocument;
    /** Sends a request to this app worker in-process (the development Twilio stand-in reaches the platform so). */
    dial?: (request: Request) => Promise<Response>;
    /** The professional voice steps that decode audio, from the app worker; absent under `npm run dev` (Remix alone). */
    professionalVoices?: ProfessionalVoicePipeline;
    /** The agent page's avatar and hold audio uploads (hold audio is decoded), from the app worker; absent under `npm run dev`. */
    agentMedia?: AgentMediaPipeline;
  }
}

export {};
