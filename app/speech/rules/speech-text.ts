// Sentences, engine text and alignments live in core/speech/speech-text.ts: the Studio queue consumer uses them too (decision 0058).
export * from "../../../core/speech/speech-text";
