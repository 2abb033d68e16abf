// A Studio project's content as conversion sees it: its chapters and blocks in order, the output format, and which
// blocks need converting. Read by the app's Studio area and by the queue consumer that converts (queues/studio,
// decision 0058).
import type { Database } from "../../db/client";
import * as repo from "../../db/repositories/studio";
import type { StudioBlockRow, StudioChapterRow, StudioProjectRow } from "../../db/repositories/studio";
import { applyRules, type PronunciationRule } from "../pronunciation/rules";
import { blockCharacters, conversionKey, QUALITY_OUTPUT_FORMAT, type QualityPreset, type TtsNode } from "./studio-rules";

/** The studio-jobs queue's message: one chapter (or some of its blocks) to convert for the member who asked. */
export type StudioJobMessage = { version: 1; workspaceId: string; userId: string; projectId: string; chapterId: string; blockIds: string[] | null };

export type ChapterWithBlocks = { chapter: StudioChapterRow; blocks: StudioBlockRow[] };

export const parseList = <T>(json: string): T[] => JSON.parse(json) as T[];

/** Rows in the order of their ids in `order`; rows the order does not name follow. */
export function inOrder<T extends { id: string }>(rows: T[], order: string[]): T[] {
  const rank = new Map(order.map((id, i) => [id, i]));
  return [...rows].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
}

/** The project's chapters in chapters_order, each with its blocks in block_ids_order. */
export async function projectContentOf(db: Database, project: StudioProjectRow): Promise<ChapterWithBlocks[]> {
  const chapters = await repo.projectChapters(db, project.workspaceId, project.id);
  const blocks = await repo.chapterBlocks(db, project.workspaceId, chapters.map((c) => c.id));
  return inOrder(chapters, parseList<string>(project.chaptersOrder)).map((chapter) => ({ chapter, blocks: inOrder(blocks.filter((b) => b.chapterId === chapter.id), parseList<string>(chapter.blockIdsOrder)) }));
}

/** The output format the project converts to. */
export function projectOutputFormat(project: StudioProjectRow) {
  return QUALITY_OUTPUT_FORMAT[project.qualityPreset as QualityPreset] ?? QUALITY_OUTPUT_FORMAT.standard;
}

/** Whether a block has words to speak (blocks of only spaces are never converted). */
export function blockHasText(block: StudioBlockRow): boolean {
  const nodes = parseList<TtsNode>(block.nodes);
  return blockCharacters(nodes) > 0 && nodes.some((n) => n.text.trim() !== "");
}

/** A block needs converting when it has text and its audio (if any) was made from other text, voices or model. */
export function blockNeedsConversion(project: StudioProjectRow, block: StudioBlockRow): boolean {
  if (!blockHasText(block)) return false;
  return !block.audioKey || block.convertedKey !== blockConversionKey(project, parseList<TtsNode>(block.nodes));
}

/**
 * The key of a block's audio: its nodes as spoken through the project's pronunciation dictionaries, so adding or
 * removing a dictionary reconverts exactly the paragraphs whose spoken text it changes.
 */
export function blockConversionKey(project: StudioProjectRow, nodes: TtsNode[]): string {
  const rules = parseList<PronunciationRule>(project.pronunciationRules);
  const spoken = rules.length ? nodes.map((n) => ({ ...n, text: applyRules(n.text, rules, true).text })) : nodes;
  return conversionKey(spoken, project.defaultModelId, projectOutputFormat(project));
}
