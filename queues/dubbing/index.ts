// The dubbing worker: consumes the dubbing-jobs queue the app produces, one dub per message, and runs its pipeline
// (pipeline.ts) with the speech worker's engines. No HTTP route at all (decision 0058).
import { consumeDubbingJobs, type DubbingEnv } from "./pipeline";
import type { DubbingMessage } from "../../core/dubbing/dub-rules";

export default {
  queue: (batch: MessageBatch<unknown>, env: DubbingEnv) => consumeDubbingJobs(batch as MessageBatch<DubbingMessage>, env),
} satisfies ExportedHandler<DubbingEnv>;
