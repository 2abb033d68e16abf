// A live conversation's files (decision 0096): text files in R2 under the conversation's workspace, which the
// conversation reads into passages at its next answer. The conversation is found in the viewer's workspace first,
// so another workspace's conversation is never reached.
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import {
  CONVERSATION_FILE_ID,
  CONVERSATION_FILE_LIMITS,
  CONVERSATION_FILE_TEXTS,
  conversationFileKey,
  conversationFilePassages,
  conversationFilesPrefix,
  conversationFileText,
  USED_SUFFIX,
} from "~/agents/rules/conversation-files";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import { findConversation } from "./conversations.server";

type Viewer = Pick<Actor, "membership">;
export type FileRefusal = { httpStatus: 400 | 404 | 409 | 413 | 415; status: string; message: string };
type Outcome<T> = ({ ok: true } & T) | { ok: false; refusal: FileRefusal };
const refuse = (httpStatus: FileRefusal["httpStatus"], status: string, message: string) => ({ ok: false as const, refusal: { httpStatus, status, message } });

/** Every object under a conversation's prefix (its files and their used markers). */
async function listFiles(env: Pick<Env, "MEDIA">, workspaceId: string, conversationId: string): Promise<R2Object[]> {
  const objects: R2Object[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix: conversationFilesPrefix(workspaceId, conversationId), cursor, include: ["customMetadata"] });
    objects.push(...page.objects);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return objects;
}

/** Attaches a text file to a conversation in progress; its id names it for removal. */
export async function addConversationFile(env: Pick<Env, "DB" | "MEDIA">, viewer: Viewer, conversationId: string, file: File): Promise<Outcome<{ fileId: string }>> {
  const conversation = await findConversation(env, viewer, conversationId);
  if (!conversation) return refuse(404, "not_found", AGENT_TEXTS.conversationNotFound);
  if (conversation.status !== "in-progress") return refuse(409, "conversation_not_in_progress", CONVERSATION_FILE_TEXTS.notLive);
  if (file.size > CONVERSATION_FILE_LIMITS.bytes) return refuse(413, "file_too_large", CONVERSATION_FILE_TEXTS.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = conversationFileText(file.name, file.type, bytes);
  if (text === null) return refuse(415, "unsupported_file_type", CONVERSATION_FILE_TEXTS.fileType);
  const existing = (await listFiles(env, conversation.workspaceId, conversation.id)).filter((o) => !o.key.endsWith(USED_SUFFIX));
  if (existing.length >= CONVERSATION_FILE_LIMITS.perConversation) return refuse(400, "too_many_files", CONVERSATION_FILE_TEXTS.tooMany);
  const fileId = newId("cfile").toLowerCase();
  await env.MEDIA.put(conversationFileKey(conversation.workspaceId, conversation.id, fileId), text, {
    httpMetadata: { contentType: "text/plain; charset=utf-8" },
    customMetadata: { filename: file.name || fileId },
  });
  return { ok: true, fileId };
}

/** Removes a file the conversation has not read yet. */
export async function removeConversationFile(env: Pick<Env, "DB" | "MEDIA">, viewer: Viewer, conversationId: string, fileId: string): Promise<Outcome<object>> {
  const conversation = await findConversation(env, viewer, conversationId);
  if (!conversation) return refuse(404, "not_found", AGENT_TEXTS.conversationNotFound);
  const key = conversationFileKey(conversation.workspaceId, conversation.id, fileId);
  if (!CONVERSATION_FILE_ID.test(fileId) || !(await env.MEDIA.head(key))) return refuse(404, "file_not_found", CONVERSATION_FILE_TEXTS.fileNotFound);
  if (await env.MEDIA.head(`${key}${USED_SUFFIX}`)) return refuse(409, "file_already_used", CONVERSATION_FILE_TEXTS.alreadyUsed);
  await env.MEDIA.delete(key);
  return { ok: true };
}

/**
 * The passages of the files a live conversation has not read yet (`read` holds the ids it has), each marked used as
 * it is read: the conversation calls this before each answer.
 */
export async function newConversationFilePassages(env: Pick<Env, "MEDIA">, workspaceId: string, conversationId: string, read: Set<string>) {
  const prefix = conversationFilesPrefix(workspaceId, conversationId);
  const unread = (await listFiles(env, workspaceId, conversationId)).filter((o) => !o.key.endsWith(USED_SUFFIX) && !read.has(o.key.slice(prefix.length)));
  const passages = [];
  for (const object of unread) {
    const fileId = object.key.slice(prefix.length);
    const body = await env.MEDIA.get(object.key);
    if (!body) continue;
    read.add(fileId);
    await env.MEDIA.put(`${object.key}${USED_SUFFIX}`, "");
    passages.push(...conversationFilePassages(fileId, object.customMetadata?.filename ?? fileId, await body.text()));
  }
  return passages;
}

/** Deletes a conversation's files (the conversation is being deleted). */
export async function deleteConversationFiles(env: Pick<Env, "MEDIA">, workspaceId: string, conversationId: string): Promise<void> {
  const keys = (await listFiles(env, workspaceId, conversationId)).map((o) => o.key);
  for (let at = 0; at < keys.length; at += 1000) await env.MEDIA.delete(keys.slice(at, at + 1000));
}
