import { WorkerEntrypoint } from "cloudflare:workers";
import type { Capability, EngineCatalog, EngineOf } from "../../core/engines/capabilities";
import { chatDeltaStream, type ChatRequest, type ChatResult } from "../../core/engines/chat";
import type { EngineEnv } from "../../core/engines/config";
import type { EmbeddingsRequest, EmbeddingsResult } from "../../core/engines/embeddings";
import { createEngineRegistry, type EmbeddedProviders, type EngineChoice } from "../../core/engines/registry";
import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";
import type { AudioFile } from "../../core/engines/audio";
import type { CloningSpeechEngine, XttsSpeaker } from "../../core/engines/providers/xtts";
import { EMBEDDED_TRANSCRIPTION_MODEL, type TranscriptionRequest, type TranscriptionResult } from "../../core/engines/speech-to-text";
import type { TranslationRequest, TranslationResult } from "../../core/engines/translation";
import type { PcmAudio } from "../../core/engines/audio";
import { synthesizeWithEspeak } from "./espeak";
import { proceduralSound } from "../../core/engines/providers/procedural-sound";
import type { SoundGenerationRequest, SoundGenerationResult } from "../../core/engines/sound-generation";
import type { IsolatedUpload, IsolationUpload, UploadMeasure } from "../../core/engines/noise-isolation";
import { isolateUpload, isolateWithRnnoise, measureUpload } from "./isolation";
import { dspVoiceConversion } from "../../core/engines/providers/dsp-voice-conversion";
import type { ConversionUpload, ConvertedUpload } from "../../core/engines/voice-conversion";
import type { AlignedUpload, AlignmentUpload } from "../../core/alignment/align";
import { alignUpload, convertUpload } from "./voice-changer";
import { decodeForDubbing } from "./dubbing";
import type { DecodedForDubbing } from "../../core/dubbing/decoded";
import { pocketSphinxEngine } from "./pocketsphinx";
import { transcriptAudioEvents, transcriptSpeakers, type AudioEventRequest, type AudioEventResult, type SpeakerRequest, type SpeakerResult } from "../../core/transcription/speakers";
import { retrievalResponder, RETRIEVAL_RESPONDER_MODEL } from "../../core/engines/providers/retrieval-responder";
import { RULE_BASED_TRANSLATION_MODEL, ruleBasedTranslation } from "../../core/engines/providers/rule-based-translation";

/** This worker's bindings: the engines' configuration and the bucket the speech-to-text model is read from. */
type SpeechEnv = EngineEnv & { MEDIA?: R2Bucket };

/**
 * What this worker embeds: espeak-ng (speech) and RNNoise (noise isolation; here rather than in the app worker for
 * its CPU limit and size: docs/decisions/0029-voice-isolator.md), both compiled to WebAssembly, the procedural
 * sound engine (sound effects), the DSP voice changer (decision 0031), the rule-based translator (decision 0036) and PocketSphinx (speech to text, its model read from R2 on first use:
 * docs/decisions/0030-speech-to-text.md).
 */
function embedded(env: SpeechEnv): EmbeddedProviders {
  return {
    speech: { engine: { synthesize: (request) => synthesizeWithEspeak(request, env.MEDIA) }, upstream: "espeak-ng" },
    "speech-to-text": { engine: pocketSphinxEngine(env.MEDIA), upstream: EMBEDDED_TRANSCRIPTION_MODEL },
    "sound-generation": { engine: proceduralSound, upstream: "procedural-audio" },
    "noise-isolation": { engine: { isolate: isolateWithRnnoise }, upstream: "rnnoise" },
    "voice-conversion": { engine: dspVoiceConversion, upstream: "psola-formant-warp" },
    // Not a language model: it answers with the best-matching passages it is given (decision 0037).
    chat: { engine: retrievalResponder, upstream: RETRIEVAL_RESPONDER_MODEL },
    translation: { engine: ruleBasedTranslation, upstream: RULE_BASED_TRANSLATION_MODEL },
  };
}

function engine<C extends Capability>(env: SpeechEnv, capability: C, choice: EngineChoice = {}): EngineOf[C] {
  const found = createEngineRegistry(env, { embedded: embedded(env) }).get(capability, choice);
  if (!found) throw new Error(`No ${capability} engine is configured${choice.provider ? ` from provider ${choice.provider}` : ""}${choice.model ? ` with model ${choice.model}` : ""}`);
  return found;
}

/**
 * The engine registry's host, reached over RPC (service binding SPEECH): it has the embedded speech engine
 * and every configured provider (this worker's vars, secrets and AI binding; docs/engines.md). `catalog`
 * says what exists; each capability with a provider has its call. No engine is reachable over HTTP.
 */
