// A conversation client for the worker tests of agents: the socket as the SDK opens it, and the saved conversation.
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { fromBase64 } from "../../../core/base64";
import { api, ORIGIN } from "./helpers";

export type Message = { type?: string; [key: string]: unknown };

export const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;

/** Opens the conversation socket as a client does and collects what it says. */
export async function connect(path: string, headers: Record<string, string>) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", ...headers } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: Message[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })));
  const waiters: (() => void)[] = [];
  socket.addEventListener("message", (event) => {
    messages.push(JSON.parse(event.data as string) as Message);
    for (const wake of waiters.splice(0)) wake();
  });
  socket.accept();
  const send = (message: unknown) => socket.send(typeof message === "string" ? message : JSON.stringify(message));
  /** Waits until a message matching `test` has arrived (counting from `from`). */
  const until = async (test: (m: Message) => boolean, from = 0) => {
    for (let i = 0; i < 1000; i++) {
      const found = messages.slice(from).find(test);
      if (found) return found;
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    throw new Error(`no such message in ${JSON.stringify(messages.map((m) => m.type))}`);
  };
  return { socket, messages, closed, send, until };
}

export const responses = (messages: Message[]) => messages.filter((m) => m.type === "agent_response").map((m) => (m.agent_response_event as { agent_response: string }).agent_response);
export const audioBytes = (messages: Message[]) => messages.filter((m) => m.type === "audio").reduce((n, m) => n + fromBase64((m.audio_event as { audio_base_64: string }).audio_base_64).byteLength, 0);

export async function savedConversation(id: string, key: string) {
  for (let i = 0; i < 100; i++) {
    const response = await api(`/v1/convai/conversations/${id}`, { key });
    if (response.status === 200) {
      const body = await json<{ status: string }>(response);
      if (body.status === "done") return body as Record<string, unknown>;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the conversation was not saved");
}

