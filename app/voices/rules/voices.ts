// The voices' pure rules live in core/voices/voice-rules.ts: the Studio and dubbing queue consumers use them too (decision 0058).
export * from "../../../core/voices/voice-rules";
