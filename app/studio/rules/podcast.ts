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
  severalSources: (max: number) => `Up to ${max} sources, read one after another in this order; an empty one is left out.`,
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

const optionalField = (max: number) => z.string().max(max).optional().transform((v) => v?.trim() || null);

/** As many sources as POST /v1/studio/podcasts takes in its list (decision 0073). */
export const PODCAST_SOURCES_MAX = 10;
export const PODCAST_URL_MAX = 2000;

export type PodcastSourceFieldName = "source_type" | "text" | "url";

/**
 * A source row's field name in the dialog: the first row's fields keep their plain names (`text`, `url`,
 * `source_type`), the n-th row's take the suffix `_n` (`text_2`). Named fields per row, so the form posts as it is
 * without scripts, and a field error lands under its own row's field.
 */
export function podcastSourceField(index: number, field: PodcastSourceFieldName): string {
  return index === 0 ? field : `${field}_${index + 1}`;
}

/**
 * The source rows the dialog shows for a form answered back: as many as were posted (a row posts its source type),
 * one more when "Add another source" posted it (without scripts), at least one, at most the API's limit.
 */
export function podcastSourceRows(values: Record<string, string>): number {
  let rows = 1;
  for (let i = 1; i < PODCAST_SOURCES_MAX; i++) if (podcastSourceField(i, "source_type") in values) rows = i + 1;
  return Math.min(PODCAST_SOURCES_MAX, rows + (values.add_source ? 1 : 0));
}

const SOURCE_FIELDS: readonly PodcastSourceFieldName[] = ["source_type", "text", "url"];

/**
 * The form's values with the source row that "Remove" posted taken out (`remove_source`: its number, 1 for the
 * first): the rows after it move up one, their fields renamed to their new place, so the form answered back (or
 * redrawn by the scripts) holds the same sources less that one. The only row stays (it is emptied instead); an
 * unknown number removes nothing. The buttons' own names are dropped, so no row is added on the way.
 */
export function podcastValuesRemovingSource(values: Record<string, string>): Record<string, string> {
  const { add_source: _added, remove_source: removed, ...rest } = values;
  const rows = podcastSourceRows(rest);
  const index = Number(removed) - 1;
  if (!Number.isInteger(index) || index < 0 || index >= rows || rows === 1) return rest;
  const out = { ...rest };
  for (let i = 0; i < rows; i++) for (const field of SOURCE_FIELDS) delete out[podcastSourceField(i, field)];
  let to = 0;
  for (let from = 0; from < rows; from++) {
    if (from === index) continue;
    for (const field of SOURCE_FIELDS) {
      const value = rest[podcastSourceField(from, field)];
      if (value !== undefined) out[podcastSourceField(to, field)] = value;
    }
    to++;
  }
  return out;
}

/** A source as the form gave it, with the field it came from (a refusal about it is shown there). */
export type PodcastFormSource = ({ type: "text"; text: string } | { type: "url"; url: string }) & { field: string };

const formSources = (form: Record<string, unknown>, issue: (path: string, message: string) => void): PodcastFormSource[] => {
  const sources: PodcastFormSource[] = [];
  for (let i = 0; i < PODCAST_SOURCES_MAX; i++) {
    const raw = (field: PodcastSourceFieldName) => {
      const value = form[podcastSourceField(i, field)];
      return typeof value === "string" ? value : "";
    };
    const type = raw("source_type") || "text";
    if (type !== "text" && type !== "url") {
      issue(podcastSourceField(i, "source_type"), "Choose pasted text or a web page.");
      continue;
    }
    const field = podcastSourceField(i, type);
    // An empty row is left out: the rows without scripts are all posted, filled or not.
    if (type === "text") {
      const text = raw("text");
      if (text.length > PODCAST_SOURCE_MAX) issue(field, `The text must be at most ${PODCAST_SOURCE_MAX.toLocaleString("en")} characters.`);
      else if (text.trim()) sources.push({ type, text, field });
    } else {
      const url = raw("url").trim();
      if (url.length > PODCAST_URL_MAX) issue(field, `The address must be at most ${PODCAST_URL_MAX.toLocaleString("en")} characters.`);
      else if (url) sources.push({ type, url, field });
    }
  }
  return sources;
};

/**
 * The Studio page's "Create a podcast" form: the API's own choices (decision 0073) as form fields, with a field
 * error for what is missing (a hidden field is never required, so the form still submits without scripts). Its
 * sources are the filled rows in order (empty rows left out); none at all is an error under the first row's field.
 */
export const podcastForm = z
  .looseObject({
    mode: z.enum(PODCAST_MODES).default("conversation"),
    host_voice_id: optionalField(100),
    guest_voice_id: optionalField(100),
    duration_scale: z.enum(PODCAST_DURATION_SCALES).default("default"),
    language: optionalField(20),
    quality_preset: z.enum(QUALITY_PRESETS).default("standard"),
    intro: optionalField(BLOCK_TEXT_MAX),
    outro: optionalField(BLOCK_TEXT_MAX),
  })
  .transform((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    let failed = false;
    const sources = formSources(form, (path, message) => {
      failed = true;
      issue(path, message);
    });
    if (!failed && sources.length === 0) {
      if (form.source_type === "url") issue("url", PODCAST_TEXTS.noUrl);
      else issue("text", PODCAST_TEXTS.noText);
    }
    if (!form.host_voice_id) issue("host_voice_id", PODCAST_TEXTS.noHost);
    if (form.mode === "conversation" && !form.guest_voice_id) issue("guest_voice_id", PODCAST_TEXTS.noGuest);
    const { mode, host_voice_id, guest_voice_id, duration_scale, language, quality_preset, intro, outro } = form;
    return { mode, host_voice_id, guest_voice_id, duration_scale, language, quality_preset, intro, outro, sources };
  });

export type PodcastForm = z.output<typeof podcastForm>;

/** The form's choices as the server module's request: the filled sources in order, the guest only in a conversation. */
export function podcastRequestOf(form: PodcastForm) {
  return {
    voices: { host: form.host_voice_id ?? "", guest: form.mode === "conversation" ? form.guest_voice_id : null },
    sources: form.sources.map(({ field: _, ...source }) => source),
    durationScale: form.duration_scale,
    language: form.language,
    qualityPreset: form.quality_preset,
    intro: form.intro,
    outro: form.outro,
  };
}

/** What a refusal of the podcast's server module is about: one of the voices or the source (or neither). */
export type PodcastRefusalSubject = "host" | "guest" | "source";

/**
 * The form field a refusal belongs under: a voice's select, or the source it is about (the first one when it is
 * about the sources together); "form" for one about none of them (the plan's limit, the quota).
 */
export function podcastFormField(subject: PodcastRefusalSubject | undefined, form: Pick<PodcastForm, "sources">, sourceIndex?: number): string {
  if (subject === "host") return "host_voice_id";
  if (subject === "guest") return "guest_voice_id";
  if (subject === "source") return form.sources[sourceIndex ?? 0]?.field ?? "text";
  return "form";
}
