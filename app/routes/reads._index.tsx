import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { BookOpen, Search } from "lucide-react";
import { Button, LinkButton } from "~/common/ui/button";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Input, Label } from "~/common/ui/input";
import { Select } from "~/common/ui/select";
import { PRODUCT_NAME } from "../../core/brand";
import { catalogue, catalogueFilters, searchCatalogue } from "~/publishing/publishing.server";
import { isSearch, parseCatalogueQuery, QUERY_LENGTH_MAX } from "~/publishing/rules/catalogue-search";
import { ReaderLayout, ReadGrid } from "~/publishing/components/reader-chrome";
import { READER_CACHE_CONTROL, readCard, requireReaderFlavour } from "~/publishing/reader.server";

export const meta: MetaFunction = () => [{ title: `Reads · ${PRODUCT_NAME} Reader` }, { name: "description", content: "Audiobooks and stories published by their authors, free to listen to." }];
export const headers = () => ({ "Cache-Control": READER_CACHE_CONTROL });

/** The filters' "any" choice (a select cannot hold an empty value); sent as no filter. */
const ANY = "any";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireReaderFlavour(request, context);
  const env = context.cloudflare.env;
  const params = new URL(request.url).searchParams;
  for (const name of ["genre", "language"]) if (params.get(name) === ANY) params.delete(name);
  const form = { q: params.get("q") ?? "", author: params.get("author") ?? "", genre: params.get("genre") || ANY, language: params.get("language") || ANY };
  const query = parseCatalogueQuery(params);
  const [{ reads, collections }, filters] = await Promise.all([catalogue(env), catalogueFilters(env)]);
  const base = { form, filters, collections: collections.map(({ collection, reads }) => ({ id: collection.id, name: collection.name, count: reads.length })), latest: reads.map(readCard) };
  if ("status" in query) return json({ ...base, error: query.message as string | null, results: null as ReturnType<typeof readCard>[] | null }, { status: query.httpStatus });
  const results = isSearch(query) ? (await searchCatalogue(env, query)).map(readCard) : null;
  return json({ ...base, error: null as string | null, results });
}

export default function Catalogue() {
  const { form, filters, collections, latest, results, error } = useLoaderData<typeof loader>();
  return (
    <ReaderLayout>
      <h1 className="text-3xl font-bold tracking-tight">Reads</h1>
      <p className="mt-1 text-muted-foreground">Audiobooks and stories published by their authors.</p>
      <Form method="get" role="search" aria-label="Search the reads" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
        <div className="flex flex-col gap-1">
          <Label htmlFor="catalogue-q">Title or author</Label>
          <Input id="catalogue-q" name="q" type="search" defaultValue={form.q} maxLength={QUERY_LENGTH_MAX} placeholder="Words or their beginnings" />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="catalogue-author">Author</Label>
          <Input id="catalogue-author" name="author" defaultValue={form.author} maxLength={QUERY_LENGTH_MAX} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="catalogue-genre">Genre</Label>
          <Select id="catalogue-genre" label="Genre" name="genre" defaultValue={form.genre} options={[{ value: ANY, label: "Any genre" }, ...filters.genres.map((g) => ({ value: g.key, label: g.label }))]} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="catalogue-language">Language</Label>
          <Select id="catalogue-language" label="Language" name="language" defaultValue={form.language} options={[{ value: ANY, label: "Any language" }, ...filters.languages.map((l) => ({ value: l, label: l }))]} />
        </div>
        <Button type="submit">
          <Search aria-hidden="true" /> Search
        </Button>
      </Form>
      {error ? (
        <Hint tone="error" className="mt-3">
          {error}
        </Hint>
      ) : null}
      {results ? (
        <section aria-labelledby="results" className="mt-8">
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 id="results" className="text-lg font-semibold">
              {results.length === 1 ? "1 read found" : `${results.length} reads found`}
            </h2>
            <LinkButton to="/reads" variant="ghost" size="sm">
              Clear the search
            </LinkButton>
          </div>
          {results.length ? (
            <ReadGrid reads={results} label="Search results" />
          ) : (
            <EmptyState icon={<Search aria-hidden="true" />} title="No read matches">
              Try fewer words, the beginning of a word, or another genre or language.
            </EmptyState>
          )}
        </section>
      ) : (
        <>
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
            {latest.length ? <ReadGrid reads={latest} label="Latest reads" /> : <EmptyState icon={<BookOpen aria-hidden="true" />} title="Nothing published yet">Published reads appear here.</EmptyState>}
          </section>
        </>
      )}
    </ReaderLayout>
  );
}
