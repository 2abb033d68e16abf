import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AudioLines, BookOpen } from "lucide-react";
import { MarketingLayout } from "~/marketing/components/site-chrome";
import { Card, CardContent } from "~/common/ui/card";
import { EmptyState } from "~/common/ui/feedback";
import { PRODUCT_NAME } from "../../core/brand";
import { profileAt } from "~/publishing/publishing.server";
import { ReadGrid } from "~/publishing/components/reader-chrome";
import { readCard } from "~/publishing/reader.server";
import { profilePath, readerOrigin } from "~/publishing/rules/profiles";
import { libraryPreviewPath } from "~/voices/library-json";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.name ?? "Profile"} (@${data?.handle ?? ""}) · ${PRODUCT_NAME}` }];
export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const found = await profileAt(context.cloudflare.env, params.handle ?? "");
  if (!found) throw new Response("No profile has this handle.", { status: 404 });
  // An old handle: a temporary redirect, as the handle may belong to someone else once its time is up (decision 0046).
  if (found.kind === "redirect") throw redirect(profilePath(found.handle), 302);
  const { profile } = found;
  return {
    handle: profile.handle,
    name: profile.name,
    memberSince: new Date(profile.memberSince * 1000).toLocaleDateString("en", { year: "numeric", month: "long" }),
    voices: profile.voices.map((v) => ({ id: v.voiceId, name: v.name, description: v.description, previewUrl: libraryPreviewPath(v.voiceId), shareUrl: v.publicOwnerId ? `/app/voice-lab/share/${v.publicOwnerId}/${v.voiceId}` : null })),
    reads: profile.reads.map(readCard),
    readerBase: readerOrigin(new URL(request.url).origin),
  };
}

export default function Profile() {
  const { handle, name, memberSince, voices, reads, readerBase } = useLoaderData<typeof loader>();
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-5xl space-y-10 px-4 py-12">
        <header className="flex items-center gap-4">
          <div aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-accent-soft text-2xl font-semibold text-accent-foreground">
            {name.slice(0, 1).toUpperCase()}
          </div>
          <div>
            <h1 className="text-3xl font-bold tracking-tight">{name}</h1>
            <p className="text-muted-foreground">
              @{handle} · on {PRODUCT_NAME} since {memberSince}
            </p>
          </div>
        </header>
        <section aria-labelledby="voices">
          <h2 id="voices" className="mb-3 text-xl font-semibold">
            Shared voices
          </h2>
          {voices.length ? (
            <ul className="grid gap-3 sm:grid-cols-2">
              {voices.map((v) => (
                <li key={v.id}>
                  <Card>
                    <CardContent className="space-y-2 pt-5">
                      <p className="font-medium">{v.shareUrl ? <a href={v.shareUrl} className="hover:underline">{v.name}</a> : v.name}</p>
                      {v.description ? <p className="text-sm text-muted-foreground">{v.description}</p> : null}
                      <audio controls preload="none" src={v.previewUrl} aria-label={`Preview of ${v.name}`} className="w-full" />
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState icon={<AudioLines aria-hidden="true" />} title="No shared voices yet" />
          )}
        </section>
        <section aria-labelledby="reads">
          <h2 id="reads" className="mb-3 text-xl font-semibold">
            Published reads
          </h2>
          {reads.length ? <ReadGrid reads={reads} base={readerBase} label="Published reads" /> : <EmptyState icon={<BookOpen aria-hidden="true" />} title="No published reads yet" />}
        </section>
      </section>
    </MarketingLayout>
  );
}
