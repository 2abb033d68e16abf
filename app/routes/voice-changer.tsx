import { MarketingLayout } from "~/marketing/components/site-chrome";
import { LinkButton } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { MAX_VOICE_CHANGER_SECONDS, VOICE_CHANGER_CREDITS_PER_MINUTE, VOICE_CHANGER_METHOD } from "~/voice-changer/rules/voice-changer";

export const headers = publicHeaders;

export const meta = publicMeta({
  title: `Voice changer · ${PRODUCT_NAME}`,
  description: "Say a recording again in another voice, keeping its words and timing, in the browser or through the API.",
  path: "/voice-changer",
});

export default function VoiceChangerLanding() {
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight">Voice changer</h1>
        <p className="text-lg text-muted-foreground">
          Upload or record a take, choose one of the platform&apos;s voices or your own, and hear the same words with the same timing and intonation in that voice. Every
          conversion is kept in your history; programs call the same engine through the speech-to-speech API.
        </p>
        <p className="text-muted-foreground">{VOICE_CHANGER_METHOD}</p>
        <p className="text-muted-foreground">
          It reads WAV, AIFF, MP3, Ogg Opus, and the sound of WebM and MP4 files and videos, up to {MAX_VOICE_CHANGER_SECONDS.free / 60} minutes per recording on the free plan,
          at {VOICE_CHANGER_CREDITS_PER_MINUTE.toLocaleString("en")} credits per minute of audio.
        </p>
        <LinkButton to={SIGN_UP_PATH}>Start for free</LinkButton>
      </section>
    </MarketingLayout>
  );
}
