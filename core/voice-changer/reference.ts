/**
 * What a voice without measured features says so its pitch and formants can be measured for the voice changer:
 * about four seconds, mostly voiced, a range of vowels.
 */
export const REFERENCE_SENTENCE = "Every morning we walk along the river and watch the boats go by, while the birds sing above the water.";

/** The seed the reference sentence is spoken with, so a voice's target is the same on every request. */
export const REFERENCE_SEED = 1;
