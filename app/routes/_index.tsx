import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MarketingLayout } from "~/marketing/components/site-chrome";
import { TryItBox } from "~/marketing/components/try-it-box";
import { LinkButton } from "~/common/ui/button";
import { tryItVoiceChoices } from "~/voices/voices.server";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";
import { SIGN_IN_PATH, SIGN_UP_PATH } from "~/common/rules/navigation";
import { speechClaims } from "~/marketing/rules/speech-claims";
import { embeddedModels } from "../../core/speech/models";
import { servedModels } from "~/speech/speech.server";
import { videoFlagOn } from "../../core/sharing/sharing";

export const meta = publicMeta({ title: `${PRODUCT_NAME}: open, self-hostable voice AI`, description: "Text to speech with a speech history, a global player and share links, running on the edge or on your laptop.", path: "/" });
export const headers = publicHeaders;

/**
 * The try-it box offers every premade voice; what the page may say about the voices depends on the engines
 * this installation serves.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  // The reader flavour's home is the catalogue of published reads (decision 0046).
  if (context.edge.flavour === "reader") throw redirect("/reads", 302);
  // Without an answer from the speech worker, claim only the embedded engine.
  const [voices, models] = await Promise.all([tryItVoiceChoices(context.cloudflare.env), servedModels(context.cloudflare.env).catch(() => embeddedModels())]);
  return { voices, ...speechClaims(models), shareVideos: videoFlagOn(context.cloudflare.env.FEATURE_TTS_VIDEO_GENERATION) };
}

/** The cards after the first two, whose texts depend on the engines and the share-video flag. */
const MORE_CAPABILITIES = [
  {
    title: "An API you already know",
    text: "The HTTP API speaks the wire format of the best-known voice AI service, so its SDKs work unchanged.",
  },
  {
    title: "Workspaces and plans",
    text: "Invite your team, manage API keys, and choose a plan that fits. Billing through Stripe.",
  },
  {
    title: "Open and edge-native",
    text: "Runs on Cloudflare Workers with D1, R2 and Queues, or entirely on your laptop with no account anywhere.",
  },
];

export default function Home() {
  const { voices, ...claims } = useLoaderData<typeof loader>();
  const capabilities = [
    { title: "Text to speech", text: claims.textToSpeech },
    { title: "Speech history and player", text: "Every generation is kept in your workspace history. Play, download and rate it from one player." },
    {
      title: "Share what you make",
      text: claims.shareVideos
        ? "Send a public link to any generation, or a short video of a text-to-speech one; recipients listen without an account."
        : "Send a public link to any generation; recipients listen without an account.",
    },
    ...MORE_CAPABILITIES,
  ];
  return (
    <MarketingLayout>
      <section className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-20 text-center">
        <p className="rounded-full border border-border px-3 py-1 text-xs font-medium text-muted-foreground dark:text-zinc-400">
          Open source · Self-hostable · Edge-native
        </p>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">Voice AI you can run anywhere</h1>
        <p className="max-w-2xl text-lg text-muted-foreground" data-testid="home-intro">
          {claims.intro}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <LinkButton to={SIGN_UP_PATH} className="px-6 py-3 text-base">
            Get started free
          </LinkButton>
          <LinkButton to={SIGN_IN_PATH} variant="secondary" className="px-6 py-3 text-base">
            Sign in
          </LinkButton>
        </div>
        <div className="w-full max-w-2xl">
          <TryItBox voices={voices} initialText="Hello! Type anything here and hear it spoken, right in your browser." />
        </div>
      </section>
      <section aria-label="What it does" className="mx-auto grid max-w-6xl gap-4 px-4 pb-20 sm:grid-cols-2 lg:grid-cols-3">
        {capabilities.map((capability) => (
          <div key={capability.title} className="rounded-2xl border border-border p-6">
            <h2 className="text-lg font-semibold">{capability.title}</h2>
            <p className="mt-2 text-sm text-muted-foreground">{capability.text}</p>
          </div>
        ))}
      </section>
    </MarketingLayout>
  );
}
