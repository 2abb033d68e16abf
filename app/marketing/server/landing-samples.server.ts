import { findLandingPage } from "~/speech/rules/languages";
import { findPremadeVoice } from "~/voices/voices.server";
import { synthesizeUncharged } from "~/speech/generation.server";

/** A landing page's sample: generated once by the engine, then served from R2 (charged to nobody). */
export async function landingSample(env: Env, slug: string): Promise<R2ObjectBody | null> {
  const page = findLandingPage(slug);
  const voice = page && (await findPremadeVoice(env, page.voice_id));
  if (!page || !voice) return null;
  const key = `landing-samples/${slug}.mp3`;
  const existing = await env.MEDIA.get(key);
  if (existing) return existing;
  await env.MEDIA.put(key, await synthesizeUncharged(env, voice, page.placeholderText, "mp3_44100_128", page.languageCode), { httpMetadata: { contentType: "audio/mpeg" } });
  return env.MEDIA.get(key);
}
