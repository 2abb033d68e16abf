// The app worker tests' main module: the app worker as deployed, plus the Studio and dubbing queue consumers, which
// are workers of their own in the stack (queues/studio, queues/dubbing; decision 0058). Here they consume their
// queues beside the app so that a test sees a conversion or a dub through the queue as the stack does; the queues'
// settings are vitest.config.ts's (the app's wrangler.toml no longer names them).
import app from "../../../app/worker";
import studio from "../../../queues/studio";
import dubbing from "../../../queues/dubbing";

export { WorkspaceEvents } from "../../../app/worker";

export default {
  fetch: app.fetch,
  queue: (batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext) => {
    if (batch.queue.startsWith("studio-jobs")) return studio.queue(batch, env);
    if (batch.queue.startsWith("dubbing-jobs")) return dubbing.queue(batch, env);
    return app.queue(batch, env, ctx);
  },
} satisfies ExportedHandler<Env>;
