// Cloning on a neural cloning server (decision 0051): this project's speech worker points XTTS_BASE_URL at a
// stand-in speaking Coqui's XTTS streaming-server protocol (tests/engines/protocol-stand-ins.ts). A voice added
// from a sample the platform spoke is learnt by the server (its conditioning kept in R2), speech in that voice is
// made by the server, premade voices stay on the embedded engine, and deleting the voice removes the conditioning.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, signUp } from "../app/helpers";
import { xttsStandInPitch } from "../../engines/protocol-stand-ins";
import { analyseSpeaker, floatSamples } from "../../../core/voices/speaker-analysis";

const ROGER = "pv02roger00000000000";

let key: string;
let workspace: string;
let sample: Uint8Array;

beforeAll(async () => {
  key = await createKey(await signUp("neural-cloner@example.com"));
  workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 1000000, character_count_reset_at = 2000000000 WHERE id = ?").bind(workspace).run();
  const spoken = await api(`/v1/text-to-speech/${ROGER}?output_format=mp3_44100_128`, { method: "POST", key, json: { text: "Hello! This is how I sound. The evening was calm and the river was quiet." } });
  expect(spoken.status).toBe(200);
  sample = new Uint8Array(await spoken.arrayBuffer());
});

/** The pitch of 16 kHz PCM speech (the stand-in's tone, or the embedded engine's voice). */
async function pitchOf(response: Response): Promise<number> {
  expect(response.status).toBe(200);
  const bytes = await response.arrayBuffer();
  const samples = new Int16Array(bytes.slice(0, bytes.byteLength - (bytes.byteLength % 2)));
  return analyseSpeaker(floatSamples(samples), 16000)!.pitchMedianHz;
}

describe("a neural cloning server (XTTS protocol)", () => {
  it("learns a voice added with POST /v1/voices/add, speaks it, keeps premade voices embedded, and forgets it on delete", async () => {
    const body = new FormData();
    body.append("name", "Neural Roger");
    body.append("files", new File([sample as Uint8Array<ArrayBuffer>], "roger.mp3", { type: "audio/mpeg" }));
    const added = await api("/v1/voices/add", { method: "POST", key, body });
    expect(added.status).toBe(200);
    const { voice_id } = (await added.json()) as { voice_id: string };

    // The server's conditioning is kept in R2 beside the samples, under the voice.
    const stored = (await env.MEDIA.get(`voice-clones/${workspace}/${voice_id}/xtts.json`))!;
    const conditioning = (await stored.json()) as { speaker_embedding: number[]; gpt_cond_latent: number[][] };
    expect(conditioning.speaker_embedding[0]).toBe(sample.byteLength);

    // Speech in the cloned voice comes from the server (its tone for this reference), in the voice's language.
    const cloned = await api(`/v1/text-to-speech/${voice_id}?output_format=pcm_16000`, { method: "POST", key, json: { text: "Good evening to you." } });
    const expected = xttsStandInPitch(sample.byteLength);
    expect(Math.abs((await pitchOf(cloned)) - expected) / expected).toBeLessThan(0.03);

    // The voice settings' speed reaches the server's speech (time-stretched, the protocol has none): 1.2 is a sixth
    // shorter than 1.0 at the same pitch; the clone's measured pace is not applied on top of the server's own.
    const tts = (speed: number) => api(`/v1/text-to-speech/${voice_id}?output_format=pcm_16000`, { method: "POST", key, json: { text: "Good evening to you.", voice_settings: { speed } } });
    const [normal, fast] = [await tts(1), await tts(1.2)];
    const [normalBytes, fastBytes] = [(await normal.clone().arrayBuffer()).byteLength, (await fast.clone().arrayBuffer()).byteLength];
    expect(normalBytes).toBe(Math.round(16000 * 0.04 * "Good evening to you.".length) * 2);
    expect(fastBytes / normalBytes).toBeCloseTo(1 / 1.2, 2);
    expect(Math.abs((await pitchOf(fast)) - expected) / expected).toBeLessThan(0.03);

    // A premade voice is still the embedded engine's (Roger's own pitch, not the server's tone).
    const premade = await pitchOf(await api(`/v1/text-to-speech/${ROGER}?output_format=pcm_16000`, { method: "POST", key, json: { text: "Good evening to you." } }));
    expect(Math.abs(premade - expected) / expected).toBeGreaterThan(0.05);

    expect((await api(`/v1/voices/${voice_id}`, { method: "DELETE", key })).status).toBe(200);
    expect(await env.MEDIA.get(`voice-clones/${workspace}/${voice_id}/xtts.json`)).toBeNull();
  }, 60_000);
});

describe("a professional voice on the neural cloning server", () => {
  it("is learnt by the server when trained (its most voiced sample the reference) and speaks there", async () => {
    await env.DB.prepare("UPDATE workspaces SET tier = 'creator' WHERE id = ?").bind(workspace).run();
    const say = async (text: string) => new Uint8Array(await (await api(`/v1/text-to-speech/${ROGER}?output_format=mp3_44100_128`, { method: "POST", key, json: { text } })).arrayBuffer());
    const samples = [
      await say("The evening was calm and the river was quiet. We walked along the water and talked about the summer holidays."),
      await say("Every morning the baker opens his shop at six, and the whole street smells of warm bread and coffee."),
      await say("Hello! This is how I sound. I can read your stories, articles and scripts aloud, one page after another."),
    ];
    const created = await api("/v1/voices/pvc", { method: "POST", key, json: { name: "Professional Roger", language: "en" } });
    expect(created.status).toBe(200);
    const { voice_id } = (await created.json()) as { voice_id: string };
    const form = new FormData();
    samples.forEach((bytes, i) => form.append("files", new File([bytes as Uint8Array<ArrayBuffer>], `roger-${i}.mp3`, { type: "audio/mpeg" })));
    expect((await api(`/v1/voices/pvc/${voice_id}/samples`, { method: "POST", key, body: form })).status).toBe(200);
    expect((await api(`/v1/voices/pvc/${voice_id}/captcha`, { key })).status).toBe(200);
    const recording = new FormData();
    recording.append("recording", new File([(await say("I am recording this sentence today to confirm that this professional voice is my own.")) as Uint8Array<ArrayBuffer>], "r.mp3", { type: "audio/mpeg" }));
    expect((await api(`/v1/voices/pvc/${voice_id}/captcha`, { method: "POST", key, body: recording })).status).toBe(200);
    expect((await api(`/v1/voices/pvc/${voice_id}/train`, { method: "POST", key, json: {} })).status).toBe(200);
    let state = "";
    for (let i = 0; i < 100 && state !== "fine_tuned" && state !== "failed"; i++) {
      const voice = (await (await api(`/v1/voices/${voice_id}`, { key })).json()) as { fine_tuning: { state: Record<string, string> } };
      state = voice.fine_tuning.state.parlance_multilingual_v1!;
      if (state !== "fine_tuned") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe("fine_tuned");
    // The stand-in's conditioning records the reference's size: one of the samples, sent whole.
    const conditioning = (await (await env.MEDIA.get(`voice-clones/${workspace}/${voice_id}/xtts.json`))!.json()) as { speaker_embedding: number[] };
    expect(samples.map((s) => s.byteLength)).toContain(conditioning.speaker_embedding[0]);
    const expected = xttsStandInPitch(conditioning.speaker_embedding[0]!);
    const speech = await api(`/v1/text-to-speech/${voice_id}?output_format=pcm_16000`, { method: "POST", key, json: { text: "Good evening to you." } });
    expect(Math.abs((await pitchOf(speech)) - expected) / expected).toBeLessThan(0.03);
  }, 90_000);
});
