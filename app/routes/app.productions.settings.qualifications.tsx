import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { producerState, takeQualificationTest } from "~/productions/productions.server";
import { refusalResponse } from "~/productions/views.server";
import { ProducerNav } from "~/productions/components/productions-ui";
import { isProductionKind, KIND_LABELS, PASS_PERCENT, PRODUCTION_KINDS, QUALIFICATION_TESTS } from "~/productions/rules/productions";

export const meta: MetaFunction = () => [{ title: `Qualifications · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const state = await producerState(context.cloudflare.env, viewer);
  return { isProducer: state.isProducer, qualified: Object.fromEntries(state.qualified.map((q) => [q.kind, q.score])) as Record<string, number> };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const kind = form.get("kind");
  if (!isProductionKind(kind)) return Response.json({ error: "Choose one of the tests." }, { status: 400 });
  const result = await takeQualificationTest(context.cloudflare.env, viewer, kind, String(form.get("answer") ?? "").slice(0, 5000));
  if (!result.ok) return refusalResponse(result);
  const { passed, score } = result.value;
  return passed
    ? { ok: `Passed with ${score}%: you can claim ${KIND_LABELS[kind].toLowerCase()} tasks.`, kind }
    : Response.json({ error: `${score}%: not yet. ${PASS_PERCENT}% of the words must match the corrected text; look again for every slip.`, kind }, { status: 400 });
}

export default function Qualifications() {
  const { isProducer, qualified } = useLoaderData<typeof loader>();
  const result = useActionData<{ ok?: string; error?: string; kind?: string }>();
  const busy = useNavigation().state !== "idle";
  return (
    <Page title="Qualifications" description={`Each kind of task has a short test: correct the text as a careful producer would. ${PASS_PERCENT}% of the words must match to pass.`}>
      <ProducerNav />
      {!isProducer ? (
        <p className="text-sm">
          <Link to="/app/productions/settings" className="underline">
            Save your producer profile
          </Link>{" "}
          before taking a test.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        {PRODUCTION_KINDS.map((kind) => {
          const test = QUALIFICATION_TESTS[kind];
          return (
            <Card key={kind}>
              <CardHeader title={KIND_LABELS[kind]} as="h2" actions={qualified[kind] !== undefined ? <Badge tone="success">Qualified · {qualified[kind]}%</Badge> : <Badge tone="outline">Not yet</Badge>} />
              <CardContent>
                <Form method="post" className="space-y-3">
                  <input type="hidden" name="kind" value={kind} />
                  <p className="text-sm text-muted-foreground">{test.task}</p>
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor={`q-${kind}`}>Corrected text</Label>
                    <Textarea id={`q-${kind}`} name="answer" rows={5} defaultValue={test.draft} disabled={!isProducer} />
                  </div>
                  {result?.kind === kind ? (
                    <>
                      <FormError>{result.error}</FormError>
                      {result.ok ? <Hint>{result.ok}</Hint> : null}
                    </>
                  ) : null}
                  <Button type="submit" disabled={busy || !isProducer}>
                    Submit test
                  </Button>
                </Form>
              </CardContent>
            </Card>
          );
        })}
      </div>
    </Page>
  );
}
