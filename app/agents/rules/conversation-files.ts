// Files attached to a live conversation (POST /v1/convai/conversations/{id}/files, decision 0096). The responders
// here read text only, so a file is a text file: it becomes passages the conversation answers from, from the next
// answer on (the file is then "used" and can no longer be removed, as the SDK describes). Images and PDFs are
// refused (415): nothing in the embedded responder or the registry's chat call reads them. Pure.
import { chunkText } from "../../../core/agents/retrieval";

export const CONVERSATION_FILE_LIMITS = {
  /** A text file of 1 MB is about 250 pages: more than a conversation's context can use. */
  bytes: 1024 * 1024,
  perConversation: 20,
} as const;

export const CONVERSATION_FILE_TEXTS = {
  fileType: "A conversation's file must be a text file (plain text, Markdown, CSV or JSON in UTF-8): the agent reads text only.",
  tooLarge: `The file is larger than ${CONVERSATION_FILE_LIMITS.bytes / 1024 / 1024} MB.`,
  tooMany: `A conversation takes at most ${CONVERSATION_FILE_LIMITS.perConversation} files.`,
  notLive: "The conversation has ended: files can be added only while it is in progress.",
  fileNotFound: "File not found in this conversation.",
  alreadyUsed: "The agent has already read this file in the conversation: it cannot be removed.",
} as const;

const TEXT_EXTENSIONS = /\.(txt|text|md|markdown|csv|tsv|json|log)$/i;
const TEXT_TYPES = /^(text\/(plain|markdown|csv|tab-separated-values|x-markdown)|application\/json)(;|$)/i;

/**
 * The text of an uploaded file, or null when it is not a text file: its name or declared type must say text, and
 * its bytes must be UTF-8 without NUL (a binary file renamed .txt is refused too).
 */
export function conversationFileText(name: string, contentType: string, bytes: Uint8Array): string | null {
  if (!TEXT_EXTENSIONS.test(name) && !TEXT_TYPES.test(contentType)) return null;
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

/** Where a conversation's files are in R2: under its workspace and conversation, so a listing is the conversation's. */
export const conversationFilesPrefix = (workspaceId: string, conversationId: string) => `conversation-files/${workspaceId}/${conversationId}/`;
export const conversationFileKey = (workspaceId: string, conversationId: string, fileId: string) => `${conversationFilesPrefix(workspaceId, conversationId)}${fileId}`;
/** The marker written when the conversation first reads a file. */
export const USED_SUFFIX = ".used";
export const CONVERSATION_FILE_ID = /^cfile_[a-z0-9]{1,40}$/;

/** A file's passages for the responder: its sentences cut as knowledge documents are, named after the file. */
export function conversationFilePassages(fileId: string, filename: string, text: string): { id: string; source: string; text: string }[] {
  return chunkText(text).map((chunk, i) => ({ id: `${fileId}-${i}`, source: `file ${filename}`, text: chunk }));
}
