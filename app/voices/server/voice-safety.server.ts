// Safety controls moderation put on voices (a short list in D1), for the voice endpoints, pages and generation.
export { safetyControlOf, safetyControlsByVoice } from "../../../db/repositories/voice-safety";
