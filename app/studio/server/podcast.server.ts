// Podcasts (the SDK's studio.createPodcast): a Studio project whose one chapter is the source read in turns by a
// host and a guest (or the host alone), then converted at once. The script is the source's own words (decision 0073).
import type { Actor } from "~/accounts/accounts.server";
import type { StudioProjectRow } from "../../../db/repositories/studio";
import { projectNameFromText, type QualityPreset } from "../../../core/studio/studio-rules";
import { PODCAST_TEXTS, podcastScript, type PodcastDurationScale, type PodcastVoices } from "~/studio/rules/podcast";
import { checkVoices, createProject, queueConversion, type StudioResult } from "./projects.server";
import { contentFromUrl } from "./url-import.server";

export type PodcastSource = { type: "text"; text: string } | { type: "url"; url: string };
export type PodcastRequest = {
  modelId: string;
  voices: PodcastVoices;
  sources: PodcastSource[];
  qualityPreset?: QualityPreset | null;
  durationScale?: PodcastDurationScale | null;
  language?: string | null;
  intro?: string | null;
  outro?: string | null;
  highlights?: string[] | null;
};

/** The sources' text in order: a URL's page read as Studio's URL import reads it, its paragraphs kept apart. */
async function sourceTexts(env: Env, sources: PodcastSource[]): Promise<StudioResult<string[]>> {
  const texts: string[] = [];
  for (const [i, source] of sources.entries()) {
    if (source.type === "text") {
      texts.push(source.text);
      continue;
    }
    const fetched = await contentFromUrl(env, source.url, "Podcast", sources.length > 1 ? `source[${i}].url` : "source.url");
    if (!fetched.ok) return fetched;
    if (fetched.content.kind === "document") texts.push(fetched.content.chapters.flatMap((c) => c.blocks.map((b) => b.text)).join("\n\n"));
  }
  return { ok: true, value: texts };
}

/** Creates the podcast's project and queues its conversion (charged as any Studio conversion). */
export async function createPodcast(env: Env, actor: Actor, request: PodcastRequest): Promise<StudioResult<StudioProjectRow>> {
  // Both voices, even when a short source never gives the guest a turn.
  const voiceRefusal = await checkVoices(env, actor, [request.voices.host, ...(request.voices.guest ? [request.voices.guest] : [])]);
  if (voiceRefusal) return { ok: false, refusal: voiceRefusal };
  const texts = await sourceTexts(env, request.sources);
  if (!texts.ok) return texts;
  const blocks = podcastScript(texts.value, request.voices, { intro: request.intro, outro: request.outro, durationScale: request.durationScale });
  if (!blocks.some((b) => b.nodes.some((n) => n.text.trim()))) return { ok: false, refusal: { httpStatus: 400, status: "invalid_content", message: PODCAST_TEXTS.emptySource } };
  const name = projectNameFromText(texts.value.join("\n"), "Podcast");
  const created = await createProject(
    env,
    actor,
    {
      name,
      defaultTitleVoiceId: request.voices.host,
      defaultParagraphVoiceId: request.voices.host,
      defaultModelId: request.modelId,
      qualityPreset: request.qualityPreset ?? null,
      language: request.language ?? null,
      description: request.highlights?.length ? request.highlights.join(" · ") : null,
      contentType: "podcast",
    },
    { kind: "json", chapters: [{ name, blocks }] },
  );
  if (!created.ok) return created;
  const queued = await queueConversion(env, actor, created.value, null);
  if (!queued.ok) return queued;
  return created;
}
