// A podcast's script made from its source without a language model: the source's own words, read in turns. In a
// conversation the host and the guest take turns at each paragraph (at each sentence when the source is one
// paragraph); a bulletin is the host alone. Nothing is summarised or rewritten (decision 0073).
import { BLOCK_TEXT_MAX, type ContentBlock } from "../../../core/studio/studio-rules";

export const PODCAST_DURATION_SCALES = ["short", "default", "long"] as const;
/** A text source's length at most (a long book belongs in a Studio project of chapters). */
export const PODCAST_SOURCE_MAX = 500_000;

export type PodcastDurationScale = (typeof PODCAST_DURATION_SCALES)[number];

/** Speech runs at about 150 words a minute: short stays under 3 minutes, default under 7, long keeps everything. */
export const PODCAST_WORD_CAPS: Record<PodcastDurationScale, number | null> = { short: 450, default: 1050, long: null };

export const PODCAST_TEXTS = {
  emptySource: "The source has no text to make a podcast from.",
  instructionsPrompt: "instructions_prompt needs a language model to rewrite the source, and this server has none: the podcast reads the source's own words in turns. Leave it out.",
  safetyIdentifier: "safety_identifier is for workspaces allowlisted for it, and none is on this server. Leave it out.",
  callbackUrl: "callback_url is not supported: follow the conversion with GET /v1/studio/projects/{project_id}, or the workspace's notifications.",
  textNormalization: "apply_text_normalization can only be auto for a podcast.",
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
