import { MarketingLayout } from "~/marketing/components/site-chrome";
import { LinkButton } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { CUSTOM_VOICE_LIMIT } from "../../core/billing/plans";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { EMBEDDED_CLONE_NOTE, MAX_TOTAL_SAMPLE_SECONDS } from "~/voices/rules/voice-cloning";

export const headers = publicHeaders;

export const meta = publicMeta({
  title: `Voice cloning · ${PRODUCT_NAME}`,
  description: "Add a voice of your own from a short recording, or design one from a description, and use it in text to speech and through the API.",
  path: "/voice-cloning",
});

export default function VoiceCloningLanding() {
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight">Voice cloning</h1>
        <p className="text-lg text-muted-foreground">
          Upload or record a minute of one person speaking, confirm you may clone the voice, and use it like any other voice: in text to speech, in the player and
          through the API. Or describe a voice in words and choose from three previews.
        </p>
        <p className="text-muted-foreground">
          {EMBEDDED_CLONE_NOTE} The samples are measured for pitch, pace and formants (up to {MAX_TOTAL_SAMPLE_SECONDS / 60} minutes in all), with background noise
          removed first if you ask. Instant cloning starts with the Starter plan, which keeps {CUSTOM_VOICE_LIMIT.starter} voices of your own.
        </p>
        <LinkButton to={SIGN_UP_PATH}>Start for free</LinkButton>
      </section>
    </MarketingLayout>
  );
}
