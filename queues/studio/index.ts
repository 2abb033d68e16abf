// The Studio conversion worker: consumes the studio-jobs queue the app produces, one chapter per message
// (conversion.ts). No HTTP route at all (decision 0058).
import { consumeStudioJobs, type StudioEnv } from "./conversion";
import type { StudioJobMessage } from "../../core/studio/project-content.server";

export default {
  queue: (batch: MessageBatch<unknown>, env: StudioEnv) => consumeStudioJobs(batch as MessageBatch<StudioJobMessage>, env),
} satisfies ExportedHandler<StudioEnv>;
