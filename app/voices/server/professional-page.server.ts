// The professional voice page's own forms (decision 0087): documents for manual verification, speaker separation
// and the speakers kept, posted as plain forms (they work without JavaScript) and run by the same functions as the
// /v1 routes. Those decode audio with WebAssembly codecs the page build cannot bundle, so the app worker hands them
// over in the load context (`pipeline`).
import { z } from "zod";
import type { Actor } from "~/accounts/accounts.server";
import type { CloningEnv } from "~/voices/cloning.server";
import type { ProfessionalVoicePipeline } from "~/voices/professional-cloning.server";
import { parseFormData } from "~/common/form.server";
import { MAX_VERIFICATION_TEXT, PROFESSIONAL_PAGE_TEXT } from "~/voices/rules/professional-cloning";
import { fromBase64 } from "../../../core/base64";

export type ProfessionalPageResult = { intent: "verification" | "separate" | "speakers" | "unknown"; voice_id: string; sample_id: string | null; ok: boolean; error: string | null };
type Answer = { status: number; result: ProfessionalPageResult };

const ids = { voice_id: z.string().min(1).max(100), sample_id: z.string().min(1).max(100) };
const pageForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("verification"), voice_id: ids.voice_id }),
  z.object({ intent: z.literal("separate"), ...ids }),
  z.object({ intent: z.literal("speakers"), ...ids }),
]);

/** The form's files: a file field left empty still sends one nameless, empty part, which is no document. */
async function uploadsOf(form: FormData, name: string) {
  const files = form.getAll(name).filter((v): v is File => typeof v !== "string" && !(v.name === "" && v.size === 0));
  return Promise.all(files.map(async (file) => ({ name: file.name || "document", type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) })));
}

/** One post of the page's forms: the refusal keeps the API's status (400, 404, 413, 415) and its message. */
export async function professionalPageAction(pipeline: ProfessionalVoicePipeline | undefined, env: CloningEnv, viewer: Actor, form: FormData, background: (work: Promise<unknown>) => void): Promise<Answer> {
  const parsed = await parseFormData(form, pageForm);
  const voiceId = String(form.get("voice_id") ?? "");
  const sampleId = typeof form.get("sample_id") === "string" ? String(form.get("sample_id")) : null;
  if (!parsed.ok) return { status: 400, result: { intent: "unknown", voice_id: voiceId, sample_id: sampleId, ok: false, error: PROFESSIONAL_PAGE_TEXT.unknownIntent } };
  const request = parsed.data;
  const answer = (outcome: { ok: true } | { ok: false; refusal: { httpStatus: number; message: string } }): Answer => ({
    status: outcome.ok ? 200 : outcome.refusal.httpStatus,
    result: { intent: request.intent, voice_id: request.voice_id, sample_id: request.intent === "verification" ? null : request.sample_id, ok: outcome.ok, error: outcome.ok ? null : outcome.refusal.message },
  });
  if (!pipeline) return answer({ ok: false, refusal: { httpStatus: 503, message: PROFESSIONAL_PAGE_TEXT.unavailable } });
  if (request.intent === "verification") {
    const note = String(form.get("extra_text") ?? "");
    if (note.length > MAX_VERIFICATION_TEXT) return answer({ ok: false, refusal: { httpStatus: 400, message: PROFESSIONAL_PAGE_TEXT.noteTooLong } });
    return answer(await pipeline.requestManualVerification(env, viewer, request.voice_id, await uploadsOf(form, "files"), note));
  }
  if (request.intent === "separate") return answer(await pipeline.startSpeakerSeparation(env, viewer, request.voice_id, request.sample_id, background));
  const chosen = form.getAll("speaker_ids").filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 100);
  if (chosen.length === 0 || chosen.length > 10) {
    // Without a speaker the API's edit changes nothing; here it is a refusal the person reads. Another workspace's
    // sample stays a 404 all the same.
    const separation = await pipeline.speakerSeparation(env, viewer, request.voice_id, request.sample_id);
    if (!separation.ok) return answer(separation);
    return answer({ ok: false, refusal: { httpStatus: 400, message: PROFESSIONAL_PAGE_TEXT.chooseOne } });
  }
  return answer(await pipeline.updateProfessionalSample(env, viewer, request.voice_id, request.sample_id, { selectedSpeakerIds: chosen }));
}

export type SampleSpeakers = { status: "not_started" | "pending" | "completed" | "failed"; speakers: { speakerId: string; durationSecs: number }[]; selected: string[]; failure: string | null };

/** Each sample's separation, by sample id, for the page (none when the pipeline is absent). */
export async function sampleSpeakersOf(pipeline: ProfessionalVoicePipeline | undefined, env: CloningEnv, viewer: Actor, voices: { voice_id: string; samples: { sample_id: string }[] }[]): Promise<Record<string, SampleSpeakers>> {
  const found: Record<string, SampleSpeakers> = {};
  if (!pipeline) return found;
  // One read per sample, side by side rather than one after another.
  const pairs = voices.flatMap((voice) => voice.samples.map((sample) => ({ voiceId: voice.voice_id, sampleId: sample.sample_id })));
  const separations = await Promise.all(pairs.map((p) => pipeline.speakerSeparation(env, viewer, p.voiceId, p.sampleId)));
  separations.forEach((separation, i) => {
    if (!separation.ok) return;
    const s = separation.value;
    found[pairs[i].sampleId] = { status: s.status, speakers: s.speakers.map((p) => ({ speakerId: p.speakerId, durationSecs: p.durationSecs })), selected: s.selectedSpeakerIds, failure: s.failure };
  });
  return found;
}

/** One separated speaker's audio as a WAV file, for the page's <audio> (the API answers it as JSON in base64). */
export async function speakerAudioResponse(pipeline: ProfessionalVoicePipeline | undefined, env: CloningEnv, viewer: Actor, voiceId: string, sampleId: string, speakerId: string): Promise<Response> {
  if (!pipeline) return new Response(PROFESSIONAL_PAGE_TEXT.unavailable, { status: 503 });
  const clip = await pipeline.separatedSpeakerAudio(env, viewer, voiceId, sampleId, speakerId);
  if (!clip.ok) return new Response(clip.refusal.message, { status: clip.refusal.httpStatus, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(fromBase64(clip.value.audioBase64), { headers: { "content-type": clip.value.mediaType, "cache-control": "private, no-store" } });
}
