// Studio's conversion, the consumer of the studio-jobs queue (one message per chapter, so chapters convert in
// parallel) in a worker of its own (decision 0058; it ran in the app worker before, decision 0033). It speaks with
// the speech worker's engines (RPC), encodes with core's codecs, charges each block once, and hands the workspace's
// "studio_conversion" event to the app's emitter over the webhook-deliveries queue.
import { database, type Database } from "../../db/client";
import * as repo from "../../db/repositories/studio";
import { QuotaExhausted } from "../../db/repositories/history";
import { findMembership } from "../../db/repositories/workspaces";
import { findUsableVoice } from "../../db/repositories/voices";
import { findVoiceSettings } from "../../db/repositories/voice-settings";
import type { StudioBlockRow, StudioProjectRow } from "../../db/repositories/studio";
import { concatBytes, StreamingEncoder } from "../../core/audio/encoder";
import { int16FromBytes } from "../../core/audio/pcm";
import { decodeMp3 } from "../../core/audio/mp3-decoder";
import { applyLoudness, gainFor, MagnitudeHistogram } from "../../core/audio/loudness";
import { nowSeconds } from "../../core/clock";
import { log } from "../../core/log";
import { currentQuota } from "../../core/billing/quota.server";
import type { EngineCatalog } from "../../core/engines/capabilities";
import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";
import { recordGeneratedAudio } from "../../core/fingerprint/generated-audio.server";
import { voiceUsable } from "../../core/voices/voice-safety";
import { DEFAULT_VOICE_SETTINGS } from "../../core/voices/voice-settings";
import { engineParameters, engineVoiceFor, externalVoiceFor } from "../../core/voices/voice-rules";
import { alignmentFromWords, concatAlignments, engineTextFor, splitSentences, type Alignment } from "../../core/speech/speech-text";
import { availableModels, resolveModel } from "../../core/speech/models";
import { applyRules, type PronunciationRule } from "../../core/pronunciation/rules";
import { relayWorkspaceEvent } from "../../core/webhooks/webhooks";
import { blockConversionKey, blockNeedsConversion, projectContentOf, projectOutputFormat, type StudioJobMessage } from "../../core/studio/project-content.server";
import { ACX, normalisesLoudness, BLOCK_ATTEMPTS, blockCharacters, projectMediaPrefix, conversionProgress, LIVE_MODERATION_REFUSAL, newStudioId, shiftAlignment, type TtsNode } from "../../core/studio/studio-rules";
import { WatermarkStream } from "../../core/audio/watermark";

/** The Studio worker's bindings (queues/studio/wrangler.toml). */
export type StudioEnv = { DB: D1Database; MEDIA: R2Bucket; SPEECH: Fetcher; WEBHOOK_DELIVERIES: Queue };

type SpeechRpc = { synthesize(request: SynthesisRequest): Promise<SynthesisResult>; catalog(): Promise<EngineCatalog> };
/** The speech worker, the engine registry's host, over its service binding (RPC). */
const speechEngine = (env: StudioEnv) => env.SPEECH as unknown as SpeechRpc;

/**
 * Gives the isolate back to the event loop between pieces of heavy work: under `wrangler dev` every worker of the
 * stack shares one thread, so the pages' requests are answered between them (decision 0058).
 */
const yieldToRequests = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The usage events' source for Studio conversions. */
export const STUDIO_SOURCE = "Studio";

type Converted = { audio: Uint8Array; durationMs: number; alignment: Alignment; pcm: { samples: Int16Array; sampleRate: number }[] };

