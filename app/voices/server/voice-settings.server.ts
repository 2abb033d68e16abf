// A workspace's saved settings per voice, for the voice endpoints and generation.
export { findVoiceSettings, saveVoiceSettings } from "../../../db/repositories/voice-settings";
