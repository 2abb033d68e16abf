// A voice's settings as the API reads and writes them; stored per workspace and voice (db/), used by the speech area.
/** Default voice settings, as the commercial API reports them. */
export const DEFAULT_VOICE_SETTINGS = { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true, speed: 1 } as const;
export type VoiceSettings = { stability: number; similarity_boost: number; style: number; use_speaker_boost: boolean; speed: number };
