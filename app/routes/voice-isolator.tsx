import { MarketingLayout } from "~/marketing/components/site-chrome";
import { LinkButton } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { ISOLATION_CREDITS_PER_MINUTE, MAX_ISOLATION_SECONDS } from "~/isolation/rules/isolation";

export const headers = publicHeaders;

export const meta = publicMeta({
  title: `Voice isolator · ${PRODUCT_NAME}`,
  description: "Remove background noise from a recording and keep the voice, in the browser or through the API.",
  path: "/voice-isolator",
});

export default function VoiceIsolatorLanding() {
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight">Voice isolator</h1>
        <p className="text-lg text-muted-foreground">
          Upload or record a recording and get the voice back without the hiss, hum, fan or traffic behind it. Listen to the original and the cleaned version side
          by side, then download it; programs call the same engine through the API.
        </p>
        <p className="text-muted-foreground">
          The built-in engine is RNNoise, a compact recurrent network for speech denoising running on the platform itself: it removes steady background noise well;
          music and other voices may remain. It reads WAV, AIFF, MP3, Ogg Opus, and the sound of WebM and MP4 files and videos, up to {MAX_ISOLATION_SECONDS.free / 60}{" "}
          minutes per recording on the free plan, at {ISOLATION_CREDITS_PER_MINUTE.toLocaleString("en")} credits per minute of audio.
        </p>
        <LinkButton to={SIGN_UP_PATH}>Start for free</LinkButton>
      </section>
    </MarketingLayout>
  );
}
