// Dubbing's rules live in core/dubbing/dub-rules.ts: its queue consumer (queues/dubbing) uses them too (decision 0058).
export * from "../../../core/dubbing/dub-rules";
