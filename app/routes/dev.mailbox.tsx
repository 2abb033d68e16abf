import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { db, devMailboxMessages, devTextMessages, isDevelopment } from "~/accounts/accounts.server";

export const meta: MetaFunction = () => [{ title: "Dev mailbox" }, { name: "robots", content: "noindex" }];

/** Every e-mail sent in development, newest first. Outside development this route does not exist. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!isDevelopment(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  const [messages, texts] = await Promise.all([devMailboxMessages(db(context)), devTextMessages(db(context))]);
  return { messages: messages.map(({ html: _html, ...rest }) => rest), texts };
}

export default function DevMailbox() {
  const { messages, texts } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-6">
      <h1 className="text-2xl font-bold">Dev mailbox</h1>
      <p className="text-sm text-muted-foreground">E-mail and text messages sent by this development installation. Nothing here leaves the machine.</p>
      {texts.length ? (
        <section aria-labelledby="texts-heading" className="space-y-2">
          <h2 id="texts-heading" className="text-lg font-semibold">
            Text messages
          </h2>
          <ul className="space-y-2">
            {texts.map((text) => (
              <li key={text.sid} data-testid="text-message" className="rounded-xl border border-border p-3 text-sm">
                <p className="text-xs text-muted-foreground">
                  To <span data-testid="text-to">{text.to}</span> from {text.from} · {new Date(text.createdAt * 1000).toISOString()}
                </p>
                <p data-testid="text-body">{text.body}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {messages.length === 0 ? <p>No messages yet.</p> : null}
      <ul className="space-y-3">
        {messages.map((message) => (
          <li key={message.id} data-testid="mail" className="rounded-xl border border-border p-4">
            <p className="text-xs text-muted-foreground">
              To <span data-testid="mail-to">{message.to}</span> · {new Date(message.createdAt * 1000).toISOString()}
            </p>
            <h2 className="font-semibold" data-testid="mail-subject">
              {message.subject}
            </h2>
            <pre className="mt-2 whitespace-pre-wrap break-all font-sans text-sm">
              {message.text.split(/(https?:\/\/\S+)/g).map((part, i) =>
                /^https?:\/\//.test(part) ? (
                  <a key={i} href={part} className="text-violet-700 underline dark:text-violet-300">
                    {part}
                  </a>
                ) : (
                  part
                ),
              )}
            </pre>
          </li>
        ))}
      </ul>
    </main>
  );
}
