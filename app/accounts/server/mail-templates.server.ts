import { PRODUCT_NAME } from "../../../core/brand";
import type { MailMessage } from "./mail.server";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

function withLink(to: string, subject: string, intro: string, linkLabel: string, link: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${linkLabel}: ${link}\n\n${outro}\n\n${PRODUCT_NAME}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p><p>${escapeHtml(outro)}</p><p>${PRODUCT_NAME}</p>`,
  };
}

/** A message with several links, each on its own line. */
function withLinks(to: string, subject: string, intro: string, links: { label: string; link: string }[], outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${links.map(({ label, link }) => `${label}: ${link}`).join("\n")}\n\n${outro}\n\n${PRODUCT_NAME}`,
    html: `<p>${escapeHtml(intro)}</p>${links.map(({ label, link }) => `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`).join("")}<p>${escapeHtml(outro)}</p><p>${PRODUCT_NAME}</p>`,
  };
}

export const mailTemplates = {
  verifyEmail: (to: string, link: string) =>
    withLink(
      to,
      `Verify your e-mail for ${PRODUCT_NAME}`,
      `Welcome to ${PRODUCT_NAME}! Please confirm your e-mail address to finish creating your account.`,
      "Verify e-mail",
      link,
      "If you did not sign up, ignore this message: no account is created until the link is opened.",
    ),
  /** Someone signed up with an address that has an account: its owner hears of it; the sign-up page said the same as for a new one. */
  signUpExistingAccount: (to: string, links: { signIn: string; resetPassword: string }) =>
    withLinks(
      to,
      `Someone tried to sign up to ${PRODUCT_NAME} with your e-mail address`,
      `Someone, hopefully you, tried to create a new ${PRODUCT_NAME} account with this e-mail address. You already have an account with it, so nothing was created and nothing has changed.`,
      [
        { label: "Sign in", link: links.signIn },
        { label: "Forgot your password? Choose a new one", link: links.resetPassword },
      ],
      "If this wasn't you, ignore this message.",
    ),
  signInLink: (to: string, link: string) =>
    withLink(
      to,
      `Finish signing in to ${PRODUCT_NAME}`,
      "Someone signed in to your account with your password just now. There have been many failed attempts to sign in to it recently, so the sign-in finishes only from this e-mail.",
      "Finish signing in",
      link,
      "If this wasn't you, someone knows your password: don't open the link, and choose a new password with 'Forgot your password?' on the sign-in page.",
    ),
  resetPassword: (to: string, link: string) =>
    withLink(to, `Reset your ${PRODUCT_NAME} password`, "We received a request to reset your password.", "Choose a new password", link, "If you did not ask for this, ignore this message; your password stays as it is."),
  optOutOfUpdates: (to: string, link: string) =>
    withLink(to, `You're subscribed to ${PRODUCT_NAME} product updates`, "Thanks for subscribing: we will write when something new ships.", "Opt out of product updates", link, "You can opt in again in your settings."),
  verifySignInRequest: (to: string, link: string) =>
    withLink(to, `Support access request for your ${PRODUCT_NAME} account`, "Our support team asked for temporary access to your account.", "Review the request", link, "Nothing happens unless you grant access."),
  /** The workspace's name is chosen by its members: one line, as plain text (escaped in the HTML part). */
  workspaceInvite: (to: string, workspaceName: string, role: string, link: string) => {
    const name = workspaceName.replace(/\s+/g, " ").trim().slice(0, 100);
    return withLink(
      to,
      `You're invited to ${name} on ${PRODUCT_NAME}`,
      `You have been invited to join the workspace ${name} on ${PRODUCT_NAME} as ${role === "admin" ? "an admin" : "an editor"}.`,
      "Open the invitation",
      link,
      "Accepting needs an account with this e-mail address, verified. If you did not expect this, ignore this message.",
    );
  },
  changeEmail: (to: string, link: string) =>
    withLink(to, `Confirm your new ${PRODUCT_NAME} e-mail address`, "Please confirm that this is your new e-mail address.", "Confirm e-mail change", link, "If you did not ask for this, ignore this message."),
};
