// The models and their engines live in core/speech/models.ts: the Studio queue consumer resolves them too (decision 0058).
export * from "../../../core/speech/models";
