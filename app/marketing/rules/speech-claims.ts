import { PRODUCT_NAME } from "../../../core/brand";
import { LANGUAGES } from "~/speech/rules/languages";
import { neuralModels, type Model } from "../../../core/speech/models";

/**
 * What the public pages say about the voices (decision 0015): the built-in voice is called what it is,
 * espeak-ng formant synthesis, and "lifelike" is said only when the served models include a neural engine.
 */
export const BUILT_IN_VOICES = "The built-in voices are espeak-ng formant synthesis: clear, fast and private, and recognisably synthetic.";

export type SpeechClaims = {
  /** Whether a neural engine is configured, so "lifelike" may be said. */
  lifelike: boolean;
  /** The home page's introduction. */
  intro: string;
  /** The home page's text-to-speech card. */
  textToSpeech: string;
};

export function speechClaims(served: readonly Pick<Model, "name" | "engine">[]): SpeechClaims {
  const neural = neuralModels(served).map((m) => m.name);
  const languages = `${LANGUAGES.length} languages`;
  const rest = "It keeps every generation in a shared history and lets you share it with anyone, in the browser or through the API.";
  if (neural.length === 0) {
    return {
      lifelike: false,
      intro: `${PRODUCT_NAME} turns text into speech with its built-in espeak-ng formant synthesizer: clear, fast and private, and recognisably synthetic. ${rest}`,
      textToSpeech: `Type or paste text, pick a voice and hear it in seconds, in ${languages}. An installation can add a neural speech engine beside the built-in formant voices.`,
    };
  }
  const engines = neural.join(" and ");
  return {
    lifelike: true,
    intro: `${PRODUCT_NAME} turns text into lifelike speech with the neural engine this installation connects (${engines}), or with its built-in espeak-ng formant synthesizer. ${rest}`,
    textToSpeech: `Type or paste text, pick a voice and a model, and hear lifelike speech from ${engines} in seconds; the built-in formant voices speak ${languages}.`,
  };
}
