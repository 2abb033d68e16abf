import { VIDEO_THEMES, videoKey, workspaceVideoPrefix } from "../../../core/sharing/video";

/** The R2 objects of one history item: its audio and its share videos. */
export async function deleteHistoryMedia(media: R2Bucket, item: { id: string; workspaceId: string; audioKey: string }): Promise<void> {
  await media.delete([item.audioKey, ...VIDEO_THEMES.map((theme) => videoKey(item.workspaceId, item.id, theme))]);
}

/** Every R2 object of a workspace (audio and videos), page by page. */
export async function deleteWorkspaceMedia(media: R2Bucket, workspaceId: string): Promise<void> {
  for (const prefix of [`history/${workspaceId}/`, workspaceVideoPrefix(workspaceId)]) {
    let cursor: string | undefined;
    do {
      const page = await media.list({ prefix, cursor });
      if (page.objects.length) await media.delete(page.objects.map((o) => o.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
}
