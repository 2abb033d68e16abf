// The embedded translation provider: the rule-based translator of core/translation (a bilingual lexicon and
// agreement, verb and word-order rules), for the pairs it has a lexicon for. Decision 0036 says why not Apertium.
import type { TranslationEngine } from "../translation";
import { RULE_BASED_PAIRS, ruleBasedCovers, translateEnEs } from "../../translation/rule-based";

export const RULE_BASED_TRANSLATION_MODEL = "parlance-rules-en-es";

export const ruleBasedTranslation: TranslationEngine = {
  async translate(request) {
    if (request.source === null) throw new Error("The embedded translator cannot detect the source language: name it.");
    if (!ruleBasedCovers(request.source, request.target)) {
      throw new Error(`The embedded translator has no ${request.source}-${request.target} lexicon (it has ${RULE_BASED_PAIRS.map((p) => p.join("-")).join(", ")}).`);
    }
    const { text, unknownWords } = translateEnEs(request.text);
    return { text, detectedSource: null, unknownWords };
  },
};
