// A phone call's audio into the agent conversation engine (decision 0060): Twilio Media Streams on one side (JSON
// messages, 20 ms frames of 8 kHz mu-law), the browser's conversation protocol on the other (generation.server.ts).
// The stream names its call by custom parameters (call_id, and a token that admits it once); the caller's audio is
// decoded and raised to 16 kHz for the engine, the agent's speech lowered to 8 kHz mu-law for the line, and an
// interruption clears what Twilio has not played yet.
import { decodeMuLaw } from "../../core/audio/audio-levels";
import { bytesFromInt16, encodeMuLaw, int16FromBytes, resample } from "../../core/audio/pcm";
import { fromBase64, toBase64 } from "../../core/base64";
import { log } from "~/common/log.server";
import { admitMediaStream, conversationCreditRefusal } from "~/agents/agents.server";
import { serveConversation, type ConversationChannel } from "~/agents/generation.server";
import { CLOSE_POLICY, closeReason } from "~/agents/rules/protocol";
import { initiationOverrides, MEDIA_FRAME_BYTES, mediaStreamMessages, parseMediaStreamMessage, PHONE_TEXTS } from "~/agents/rules/phone";

type BridgeOptions = { requestId: string; waitUntil(promise: Promise<unknown>): void };

/** 16 kHz PCM to 8 kHz: each pair of samples averaged (a gentle low-pass before dropping every other one). */
export function halveRate(samples: Int16Array): Int16Array {
  const out = new Int16Array(samples.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = (samples[2 * i]! + samples[2 * i + 1]!) >> 1;
  return out;
}

export function serveMediaStream(env: Env, socket: WebSocket, options: BridgeOptions): void {
  let streamSid: string | null = null;
  let inbox: Promise<void> = Promise.resolve();
  let toConversation: ((data: string) => void) | null = null;
  const endListeners: ((reason: string) => void)[] = [];
  let ended = false;
  const end = (reason: string) => {
    if (ended) return;
    ended = true;
    for (const listener of endListeners) listener(reason);
  };
  const refuse = (reason: string) => {
    try {
      socket.close(CLOSE_POLICY, closeReason(reason));
    } catch {
      // already closed
    }
    end("client_error");
  };
  const sendTwilio = (message: object) => {
    try {
      socket.send(JSON.stringify(message));
    } catch {
      end("call_ended");
    }
  };

  const channel: ConversationChannel = {
    // The engine's messages, spoken to the line: audio as mu-law frames followed by a mark, an interruption as clear.
    send: (text) => {
      if (!streamSid) return;
      const message = JSON.parse(text) as { type?: string; audio_event?: { audio_base_64: string; event_id: number } };
      if (message.type === "audio" && message.audio_event) {
        const mulaw = encodeMuLaw(halveRate(int16FromBytes(fromBase64(message.audio_event.audio_base_64))));
        for (let at = 0; at < mulaw.byteLength; at += MEDIA_FRAME_BYTES) sendTwilio(mediaStreamMessages.media(streamSid, mulaw.subarray(at, at + MEDIA_FRAME_BYTES)));
        sendTwilio(mediaStreamMessages.mark(streamSid, `audio-${message.audio_event.event_id}`));
      } else if (message.type === "interruption") {
        sendTwilio(mediaStreamMessages.clear(streamSid));
      }
    },
    close: (code, reason) => {
      try {
        socket.close(code, reason);
      } catch {
        // already closed
      }
      end("call_ended");
    },
    onMessage: (listener) => (toConversation = listener),
    onEnd: (listener) => endListeners.push(listener),
  };

  const receive = async (data: string | ArrayBuffer) => {
    if (ended) return;
    const parsed = parseMediaStreamMessage(data);
    if (!parsed.ok) return refuse(parsed.error);
    const message = parsed.message;
    if (message.event === "start") {
      if (streamSid) return;
      const admitted = await admitMediaStream(env, message.customParameters.call_id ?? "", message.customParameters.token ?? "", message.streamSid);
      if (!admitted) return refuse(PHONE_TEXTS.streamRefused);
      const broke = await conversationCreditRefusal(env, admitted.call.workspaceId);
      if (broke) return refuse(broke.message);
      streamSid = message.streamSid;
      const { call, agent } = admitted;
      const phoneCall = {
        phone_call: { type: "twilio", direction: call.direction, phone_number_id: call.phoneNumberId, agent_number: call.fromNumber, external_number: call.toNumber, stream_sid: message.streamSid, call_sid: message.callSid },
        ...(call.batchId && call.recipientId ? { batch_call: { batch_call_id: call.batchId, batch_call_recipient_id: call.recipientId } } : {}),
      };
      serveConversation(env, channel, { agent, userId: call.userId, requestId: options.requestId, waitUntil: options.waitUntil, conversationId: call.conversationId, phoneCall: JSON.stringify(phoneCall) });
      const overrides = initiationOverrides(call.initiation ? (JSON.parse(call.initiation) as Record<string, unknown>) : null);
      toConversation?.(JSON.stringify({ type: "conversation_initiation_client_data", conversation_config_override: { agent: { first_message: overrides.firstMessage, language: overrides.language, ...(overrides.prompt ? { prompt: { prompt: overrides.prompt } } : {}) } } }));
      return;
    }
    if (message.event === "media") {
      if (!streamSid) return;
      const pcm = resample(decodeMuLaw(message.payload), 8000, 16000);
      toConversation?.(JSON.stringify({ user_audio_chunk: toBase64(bytesFromInt16(pcm)) }));
      return;
    }
    if (message.event === "stop") {
      // The caller hung up: the conversation ends and is saved.
      end("call_ended");
      try {
        socket.close(1000, "Call ended");
      } catch {
        // already closed
      }
    }
    // connected, mark and dtmf need nothing.
  };

  socket.addEventListener("message", (event) => {
    inbox = inbox.then(() => receive(event.data)).catch((error) => {
      log("error", "media stream message failed", { request_id: options.requestId, error: String(error) });
      refuse("The media stream failed.");
    });
  });
  socket.addEventListener("close", () => end("call_ended"));
  socket.addEventListener("error", () => end("client_error"));
}
