import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PRODUCT_NAME } from "../../core/brand";
import { publicCollection } from "~/publishing/publishing.server";
import { ReaderLayout, ReadGrid } from "~/publishing/components/reader-chrome";
import { READER_CACHE_CONTROL, readCard, requireReaderFlavour } from "~/publishing/reader.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.name ?? "Collection"} · ${PRODUCT_NAME} Reader` }];
export const headers = () => ({ "Cache-Control": READER_CACHE_CONTROL });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireReaderFlavour(request, context);
  const found = await publicCollection(context.cloudflare.env, params.collectionId ?? "");
  if (!found) throw new Response("This collection has no published reads.", { status: 404 });
  return { name: found.collection.name, reads: found.reads.map(readCard) };
}

export default function Collection() {
  const { name, reads } = useLoaderData<typeof loader>();
  return (
    <ReaderLayout>
      <Link to="/reads" className="text-sm text-muted-foreground hover:underline">
        ← All reads
      </Link>
      <h1 className="mb-6 mt-2 text-3xl font-bold tracking-tight">{name}</h1>
      <ReadGrid reads={reads} label={name} />
    </ReaderLayout>
  );
}