export default class SpeechEngine extends WorkerEntrypoint<SpeechEnv> {
  /** Speech from the request's provider (the model's), the embedded one by default. */
  async synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    return engine(this.env, "speech", { provider: request.engine ?? "embedded" }).synthesize(request);
  }

  /** A reference recording learnt by the neural cloning server: the speaker's conditioning, kept by the app (decision 0051). */
  async cloneSpeaker(reference: AudioFile): Promise<XttsSpeaker> {
    return (engine(this.env, "speech", { provider: "xtts" }) as CloningSpeechEngine).cloneSpeaker(reference);
  }

  async transcribe(request: TranscriptionRequest, choice?: EngineChoice): Promise<TranscriptionResult> {
    return engine(this.env, "speech-to-text", choice).transcribe(request);
  }

  /** Speaker diarization: each transcribed word's speaker, from the upload's speaker vectors (decision 0051). */
  async speakers(request: SpeakerRequest): Promise<SpeakerResult> {
    return transcriptSpeakers(request);
  }

  /** Audio events (music, applause, noise) of a transcribed upload (decision 0057). */
  async audioEvents(request: AudioEventRequest): Promise<AudioEventResult> {
    return transcriptAudioEvents(request);
  }

  /** The voice of decoded audio without its background (16-bit mono PCM in, 48 kHz PCM out from the embedded engine). */
  async isolate(request: PcmAudio, choice?: EngineChoice): Promise<PcmAudio> {
    return engine(this.env, "noise-isolation", choice).isolate(request);
  }

  /** How long an upload for the voice isolator is, or why it cannot be read (nothing is isolated yet). */
  async measureUpload(upload: IsolationUpload): Promise<UploadMeasure> {
    return measureUpload(upload);
  }

  /** The voice isolator: an uploaded file decoded, its voice isolated and encoded as MP3. */
  async isolateUpload(upload: IsolationUpload, choice?: EngineChoice): Promise<IsolatedUpload> {
    const isolation = engine(this.env, "noise-isolation", choice);
    return isolateUpload(upload, (audio) => isolation.isolate(audio));
  }

  /** The voice changer: an uploaded file decoded, cleaned when asked, moved to the target voice and encoded. */
  async convertUpload(upload: ConversionUpload, choice?: EngineChoice): Promise<ConvertedUpload> {
    const conversion = engine(this.env, "voice-conversion", choice);
    const isolation = engine(this.env, "noise-isolation");
    const speech = engine(this.env, "speech", { provider: "embedded" });
    return convertUpload(upload, { convert: (request) => conversion.convert(request), isolate: (audio) => isolation.isolate(audio), synthesize: (request) => speech.synthesize(request) });
  }

  /** Dubbing: an upload decoded to the pipeline's samples, or why it cannot be read (app/dubbing). */
  async decodeForDubbing(upload: IsolationUpload): Promise<DecodedForDubbing> {
    return decodeForDubbing(upload);
  }

  /** Forced alignment: the known text's synthetic rendering warped onto the uploaded recording (core/alignment). */
  async alignUpload(upload: AlignmentUpload): Promise<AlignedUpload> {
    return alignUpload(upload);
  }

  async translate(request: TranslationRequest, choice?: EngineChoice): Promise<TranslationResult> {
    return engine(this.env, "translation", choice).translate(request);
  }

  async generateSound(request: SoundGenerationRequest, choice?: EngineChoice): Promise<SoundGenerationResult> {
    return engine(this.env, "sound-generation", choice).generate(request);
  }

  async chat(request: ChatRequest, choice?: EngineChoice): Promise<ChatResult> {
    return engine(this.env, "chat", choice).chat(request);
  }

  /** The answer as it is generated (newline-delimited JSON deltas: core/engines/chat.ts), whole where the engine does not stream. */
  async chatStream(request: ChatRequest, choice?: EngineChoice): Promise<ReadableStream<Uint8Array>> {
    return chatDeltaStream(engine(this.env, "chat", choice), request);
  }

  async embed(request: EmbeddingsRequest, choice?: EngineChoice): Promise<EmbeddingsResult> {
    return engine(this.env, "embeddings", choice).embed(request);
  }

  /** Per capability, the configured providers and their model ids (GET /v1/models reads the speech ones). */
  async catalog(): Promise<EngineCatalog> {
    return createEngineRegistry(this.env, { embedded: embedded(this.env) }).catalog();
  }

  /** Which optional speech engines exist, for an app deployed before `catalog` (the app now reads the catalog). */
  async engines(): Promise<{ openai: boolean; workersAi: boolean }> {
    const speech = (await this.catalog()).capabilities.speech;
    return { openai: speech.some((p) => p.provider === "openai"), workersAi: speech.some((p) => p.provider === "workers-ai") };
  }

  override async fetch(): Promise<Response> {
    return new Response("The engines are reached over RPC only.", { status: 404 });
  }
}
