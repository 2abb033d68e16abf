import { database, type Database } from "../../../db/client";
import { listMail, storeMail, type MailRow } from "../../../db/repositories/mailbox";
import { PRODUCT_NAME } from "../../../core/brand";
import { log } from "~/common/log.server";
import { newId } from "./tokens.server";

export type MailMessage = { to: string; subject: string; text: string; html: string };

/**
 * One mail interface. MAIL_TRANSPORT selects the delivery:
 * - "dev-mailbox" (development): kept in D1 and shown at /dev/mailbox; links printed to the console.
 * - "http": POST to MAIL_HTTP_URL in the widely used `{from, to, subject, text, html}` JSON shape
 *   with a bearer MAIL_HTTP_KEY (Resend and compatible providers).
 */
export async function sendMail(env: Env, message: MailMessage): Promise<void> {
  const transport = env.MAIL_TRANSPORT ?? (isDevelopment(env) ? "dev-mailbox" : "http");
  if (transport === "dev-mailbox") {
    if (!isDevelopment(env)) throw new Error("The dev mailbox exists only in development");
    await storeMail(database(env.DB), { id: newId("mail"), ...message });
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    console.log(`[dev-mailbox] to ${message.to}: ${message.subject}${links.map((l) => `\n  ${l}`).join("")}`);
    return;
  }
  if (!env.MAIL_HTTP_URL || !env.MAIL_HTTP_KEY) throw new Error("MAIL_HTTP_URL and MAIL_HTTP_KEY must be set to send mail");
  const response = await fetch(env.MAIL_HTTP_URL, {
    method: "POST",
    headers: { authorization: `Bearer ${env.MAIL_HTTP_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ from: env.MAIL_FROM ?? `${PRODUCT_NAME} <no-reply@localhost>`, ...message, to: [message.to] }),
  });
  if (!response.ok) {
    log("error", "mail delivery failed", { status: response.status, to_domain: message.to.split("@")[1] });
    throw new Error(`Mail delivery failed with ${response.status}`);
  }
}

/** The dev mailbox (development only): the latest messages sent, newest first. */
export async function devMailboxMessages(db: Database): Promise<MailRow[]> {
  return listMail(db);
}

export function isDevelopment(env: Pick<Env, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT === "development";
}
