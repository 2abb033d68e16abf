// Studio's rules live in core/studio/studio-rules.ts: its queue consumer (queues/studio) uses them too (decision 0058).
export * from "../../../core/studio/studio-rules";
