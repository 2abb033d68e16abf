import { Hono } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { validationError } from "~/api/errors";
import { answerRefusal, formFile, readMultipart } from "~/api/multipart";
import { valid } from "~/api/validation";
import { addConversationFile, removeConversationFile } from "~/agents/agents.server";
import { doc, id } from "./api-schemas";

const conversationParam = z.object({ conversation_id: id });

/**
 * Files attached to a conversation in progress (decision 0096), under /v1/convai: a text file becomes what the agent
 * answers from, from its next answer on. Each route asks for the key itself.
 */
export const conversationFilesApi = new Hono<AuthedEnv>();

conversationFilesApi.post(
  "/conversations/:conversation_id/files",
  requireAgentsCaller,
  doc("Attach a text file to a conversation in progress (multipart file): the agent answers from it from its next answer on", {
    success: { description: "JSON: file_id" },
    responses: { 400: "too_many_files", 404: "not_found", 409: "conversation_not_in_progress", 413: "file_too_large", 415: "unsupported_file_type (the agent reads text files only)" },
  }),
  valid("param", conversationParam),
  async (c) => {
    const form = await readMultipart(c, "a file");
    if (form instanceof Response) return form;
    const field = formFile(form, "file", "the file to attach");
    if ("issue" in field) return validationError(c, [field.issue]);
    const added = await addConversationFile(c.env, c.get("caller"), c.req.valid("param").conversation_id, field.file);
    return added.ok ? c.json({ file_id: added.fileId }) : answerRefusal(c, added.refusal);
  },
);

conversationFilesApi.delete(
  "/conversations/:conversation_id/files/:file_id",
  requireAgentsCaller,
  doc("Remove a file from a conversation, while the agent has not read it yet", { success: { description: "JSON: file_id" }, responses: { 404: "not_found, file_not_found", 409: "file_already_used" } }),
  valid("param", conversationParam.extend({ file_id: id })),
  async (c) => {
    const params = c.req.valid("param");
    const removed = await removeConversationFile(c.env, c.get("caller"), params.conversation_id, params.file_id);
    return removed.ok ? c.json({ file_id: params.file_id }) : answerRefusal(c, removed.refusal);
  },
);
