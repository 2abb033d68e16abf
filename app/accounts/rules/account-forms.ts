import { z } from "zod";
import { passwordProblems, PASSWORD_REQUIREMENTS_HEADING } from "./password";

export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 128;
export const WRONG_CREDENTIALS = "Wrong e-mail or password.";
/** After many failed passwords for an account, every password gets this answer; only the right one sends the link. */
export const SIGN_IN_EMAILED_TITLE = "Check your e-mail";
export const SIGN_IN_EMAILED =
  "There have been many failed attempts to sign in to this account, so we need to make sure it's you. If the password was right, we have e-mailed you a link: open it to finish signing in.";
/** A sign-up's answer, the same whether or not the address has an account (docs/decisions/0018). */
export const SIGN_UP_EMAILED_TITLE = "Check your e-mail";
export const signUpEmailed = (email: string) => `We've sent a message to ${email} with the next step. Open it to finish signing up.`;

export const emailField = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(MAX_EMAIL_LENGTH, "That e-mail address is too long.")
  .pipe(z.email("Enter a valid e-mail address."))
  .transform((email) => email.toLowerCase());

/** A new password must pass the strength rules of spec §5; the message lists what is missing. */
export const newPasswordField = z
  .string({ error: "Enter a password." })
  .max(MAX_PASSWORD_LENGTH, "That password is too long.")
  .superRefine((password, ctx) => {
    const problems = passwordProblems(password);
    if (problems.length) ctx.addIssue({ code: "custom", message: [PASSWORD_REQUIREMENTS_HEADING, ...problems].join(" ") });
  });

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

export const signUpForm = z.object({
  email: emailField,
  password: newPasswordField,
  agrees_to_terms: z.literal("on", { error: "Please accept the terms of service and the privacy policy." }),
  agrees_to_product_updates: checkbox,
  training_opt_out: checkbox,
  redirect: z.string().max(2000).optional(),
});

export const signInForm = z.object({
  email: emailField,
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(MAX_PASSWORD_LENGTH, "That password is too long."),
  redirect: z.string().max(2000).optional(),
});

export const passwordResetRequestForm = z.object({ email: emailField });

export const newPasswordForm = z.object({
  password: z.string().max(MAX_PASSWORD_LENGTH, "That password is too long."),
  repeat: z.string().max(MAX_PASSWORD_LENGTH, "That password is too long."),
});