/** A block's nodes spoken, each by its voice, into one MP3 of the project's quality. */
async function synthesizeBlock(env: StudioEnv, db: Database, workspaceId: string, modelId: string, format: ReturnType<typeof projectOutputFormat>, nodes: TtsNode[], rules: PronunciationRule[]): Promise<Converted> {
  const model = resolveModel(modelId, availableModels(await speechEngine(env).catalog()));
  if (!model) throw new Error(`The model ${modelId} is not served any more.`);
  const encoder = await StreamingEncoder.create(format);
  const parts: Uint8Array[] = [];
  const alignments: Alignment[] = [];
  const pcm: { samples: Int16Array; sampleRate: number }[] = [];
  const watermark = new WatermarkStream();
  let offsetSeconds = 0;
  for (const node of nodes) {
    const voice = (await findUsableVoice(db, { workspaceId, readerId: null }, node.voice_id)) ?? null;
    if (!voice || !voiceUsable(voice.safetyControl)) throw new Error(`The voice ${node.voice_id} cannot be used.`);
    if (voice.liveModerationEnabled) throw new Error(LIVE_MODERATION_REFUSAL);
    const settings = { ...DEFAULT_VOICE_SETTINGS, ...(await findVoiceSettings(db, workspaceId, voice.voiceId)) };
    const params = engineParameters(settings, voice.engineParameters);
    const sentences = splitSentences(node.text);
    for (const [index, sentence] of sentences.entries()) {
      if (sentence.trim() === "") {
        alignments.push(alignmentFromWords(sentence, [], 0, offsetSeconds));
        continue;
      }
      const external = model.engine === "embedded" || model.engine === "xtts" ? undefined : externalVoiceFor(voice, model.engine);
      const text = engineTextFor(sentence, index < sentences.length - 1);
      const applied = applyRules(text, rules, model.engine === "embedded");
      const result = await speechEngine(env).synthesize({ text: applied.text, phonemes: applied.phonemes, engineVoice: engineVoiceFor(voice), engine: model.engine, externalVoice: external, ...params });
      // Word positions are in the spoken text: a sentence a rule changed spreads its characters evenly instead.
      alignments.push(alignmentFromWords(sentence, applied.text === text ? result.words : [], result.durationMs, offsetSeconds));
      const samples = watermark.mark(int16FromBytes(result.pcm), result.sampleRate);
      pcm.push({ samples, sampleRate: result.sampleRate });
      parts.push(encoder.push(samples, result.sampleRate));
      offsetSeconds += result.durationMs / 1000;
      await yieldToRequests();
    }
  }
  parts.push(encoder.finish());
  return { audio: concatBytes(parts), durationMs: Math.round(offsetSeconds * 1000), alignment: concatAlignments(alignments), pcm };
}

/**
 * Converts one block: synthesised (tried BLOCK_ATTEMPTS times), stored in R2, then recorded with its charge in one
 * batch. Returns the error text when it failed; nothing is charged then.
 */
