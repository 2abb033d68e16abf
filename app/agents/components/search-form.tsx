import { Form } from "@remix-run/react";
import { Button } from "~/common/ui/button";
import { Input, Label } from "~/common/ui/input";

/** Searches an agents-area list by name: a GET form, so the search is in the address and works without the page's script. */
export function SearchForm({ id, search }: { id: string; search: string }) {
  return (
    <Form method="get" className="mb-3 flex max-w-md items-end gap-2" role="search">
      <div className="flex flex-1 flex-col gap-1">
        <Label htmlFor={id}>Search by name</Label>
        <Input id={id} name="q" defaultValue={search} maxLength={200} />
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  );
}
