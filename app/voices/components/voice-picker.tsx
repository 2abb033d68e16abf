import { useMemo } from "react";
import { languageName } from "~/speech/rules/languages";
import { matchesVoiceWords } from "~/voices/rules/voice-gallery";
import { Avatar } from "~/common/ui/avatar";
import { Combobox } from "~/common/ui/combobox";
import { PlayingBars, useVoicePreview, VoicePreviewButton, type ShownVoice } from "./voice-preview";
import { VoiceTags } from "./voice-tags";

/** What a row shows: the generated avatar, the name with its tags, a line of description and the preview button. */
function VoiceRow({ voice }: { voice: ShownVoice }) {
  const preview = useVoicePreview(voice);
  return (
    <>
      <Avatar seed={voice.voice_id} name={voice.name} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5">
          <span className="truncate font-medium">{voice.name}</span>
          {preview.active ? <PlayingBars className="text-accent-foreground" /> : null}
          <VoiceTags voice={voice} className="flex-nowrap" />
        </span>
        <span className="block truncate text-xs text-muted-foreground">{voice.description}</span>
      </span>
      <VoicePreviewButton voice={voice} />
    </>
  );
}

/**
 * The searchable voice picker: typing filters by name, language, gender, accent and description; each row plays
 * its preview in the global player without choosing the voice.
 */
export function VoicePicker({ voices, value, onValueChange, label = "Voice", name, testId = "voice-picker" }: { voices: readonly ShownVoice[]; value: string; onValueChange: (voiceId: string) => void; label?: string; name?: string; testId?: string }) {
  const items = useMemo(
    () =>
      voices.map((voice) => ({
        value: voice.voice_id,
        label: voice.name,
        keywords: [languageName(voice.language), voice.language, voice.gender, voice.accent ?? "", voice.description].filter(Boolean),
        voice,
      })),
    [voices],
  );
  return (
    <Combobox
      label={label}
      items={items}
      value={value}
      onValueChange={onValueChange}
      name={name}
      testId={testId}
      className="h-12"
      searchPlaceholder="Search voices by name, language, accent…"
      emptyText="No voice matches."
      filter={(_value, search, keywords) => (matchesVoiceWords(keywords ?? [], search) ? 1 : 0)}
      renderItem={(item) => <VoiceRow voice={item.voice} />}
      renderValue={(item) =>
        item ? (
          <>
            <Avatar seed={item.voice.voice_id} name={item.voice.name} size="sm" />
            <span className="truncate font-medium">{item.voice.name}</span>
            <VoiceTags voice={item.voice} className="flex-nowrap" />
          </>
        ) : (
          label
        )
      }
    />
  );
}