async function convertBlock(env: StudioEnv, db: Database, job: StudioJobMessage, project: StudioProjectRow, block: StudioBlockRow): Promise<string | null> {
  const nodes = JSON.parse(block.nodes) as TtsNode[];
  const format = projectOutputFormat(project);
  let converted: Converted | null = null;
  let lastError = "";
  for (let attempt = 1; attempt <= BLOCK_ATTEMPTS && !converted; attempt++) {
    try {
      converted = await synthesizeBlock(env, db, job.workspaceId, project.defaultModelId, format, nodes, JSON.parse(project.pronunciationRules) as PronunciationRule[]);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      log("error", "studio block conversion failed", { project_id: project.id, block_id: block.id, attempt, error: lastError });
    }
  }
  if (!converted) {
    await repo.updateBlock(db, job.workspaceId, block.id, { lastError });
    return lastError;
  }
  const membership = await findMembership(db, job.userId, job.workspaceId);
  if (!membership) return "The member who asked for this conversion is no longer in the workspace.";
  const workspace = membership.workspace;
  const quota = await currentQuota(db, workspace, workspace.tier);
  const characters = blockCharacters(nodes);
  const key = `${projectMediaPrefix(job.workspaceId, project.id)}blocks/${block.id}-${newStudioId()}.mp3`;
  await env.MEDIA.put(key, converted.audio, { httpMetadata: { contentType: "audio/mpeg" } });
  try {
    await repo.recordConvertedBlock(
      db,
      {
        id: block.id,
        workspaceId: job.workspaceId,
        patch: {
          convertedKey: blockConversionKey(project, nodes),
          audioKey: key,
          audioBytes: converted.audio.byteLength,
          durationMs: converted.durationMs,
          alignment: JSON.stringify(converted.alignment),
          convertedAtUnix: nowSeconds(),
          lastError: null,
        },
      },
      {
        eventId: `studio-${block.id}-${newStudioId()}`,
        userId: job.userId,
        characters,
        beyondLimit: Number.isFinite(quota.usable) ? quota.usable - workspace.characterLimit : null,
        voiceId: nodes[0]!.voice_id,
        voiceName: STUDIO_SOURCE,
        modelId: project.defaultModelId,
        source: STUDIO_SOURCE,
        occurredAt: nowSeconds(),
      },
    );
  } catch (error) {
    await env.MEDIA.delete(key);
    const message = error instanceof QuotaExhausted ? "The workspace's quota has no room for this paragraph; nothing was charged." : String(error);
    await repo.updateBlock(db, job.workspaceId, block.id, { lastError: message });
    return message;
  }
  // The block's previous audio is replaced (snapshots keep their own copies).
  if (block.audioKey) await env.MEDIA.delete(block.audioKey);
  // The AI speech classifier's fingerprint of the new audio (decision 0041), under the audio's own key.
  await recordGeneratedAudio(env, { id: key, workspaceId: job.workspaceId, source: STUDIO_SOURCE, parts: converted.pcm });
  return null;
}

/** One chapter's conversion job: its blocks that need it, then the chapter snapshot and, when last, the project's. */
export async function convertChapter(env: StudioEnv, job: StudioJobMessage): Promise<void> {
  const db = database(env.DB);
  const project = await repo.findProject(db, job.workspaceId, job.projectId);
  if (!project) return; // deleted since: nothing to do
  const content = await projectContentOf(db, project);
  const entry = content.find((c) => c.chapter.id === job.chapterId);
  if (!entry) {
    await finishProject(env, db, project, job.chapterId);
    return;
  }
  await repo.updateProject(db, project.workspaceId, project.id, { state: "converting" });
  const todo = entry.blocks.filter((b) => (!job.blockIds || job.blockIds.includes(b.id)) && blockNeedsConversion(project, b));
  const errors: string[] = [];
  for (const [index, block] of todo.entries()) {
    const error = await convertBlock(env, db, job, project, block);
    if (error) errors.push(error);
    await repo.updateChapter(db, project.workspaceId, entry.chapter.id, { conversionProgress: conversionProgress(index + 1, todo.length) });
  }
  const fresh = (await repo.chapterBlocks(db, project.workspaceId, [entry.chapter.id])).filter((b) => b.audioKey);
  const byId = new Map(fresh.map((b) => [b.id, b]));
  const ordered = entry.blocks.map((b) => byId.get(b.id)).filter((b): b is StudioBlockRow => Boolean(b));
  // Nothing converted and a snapshot of this audio exists: the chapter keeps it (no duplicate snapshot).
  // (A snapshot made with the other ACX setting is made again, from the same blocks: nothing is charged.)
  const latest = todo.length === 0 && entry.chapter.latestSnapshotId ? await repo.findSnapshot(db, project.workspaceId, project.id, entry.chapter.latestSnapshotId) : undefined;
  let snapshotId: string | null = latest && latest.acxNormalized === normalisesLoudness(project) ? latest.id : null;
  if (ordered.length && !snapshotId) snapshotId = await writeSnapshot(env, db, project, entry.chapter.id, entry.chapter.name, ordered.map((b) => ({ key: b.audioKey!, durationMs: b.durationMs ?? 0, alignments: [JSON.parse(b.alignment ?? "null") as Alignment].filter(Boolean) })));
  await repo.updateChapter(db, project.workspaceId, entry.chapter.id, {
    state: "default",
    conversionProgress: 1,
    canBeDownloaded: snapshotId !== null,
    lastConversionDateUnix: nowSeconds(),
    lastConversionError: errors.length ? `${errors.length} of ${todo.length} paragraphs failed: ${errors[0]}` : null,
  });
  await finishProject(env, db, project, entry.chapter.id);
}

