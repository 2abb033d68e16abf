import { Form } from "@remix-run/react";
import { FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";

/**
 * A delete refused because agents use the item: the reason (which names them), and where the API offers `force`,
 * the button that deletes it anyway and takes it from them.
 */
export function InUseRefusal({ message, force, busy }: { message: string; force?: { fields: Record<string, string>; label: string }; busy: boolean }) {
  return (
    <FormError>
      {message}
      {force ? (
        <>
          {" "}
          <Form method="post" className="inline">
            {Object.entries(force.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="force" value="true" />
            <Button type="submit" size="sm" variant="destructive" disabled={busy}>
              {force.label}
            </Button>
          </Form>
        </>
      ) : null}
    </FormError>
  );
}
