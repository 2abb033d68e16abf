import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BookOpen } from "lucide-react";
import { EmptyState } from "~/common/ui/feedback";
import { PRODUCT_NAME } from "../../core/brand";
import { catalogue } from "~/publishing/publishing.server";
import { ReaderLayout, ReadGrid } from "~/publishing/components/reader-chrome";
import { READER_CACHE_CONTROL, readCard, requireReaderFlavour } from "~/publishing/reader.server";

export const meta: MetaFunction = () => [{ title: `Reads · ${PRODUCT_NAME} Reader` }, { name: "description", content: "Audiobooks and stories published by their authors, free to listen to." }];
export const headers = () => ({ "Cache-Control": READER_CACHE_CONTROL });

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireReaderFlavour(request, context);
  const { reads, collections } = await catalogue(context.cloudflare.env);
  return {
    reads: reads.map(readCard),
    collections: collections.map(({ collection, reads }) => ({ id: collection.id, name: collection.name, count: reads.length })),
  };
}

export default function Catalogue() {
  const { reads, collections } = useLoaderData<typeof loader>();
  return (
    <ReaderLayout>
      <h1 className="text-3xl font-bold tracking-tight">Reads</h1>
      <p className="mt-1 text-muted-foreground">Audiobooks and stories published by their authors.</p>
      {collections.length ? (
        <section aria-labelledby="collections" className="mt-8">
          <h2 id="collections" className="text-lg font-semibold">
            Collections
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {collections.map((c) => (
              <li key={c.id}>
                <Link to={`/reads/collections/${c.id}`} className="inline-flex rounded-full border border-border px-3 py-1.5 text-sm hover:bg-muted">
                  {c.name} <span className="ml-1 text-muted-foreground">({c.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="latest" className="mt-8">
        <h2 id="latest" className="mb-3 text-lg font-semibold">
          Latest reads
        </h2>
        {reads.length ? <ReadGrid reads={reads} label="Latest reads" /> : <EmptyState icon={<BookOpen aria-hidden="true" />} title="Nothing published yet">Published reads appear here.</EmptyState>}
      </section>
    </ReaderLayout>
  );
}