/**
 * Audio pieces joined into one snapshot in R2 (MP3 frames of one format concatenate), with their alignments moved
 * along. A chapter of a project with acx_volume_normalization is decoded and normalised to ACX's loudness instead.
 */
async function writeSnapshot(env: StudioEnv, db: Database, project: StudioProjectRow, chapterId: string | null, name: string, pieces: { key: string; durationMs: number; alignments: Alignment[] }[]): Promise<string | null> {
  const loaded: { bytes: Uint8Array; durationMs: number; alignments: Alignment[] }[] = [];
  for (const piece of pieces) {
    const object = await env.MEDIA.get(piece.key);
    if (object) loaded.push({ bytes: new Uint8Array(await object.arrayBuffer()), durationMs: piece.durationMs, alignments: piece.alignments });
  }
  if (loaded.length === 0) return null;
  const acx = chapterId !== null && normalisesLoudness(project) ? await acxNormalised(loaded.map((l) => l.bytes)) : null;
  const alignments: Alignment[] = [];
  let offsetMs = 0;
  for (const [index, piece] of loaded.entries()) {
    // Each piece's alignments start at its own 0: moved by the pieces (and ACX's lead-in) before it.
    const startMs = acx ? acx.startsMs[index]! : offsetMs;
    alignments.push(...piece.alignments.map((a) => shiftAlignment(a, startMs / 1000)));
    offsetMs += piece.durationMs;
  }
  const id = newStudioId();
  const audio = acx ? acx.audio : concatBytes(loaded.map((l) => l.bytes));
  const key = `${projectMediaPrefix(project.workspaceId, project.id)}snapshots/${id}.mp3`;
  await env.MEDIA.put(key, audio, { httpMetadata: { contentType: "audio/mpeg" } });
  await repo.insertSnapshot(
    db,
    { id, projectId: project.id, chapterId, workspaceId: project.workspaceId, name, createdAtUnix: nowSeconds(), audioKey: key, audioBytes: audio.byteLength, durationMs: acx ? acx.durationMs : offsetMs, alignments: JSON.stringify(alignments), acxNormalized: normalisesLoudness(project) },
    { chapterId, projectId: project.id },
  );
  return id;
}

/**
 * A chapter's MP3 pieces normalised to ACX's loudness as one MP3 (decision 0049): a first pass decodes each piece
 * to count its sample magnitudes, which fixes the gain that puts the chapter's RMS (room tone included) at the
 * target with peaks held at the ceiling; a second decodes each again, limits, gates and encodes it. One piece's
 * samples are held at a time.
 */
async function acxNormalised(pieces: Uint8Array[]): Promise<{ audio: Uint8Array; startsMs: number[]; durationMs: number }> {
  const histogram = new MagnitudeHistogram();
  let rate = 0;
  for (const piece of pieces) {
    const decoded = await decodeMp3(piece);
    rate ||= decoded.sampleRate;
    histogram.add(decoded.samples);
    await yieldToRequests();
  }
  const lead = new Int16Array(Math.round(ACX.leadSeconds * rate));
  const tail = new Int16Array(Math.round(ACX.tailSeconds * rate));
  histogram.addSilence(lead.length + tail.length);
  const gain = gainFor(histogram, ACX.target) ?? 1;
  const encoder = await StreamingEncoder.create(ACX.outputFormat);
  const parts = [encoder.push(lead, rate)];
  const startsMs: number[] = [];
  let seconds = ACX.leadSeconds;
  for (const piece of pieces) {
    const decoded = await decodeMp3(piece);
    startsMs.push(Math.round(seconds * 1000));
    parts.push(encoder.push(applyLoudness(decoded.samples, decoded.sampleRate, gain, ACX.target), decoded.sampleRate));
    seconds += decoded.samples.length / decoded.sampleRate;
    await yieldToRequests();
  }
  parts.push(encoder.push(tail, rate), encoder.finish());
  return { audio: concatBytes(parts), startsMs, durationMs: Math.round((seconds + ACX.tailSeconds) * 1000) };
}

