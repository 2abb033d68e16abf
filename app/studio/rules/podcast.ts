// A podcast's script made from its source without a language model: the source's own words, read in turns. In a
// conversation the host and the guest take turns at each paragraph (at each sentence when the source is one
// paragraph); a bulletin is the host alone. Nothing is summarised or rewritten (decision 0073).
import { z } from "zod";
import { BLOCK_TEXT_MAX, QUALITY_PRESETS, type ContentBlock } from "../../../core/studio/studio-rules";

export const PODCAST_DURATION_SCALES = ["short", "default", "long"] as const;
/** A text source's length at most (a long book belongs in a Studio project of chapters). */
export const PODCAST_SOURCE_MAX = 500_000;

export type PodcastDurationScale = (typeof PODCAST_DURATION_SCALES)[number];

/** Speech runs at about 150 words a minute (the caps below are minutes of it). */
export const PODCAST_WORDS_PER_MINUTE = 150;

/** Short stays under 3 minutes, default under 7, long keeps everything. */
export const PODCAST_WORD_CAPS: Record<PodcastDurationScale, number | null> = { short: 3 * PODCAST_WORDS_PER_MINUTE, default: 7 * PODCAST_WORDS_PER_MINUTE, long: null };

/** A duration choice as the Studio page's podcast dialog offers it, from its word cap. */
export function podcastDurationLabel(scale: PodcastDurationScale): { name: string; detail: string } {
  const cap = PODCAST_WORD_CAPS[scale];
  const name = `${scale[0]!.toUpperCase()}${scale.slice(1)}`;
  return { name, detail: cap === null ? "The whole source" : `Up to about ${cap / PODCAST_WORDS_PER_MINUTE} minutes` };
}

export const PODCAST_TEXTS = {
  emptySource: "The source has no text to make a podcast from.",
  instructionsPrompt: "instructions_prompt needs a language model to rewrite the source, and this server has none: the podcast reads the source's own words in turns. Leave it out.",
  safetyIdentifier: "safety_identifier is for workspaces allowlisted for it, and none is on this server. Leave it out.",
  callbackUrl: "callback_url is not supported: follow the conversion with GET /v1/studio/projects/{project_id}, or the workspace's notifications.",
  textNormalization: "apply_text_normalization can only be auto for a podcast.",
  // The Studio page's podcast dialog (decision 0079).
  ownWords: "Your source's own words, read in turns by the voices: nothing is rewritten or summarised.",
  shortSource: "A short source makes a short podcast: nothing is added to reach the length.",
  noText: "Paste the text to read.",
  noUrl: "Give the address of the page to read.",
  noHost: "Choose the host's voice.",
  noGuest: "Choose the guest's voice.",
  introOutro: "Intro and outro (optional)",
  introOutroHint: "Said by the host before and after the source, word for word.",
  notCreated: "The podcast's project was made, but its conversion was not started:",
} as const;

export type PodcastVoices = { host: string; guest: string | null };

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Sentences in the source's order, whitespace inside each collapsed (Intl.Segmenter's sentence rules). */
export function sentencesOf(text: string): string[] {
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  return [...segmenter.segment(text)].map((s) => s.segment.replace(/\s+/g, " ").trim()).filter(Boolean);
}

/** The source's paragraphs: separated by blank lines, or by line breaks when it has no blank line. */
export function paragraphsOf(text: string): string[] {
  const normal = text.replace(/\r\n?/g, "\n").trim();
  const parts = /\n\s*\n/.test(normal) ? normal.split(/\n\s*\n/) : normal.split("\n");
  return parts.map((p) => p.replace(/\s+/g, " ").trim()).filter(Boolean);
}

/** A turn's text in blocks no longer than a block may be, cut between sentences (or inside one longer than a block). */
function blocksOf(text: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const sentence of sentencesOf(text)) {
    for (let i = 0; i < sentence.length; i += BLOCK_TEXT_MAX) {
      const piece = sentence.slice(i, i + BLOCK_TEXT_MAX);
      if (current && current.length + 1 + piece.length > BLOCK_TEXT_MAX) {
        out.push(current);
        current = piece;
      } else current = current ? `${current} ${piece}` : piece;
    }
  }
  if (current) out.push(current);
  return out;
}

/**
 * The script as one chapter's blocks: the intro (host), the turns (host first, then guest, alternating), the outro
 * (host). Turns stop at the duration's word cap, after the sentence that reaches it.
 */
