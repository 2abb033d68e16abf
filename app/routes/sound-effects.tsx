import { Link } from "@remix-run/react";
import { MarketingLayout } from "~/marketing/components/site-chrome";
import { LinkButton } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { PROCEDURAL_ENGINE_NOTICE, SOUND_CATALOGUE, SOUND_DURATION_RANGE } from "~/sound-effects/rules/sound-effects";

export const headers = publicHeaders;

export const meta = publicMeta({ title: `Sound effects · ${PRODUCT_NAME}`, description: "Sound effects from a description, in the browser or through the API.", path: "/sound-effects" });

export default function SoundEffectsLanding() {
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight">Sound effects</h1>
        <p className="text-lg text-muted-foreground">
          Describe a sound and get it as MP3, Opus or PCM: {SOUND_DURATION_RANGE.min} to {SOUND_DURATION_RANGE.max} seconds or the sound's natural length, as a seamless loop if you like, kept in your history
          and available through the API (<code>POST /v1/sound-generation</code>).
        </p>
        <p className="text-muted-foreground">{PROCEDURAL_ENGINE_NOTICE}</p>
        <LinkButton to={SIGN_UP_PATH}>Start for free</LinkButton>
        <h2 className="pt-6 text-xl font-semibold">What it makes</h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {SOUND_CATALOGUE.map((category) => (
            <li key={category.id} className="rounded-xl border border-border px-4 py-3">
              <p className="font-medium">{category.label}</p>
              <p className="text-sm text-muted-foreground">{category.prompts.slice(0, 3).join(" · ")}</p>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">
          Already have an account? <Link to="/app/sound-effects" className="underline">Open sound effects</Link>.
        </p>
      </section>
    </MarketingLayout>
  );
}