/** The chapter leaves the converting list; the last one makes the project snapshot and returns the project to 'default'. */
async function finishProject(env: StudioEnv, db: Database, project: StudioProjectRow, chapterId: string): Promise<void> {
  const remaining = await repo.finishConvertingChapter(db, project.workspaceId, project.id, chapterId);
  if (remaining.length) return;
  const content = await projectContentOf(db, project);
  const pieces: { key: string; durationMs: number; alignments: Alignment[] }[] = [];
  for (const { chapter } of content) {
    if (!chapter.latestSnapshotId) continue;
    const snapshot = await repo.findSnapshot(db, project.workspaceId, project.id, chapter.latestSnapshotId);
    if (snapshot) pieces.push({ key: snapshot.audioKey, durationMs: snapshot.durationMs, alignments: JSON.parse(snapshot.alignments) as Alignment[] });
  }
  const snapshotId = pieces.length ? await writeSnapshot(env, db, project, null, project.name, pieces) : null;
  await repo.updateProject(db, project.workspaceId, project.id, {
    state: "default",
    addedToQueueAtUnix: 0,
    canBeDownloaded: snapshotId !== null || project.canBeDownloaded,
    lastConversionDateUnix: nowSeconds(),
  });
  const failed = content.filter(({ chapter }) => chapter.lastConversionError).map(({ chapter }) => chapter.id);
  const data = { project_id: project.id, name: project.name, project_snapshot_id: snapshotId, status: failed.length ? "finished_with_errors" : "converted", failed_chapter_ids: failed };
  await relayWorkspaceEvent(env.WEBHOOK_DELIVERIES, project.workspaceId, "studio_conversion", data).catch((error) =>
    log("error", "studio webhook event not queued", { project_id: project.id, error: String(error) }),
  );
}

/** Deliveries of one chapter's job (wrangler.toml: max_retries 3). */
export const STUDIO_JOB_DELIVERIES = 4;

async function failChapter(env: StudioEnv, job: StudioJobMessage, error: string): Promise<void> {
  const db = database(env.DB);
  const project = await repo.findProject(db, job.workspaceId, job.projectId);
  if (!project) return;
  await repo.updateChapter(db, job.workspaceId, job.chapterId, { state: "default", lastConversionError: `The conversion failed: ${error}` });
  await finishProject(env, db, project, job.chapterId);
}

/** The queue consumer: each message one chapter; an unexpected failure is retried by the queue, then reported. */
export async function consumeStudioJobs(batch: MessageBatch<StudioJobMessage>, env: StudioEnv): Promise<void> {
  for (const message of batch.messages) {
    try {
      if (message.body?.version !== 1) {
        message.ack();
        continue;
      }
      await convertChapter(env, message.body);
      message.ack();
    } catch (error) {
      log("error", "studio chapter conversion failed", { error: String(error), attempts: message.attempts });
      if (message.attempts < STUDIO_JOB_DELIVERIES) {
        message.retry({ delaySeconds: Math.min(30, 2 ** message.attempts) });
        continue;
      }
      // The last delivery: the chapter is given back, its error reported, so it is never left 'converting'.
      await failChapter(env, message.body, String(error)).catch((e) => log("error", "studio chapter could not be marked failed", { error: String(e) }));
      message.ack();
    }
  }
}
