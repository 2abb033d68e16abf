import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge } from "~/common/ui/badge";
import { PRODUCT_NAME } from "../../core/brand";
import { publishedRead, readAudioPath, readCoverPath } from "~/publishing/publishing.server";
import { formatDuration, ReaderLayout } from "~/publishing/components/reader-chrome";
import { ReadPlayer } from "~/publishing/components/read-player";
import { READER_CACHE_CONTROL, requireReaderFlavour } from "~/publishing/reader.server";
import { mainOrigin, profilePath } from "~/publishing/rules/profiles";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: `${data.title} · ${PRODUCT_NAME} Reader` }, { name: "description", content: data.description.slice(0, 160) }] : [{ title: `Read not found · ${PRODUCT_NAME} Reader` }]);
export const headers = () => ({ "Cache-Control": READER_CACHE_CONTROL });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireReaderFlavour(request, context);
  const found = await publishedRead(context.cloudflare.env, params.readId ?? "");
  if (!found) throw new Response("This read is not published.", { status: 404 });
  const { read, publisher } = found;
  return {
    id: read.id,
    title: read.title,
    author: read.author,
    description: read.description,
    genres: JSON.parse(read.genres) as string[],
    language: read.language,
    isbn: read.isbn,
    matureContent: read.matureContent,
    durationSeconds: read.durationMs === null ? null : read.durationMs / 1000,
    coverUrl: read.coverImageKey ? readCoverPath(read.id) : null,
    audioUrl: readAudioPath(read),
    publisher: { name: publisher.name, profileUrl: publisher.handle ? mainOrigin(new URL(request.url).origin) + profilePath(publisher.handle) : null },
  };
}

export default function ListeningPage() {
  const read = useLoaderData<typeof loader>();
  return (
    <ReaderLayout>
      <Link to="/reads" className="text-sm text-muted-foreground hover:underline">
        ← All reads
      </Link>
      <article className="mt-4 grid gap-8 md:grid-cols-[240px_1fr]">
        <div className="aspect-square w-full max-w-60 overflow-hidden rounded-xl border border-border bg-muted">
          {read.coverUrl ? <img src={read.coverUrl} alt={`Cover of ${read.title}`} className="size-full object-cover" /> : null}
        </div>
        <div className="min-w-0 space-y-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">{read.title}</h1>
            <p className="mt-1 text-muted-foreground">
              by {read.author}
              {read.durationSeconds !== null ? ` · ${formatDuration(read.durationSeconds)}` : ""}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {read.genres.map((g) => (
              <Badge key={g}>{g}</Badge>
            ))}
            {read.language ? <Badge tone="outline">{read.language}</Badge> : null}
            {read.matureContent ? <Badge tone="warning">Mature content</Badge> : null}
          </div>
          <ReadPlayer readId={read.id} audioUrl={read.audioUrl} title={read.title} />
          <p className="whitespace-pre-line leading-relaxed">{read.description}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Published by</dt>
            <dd>{read.publisher.profileUrl ? <a href={read.publisher.profileUrl} className="underline">{read.publisher.name}</a> : read.publisher.name}</dd>
            {read.isbn ? (
              <>
                <dt className="text-muted-foreground">ISBN</dt>
                <dd>{read.isbn}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </article>
    </ReaderLayout>
  );
}
