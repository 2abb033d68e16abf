// Podcasts (the SDK's studio.createPodcast): a Studio project whose one chapter is the source read in turns by a
// host and a guest (or the host alone), then converted at once. The script is the source's own words (decision 0073).
import type { Actor } from "~/accounts/accounts.server";
import type { StudioProjectRow } from "../../../db/repositories/studio";
import { projectNameFromText, type QualityPreset } from "../../../core/studio/studio-rules";
import { PODCAST_TEXTS, podcastScript, type PodcastDurationScale, type PodcastRefusalSubject, type PodcastVoices } from "~/studio/rules/podcast";
import { checkVoices, createProject, queueConversion, type StudioRefusal } from "./projects.server";
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
  /** How a refusal names a URL source: the API's field by default, the page's own words from the page. */
  urlName?: string;
};

/** The sources' text in order: a URL's page read as Studio's URL import reads it, its paragraphs kept apart. */
async function sourceTexts(env: Env, sources: PodcastSource[], urlName?: string): Promise<{ ok: true; value: string[] } | { ok: false; refusal: StudioRefusal; sourceIndex: number }> {
  const texts: string[] = [];
  for (const [i, source] of sources.entries()) {
    if (source.type === "text") {
      texts.push(source.text);
      continue;
    }
    const fetched = await contentFromUrl(env, source.url, "Podcast", urlName ?? (sources.length > 1 ? `source[${i}].url` : "source.url"));
    if (!fetched.ok) return { ok: false, refusal: fetched.refusal, sourceIndex: i };
    if (fetched.content.kind === "document") texts.push(fetched.content.chapters.flatMap((c) => c.blocks.map((b) => b.text)).join("\n\n"));
  }
  return { ok: true, value: texts };
}

/**
 * A refusal says what it is about (the page shows it under that field; a source's, which source); one made after the project was (its
 * conversion could not be queued: the quota, a payment due) names the project, which stays as with auto_convert.
 */
export type PodcastResult = { ok: true; value: StudioProjectRow } | { ok: false; refusal: StudioRefusal & { subject?: PodcastRefusalSubject; sourceIndex?: number }; created?: StudioProjectRow };

/** Creates the podcast's project and queues its conversion (charged as any Studio conversion). */
export async function createPodcast(env: Env, actor: Actor, request: PodcastRequest): Promise<PodcastResult> {
  // Both voices, even when a short source never gives the guest a turn.
  const hostRefusal = await checkVoices(env, actor, [request.voices.host]);
  if (hostRefusal) return { ok: false, refusal: { ...hostRefusal, subject: "host" } };
  const guestRefusal = request.voices.guest ? await checkVoices(env, actor, [request.voices.guest]) : null;
  if (guestRefusal) return { ok: false, refusal: { ...guestRefusal, subject: "guest" } };
  const texts = await sourceTexts(env, request.sources, request.urlName);
  if (!texts.ok) return { ok: false, refusal: { ...texts.refusal, subject: "source", sourceIndex: texts.sourceIndex } };
  const blocks = podcastScript(texts.value, request.voices, { intro: request.intro, outro: request.outro, durationScale: request.durationScale });
  if (!blocks.some((b) => b.nodes.some((n) => n.text.trim()))) return { ok: false, refusal: { httpStatus: 400, status: "invalid_content", message: PODCAST_TEXTS.emptySource, subject: "source" } };
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
  if (!queued.ok) return { ok: false, refusal: queued.refusal, created: created.value };
  return created;
}
