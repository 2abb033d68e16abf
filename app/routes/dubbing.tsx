import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { NumberedSteps } from "~/marketing/components/numbered-steps";
import { MarketingLayout } from "~/marketing/components/site-chrome";
import { LinkButton } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { TIER_DISPLAY_NAMES } from "../../core/billing/plans";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { dubbingLanguageOptions } from "~/dubbing/dubbing.server";
import { DUBBING_CREDITS_PER_MINUTE, DUBBING_ENGINE_NOTICE, DUBBING_HOW_IT_WORKS, MAX_DUBBING_SECONDS } from "../../core/dubbing/dub-rules";

export const headers = publicHeaders;

export const meta = publicMeta({
  title: `Dubbing · ${PRODUCT_NAME}`,
  description: "Dub video and audio into another language, keeping the background and each speaker's voice, in the browser or through the API.",
  path: "/dubbing",
});

/** The languages this deployment's engines can dub into right now (they depend on the configured providers). */
export async function loader({ context }: LoaderFunctionArgs) {
  const { sources, targets } = await dubbingLanguageOptions(context.cloudflare.env);
  return { sources: sources.filter((l) => l.code !== "auto").map((l) => l.name), targets: targets.map((l) => l.name) };
}

const formatSeconds = (seconds: number) => (seconds < 120 ? `${seconds} seconds` : `${seconds / 60} minutes`);

export default function DubbingLanding() {
  const { sources, targets } = useLoaderData<typeof loader>();
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight">Dubbing</h1>
        <p className="text-lg text-muted-foreground">
          Upload a video of people talking and get it back in another language: the same picture, the background sound kept, each speaker in a voice like their own,
          every line timed to the original. Fix a line in the dubbing studio and re-dub just that line; programs do the same through the API (
          <code>POST /v1/dubbing</code>).
        </p>
        <p className="text-muted-foreground">{DUBBING_ENGINE_NOTICE}</p>
        <LinkButton to={SIGN_UP_PATH}>Start for free</LinkButton>
        <h2 className="pt-6 text-xl font-semibold">How a dub is made</h2>
        <NumberedSteps steps={DUBBING_HOW_IT_WORKS} />
        <h2 className="pt-6 text-xl font-semibold">Languages on this site</h2>
        <p className="text-muted-foreground" data-testid="dubbing-languages">
          From {sources.join(", ")} (or detected automatically) into {targets.length ? targets.join(", ") : "no language yet"}. You get the dubbed audio, the video
          when you uploaded one, and subtitles of the source and the translation as SRT and WebVTT.
        </p>
        <h2 className="pt-6 text-xl font-semibold">Plans</h2>
        <p className="text-sm text-muted-foreground">
          Every plan dubs, each dub up to:{" "}
          {Object.entries(MAX_DUBBING_SECONDS)
            .map(([tier, seconds]) => `${formatSeconds(seconds)} on ${TIER_DISPLAY_NAMES[tier as keyof typeof MAX_DUBBING_SECONDS]}`)
            .join(", ")}
          ; the dubbing studio editor from {TIER_DISPLAY_NAMES.starter}. A dub costs {DUBBING_CREDITS_PER_MINUTE.toLocaleString("en")} credits per minute of media, given
          back if it fails.{" "}
          <Link to="/pricing" className="underline">
            See pricing
          </Link>
          .
        </p>
        <p className="text-sm text-muted-foreground">
          Already have an account? <Link to="/app/dubbing" className="underline">Open dubbing</Link>.
        </p>
      </section>
    </MarketingLayout>
  );
}
