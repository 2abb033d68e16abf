// Share-video rendering speed (issue #6): the consumer's pipeline (frames, H.264 in wasm, MP4 mux) run in Node
// on real speech, against Debian's ffmpeg encoding the same frames with libx264 and muxing the same MP3.
// Run alone with `node bench/video.mjs`, or as part of `npm run bench`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../scripts/stack.mjs";
import { loadBundle } from "./bundle.mjs";
import { createEmbeddedSynthesizer } from "./espeak.mjs";
import { isMain } from "./standalone.mjs";

/** The consumer's own modules, bundled for Node (the same code the worker runs). */
function loadPipeline(dir) {
  return loadBundle(
    dir,
    "pipeline",
    `export { renderShareVideo, mp3Of } from ${JSON.stringify(join(ROOT, "queues/video/render.ts"))};
export { audioLevels } from ${JSON.stringify(join(ROOT, "core/audio/audio-levels.ts"))};
export { renderVideoFrame, barLevelsAt, FRAME_SIZE, FRAMES_PER_SECOND } from ${JSON.stringify(join(ROOT, "core/sharing/video-frame.ts"))};
export { loadH264Encoder } from ${JSON.stringify(join(ROOT, "queues/video/generated/h264-mp4-encoder.js"))};`,
  );
}

/** Real speech from the embedded engine (as the speech worker runs it), as 44.1 kHz MP3. */
async function speechMp3(seconds, dir) {
  const synth = await createEmbeddedSynthesizer(dir);
  const chunks = [];
  let total = 0;
  const sentence = "Share videos turn a generated voice into a clip that plays anywhere, with bars that follow the speech. ";
  while (total < seconds * synth.sampleRate) {
    const { samples } = await synth.speak({ text: sentence, voice: "en-us+f3", rate: 175, pitch: 50, range: 50 });
    chunks.push(samples);
    total += samples.length;
  }
  const pcm = new Int16Array(total);
  let at = 0;
  for (const chunk of chunks) {
    pcm.set(chunk, at);
    at += chunk.length;
  }
  return { pcm, sampleRate: synth.sampleRate };
}

function cpu(fn) {
  const start = process.cpuUsage();
  const wall = performance.now();
  return Promise.resolve(fn()).then((result) => {
    const used = process.cpuUsage(start);
    return { result, cpu: (used.user + used.system) / 1e6, wall: (performance.now() - wall) / 1000 };
  });
}

export async function videoBench(seconds = 20) {
  const dir = mkdtempSync(join(tmpdir(), "bench-video-"));
  try {
    const pipeline = await loadPipeline(dir);
    const { pcm, sampleRate } = await speechMp3(seconds, dir);
    const mp3 = await pipeline.mp3Of(new Uint8Array(pcm.buffer), { codec: "pcm", sampleRate });
    const h264 = pipeline.loadH264Encoder(new WebAssembly.Module(readFileSync(join(ROOT, "queues/video/generated/h264-mp4-encoder.wasm"))));
    const levels = pipeline.audioLevels(mp3, { codec: "mp3", sampleRate: 44100 });
    const text = "Share videos turn a generated voice into a clip that plays anywhere.";
    await pipeline.renderShareVideo(h264, { audio: mp3.subarray(0, 40000), spec: { codec: "mp3", sampleRate: 44100 }, text, theme: "colour" }); // warm-up

    const ours = await cpu(() => pipeline.renderShareVideo(h264, { audio: mp3, spec: { codec: "mp3", sampleRate: 44100 }, text, theme: "colour" }));
    writeFileSync(join(dir, "ours.mp4"), ours.result);

    // The same frames, drawn once, then handed to ffmpeg: its time is encoding and muxing only.
    const count = Math.ceil(levels.durationSeconds * pipeline.FRAMES_PER_SECOND);
    const drawn = await cpu(() => {
      const frames = Buffer.alloc(count * pipeline.FRAME_SIZE * pipeline.FRAME_SIZE * 4);
      for (let i = 0; i < count; i++) {
        const t = i / pipeline.FRAMES_PER_SECOND;
        frames.set(pipeline.renderVideoFrame({ theme: "colour", text, levels: pipeline.barLevelsAt(levels.levels, levels.perSecond, t), progress: t / levels.durationSeconds }), i * pipeline.FRAME_SIZE * pipeline.FRAME_SIZE * 4);
      }
      return frames;
    });
    writeFileSync(join(dir, "audio.mp3"), mp3);
    const size = `${pipeline.FRAME_SIZE}x${pipeline.FRAME_SIZE}`;
    const args = ["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", size, "-r", String(pipeline.FRAMES_PER_SECOND), "-i", "-", "-i", join(dir, "audio.mp3"), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "copy", "-movflags", "+faststart", join(dir, "native.mp4")];
    const started = performance.now();
    const native = spawnSync("ffmpeg", args, { input: drawn.result, maxBuffer: 1 << 30 });
    const nativeWall = (performance.now() - started) / 1000;
    const probe = spawnSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", join(dir, "ours.mp4")], { encoding: "utf8" });

    const audioSeconds = levels.durationSeconds;
    const rows = [
      { pipeline: "ours: frames + H.264 (wasm) + mux, CPU", "audio s": audioSeconds.toFixed(1), "seconds": ours.cpu.toFixed(2), "x real time": (audioSeconds / ours.cpu).toFixed(1), "MP4 KiB": (ours.result.byteLength / 1024).toFixed(0) },
      { pipeline: "  of which drawing the frames, CPU", "audio s": audioSeconds.toFixed(1), "seconds": drawn.cpu.toFixed(2), "x real time": (audioSeconds / drawn.cpu).toFixed(1), "MP4 KiB": "-" },
      native.status === 0
        ? { pipeline: "native ffmpeg libx264 ultrafast + mux, same frames (baseline, wall)", "audio s": audioSeconds.toFixed(1), "seconds": nativeWall.toFixed(2), "x real time": (audioSeconds / nativeWall).toFixed(1), "MP4 KiB": (readFileSync(join(dir, "native.mp4")).byteLength / 1024).toFixed(0) }
        : { pipeline: "native ffmpeg (baseline)", "audio s": "-", "seconds": "-", "x real time": "not installed: apt-get install ffmpeg", "MP4 KiB": "-" },
    ];
    const encodeOnly = ours.cpu - drawn.cpu;
    return { rows, ratio: native.status === 0 ? encodeOnly / nativeWall : null, total: native.status === 0 ? ours.cpu / (nativeWall + drawn.cpu) : null, probed: Number(probe.stdout), audioSeconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printVideoBench({ rows, ratio, total, probed, audioSeconds }) {
  console.log("\n7. Share-video rendering (target ≥ 5x real time, within 3x of native)");
  console.table(rows);
  if (ratio !== null) console.log(`encoding and muxing, ours / native: ${ratio.toFixed(2)}x; whole render (frames included on both sides): ${total.toFixed(2)}x`);
  if (probed) console.log(`ffprobe: our MP4 lasts ${probed.toFixed(2)} s for ${audioSeconds.toFixed(2)} s of audio`);
}

if (isMain(import.meta.url)) printVideoBench(await videoBench());