export function podcastScript(source: string[], voices: PodcastVoices, options: { intro?: string | null; outro?: string | null; durationScale?: PodcastDurationScale | null }): ContentBlock[] {
  const paragraphs = source.flatMap(paragraphsOf);
  const turns = voices.guest && paragraphs.length === 1 ? sentencesOf(paragraphs[0]!) : paragraphs;
  const cap = PODCAST_WORD_CAPS[options.durationScale ?? "default"];
  const kept: string[] = [];
  let count = 0;
  for (const turn of turns) {
    if (cap !== null && count >= cap) break;
    let text = turn;
    if (cap !== null && count + words(turn) > cap) {
      const sentences: string[] = [];
      for (const s of sentencesOf(turn)) {
        sentences.push(s);
        if (count + words(sentences.join(" ")) >= cap) break;
      }
      text = sentences.join(" ");
    }
    kept.push(text);
    count += words(text);
  }
  const block = (voiceId: string, text: string): ContentBlock[] => blocksOf(text).map((t) => ({ sub_type: "p", nodes: [{ type: "tts_node", voice_id: voiceId, text: t }] }));
  return [
    ...(options.intro?.trim() ? block(voices.host, options.intro) : []),
    ...kept.flatMap((text, i) => block(i % 2 === 1 && voices.guest ? voices.guest : voices.host, text)),
    ...(options.outro?.trim() ? block(voices.host, options.outro) : []),
  ];
}

export const PODCAST_MODES = ["conversation", "bulletin"] as const;
export const PODCAST_SOURCE_TYPES = ["text", "url"] as const;

const optionalField = (max: number) => z.string().max(max).optional().transform((v) => v?.trim() || null);

/**
 * The Studio page's "Create a podcast" form: the API's own choices (decision 0073) as form fields, with a field
 * error for what is missing (a hidden field is never required, so the form still submits without scripts).
 */
export const podcastForm = z
  .object({
    source_type: z.enum(PODCAST_SOURCE_TYPES).default("text"),
    text: z.string().max(PODCAST_SOURCE_MAX, `The text must be at most ${PODCAST_SOURCE_MAX.toLocaleString("en")} characters.`).optional(),
    url: optionalField(2000),
    mode: z.enum(PODCAST_MODES).default("conversation"),
    host_voice_id: optionalField(100),
    guest_voice_id: optionalField(100),
    duration_scale: z.enum(PODCAST_DURATION_SCALES).default("default"),
    language: optionalField(20),
    quality_preset: z.enum(QUALITY_PRESETS).default("standard"),
    intro: optionalField(BLOCK_TEXT_MAX),
    outro: optionalField(BLOCK_TEXT_MAX),
  })
  .superRefine((form, ctx) => {
    const missing = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (form.source_type === "text" && !form.text?.trim()) missing("text", PODCAST_TEXTS.noText);
    if (form.source_type === "url" && !form.url) missing("url", PODCAST_TEXTS.noUrl);
    if (!form.host_voice_id) missing("host_voice_id", PODCAST_TEXTS.noHost);
    if (form.mode === "conversation" && !form.guest_voice_id) missing("guest_voice_id", PODCAST_TEXTS.noGuest);
  });

export type PodcastForm = z.output<typeof podcastForm>;

/** The form's choices as the server module's request: only the chosen source, the guest only in a conversation. */
export function podcastRequestOf(form: PodcastForm) {
  return {
    voices: { host: form.host_voice_id ?? "", guest: form.mode === "conversation" ? form.guest_voice_id : null },
    sources: [form.source_type === "url" ? { type: "url" as const, url: form.url ?? "" } : { type: "text" as const, text: form.text ?? "" }],
    durationScale: form.duration_scale,
    language: form.language,
    qualityPreset: form.quality_preset,
    intro: form.intro,
    outro: form.outro,
  };
}

/** What a refusal of the podcast's server module is about: one of the voices or the source (or neither). */
export type PodcastRefusalSubject = "host" | "guest" | "source";

/** The form field a refusal belongs under; "form" for one about none of them (the plan's limit, the quota). */
export function podcastFormField(subject: PodcastRefusalSubject | undefined, form: Pick<PodcastForm, "source_type">): string {
  if (subject === "host") return "host_voice_id";
  if (subject === "guest") return "guest_voice_id";
  if (subject === "source") return form.source_type;
  return "form";
}
