import type { Database } from "../../../db/client";
import { findUserById, updateUser, type UserRow } from "../../../db/repositories/users";
import { PRODUCT_NAME } from "../../../core/brand";
import { base32Encode, BACKUP_CODE_COUNT, otpauthUri, verifyTotp } from "~/accounts/rules/totp";
import { verifyPassword } from "../../../core/password-hash";
import { randomHex, sha256Hex } from "./tokens.server";
import { checkActionCode } from "./action-codes.server";
import { nowSeconds } from "../../../core/clock";
import { maskPhoneNumber, newSmsCode, type TextedCodeOutcome, normalisePhoneNumber, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_SECONDS, smsCodeMessage, smsResendWait } from "~/accounts/rules/sms";
import { sendTextMessage } from "./text-messages.server";
import { isServiceAccount, type Actor } from "./actor.server";
import { mustSetUpSecondFactor, TWO_FACTOR_POLICY_TEXTS } from "../../../core/workspace/two-factor";

/** Whether a second step guards sign-in and sensitive actions: an authenticator app, texted codes, or both. */
export function hasSecondFactor(user: UserRow): boolean {
  return user.totpEnabledAt !== null || user.smsEnabledAt !== null;
}

/**
 * Whether the actor's workspace holds them back until they add a second factor (it requires one of every member,
 * decision 0061). Pages send them to set one up (requireViewer); the API refuses them (secondFactorRefusal).
 */
export function secondFactorSetupRequired(actor: Actor): boolean {
  return mustSetUpSecondFactor({ requiredAt: actor.membership.workspace.twoFactorRequiredAt, hasSecondFactor: hasSecondFactor(actor.user), serviceAccount: isServiceAccount(actor) });
}

export type SecondFactorRefusal = { httpStatus: 403; status: "two_factor_required"; message: string };

/** The API's answer to a member held back by their workspace's two-factor requirement; null for everyone else. */
export function secondFactorRefusal(actor: Actor): SecondFactorRefusal | null {
  return secondFactorSetupRequired(actor) ? { httpStatus: 403, status: "two_factor_required", message: TWO_FACTOR_POLICY_TEXTS.apiRefused } : null;
}

/** The backup codes stay while any factor is on: they stand in for whichever is lost. */
function backupCodesAfterRemoving(user: UserRow, factor: "totp" | "sms"): string | null {
  const other = factor === "totp" ? user.smsEnabledAt : user.totpEnabledAt;
  return other !== null ? user.backupCodeHashes : null;
}

async function newBackupCodes(): Promise<{ codes: string[]; hashes: string }> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => randomHex(5));
  return { codes, hashes: JSON.stringify(await Promise.all(codes.map(sha256Hex))) };
}

/**
 * Starts setup: a new secret, not enforced until a code from it is confirmed. Replacing an enrolled factor
 * needs a current code from it (or a backup code): a session alone must never change the second factor.
 * Null when that proof is missing or wrong.
 */
export async function beginTotpSetup(db: Database, user: UserRow, currentCode?: string): Promise<{ secret: string; uri: string } | null> {
  if (!(await provesCurrentFactor(db, user, currentCode))) return null;
  const secret = base32Encode(crypto.getRandomValues(new Uint8Array(20)));
  await updateUser(db, user.id, { totpSecret: secret, totpEnabledAt: null, backupCodeHashes: backupCodesAfterRemoving(user, "totp") });
  return { secret, uri: otpauthUri(secret, user.email, PRODUCT_NAME) };
}

/** Enables two-factor sign-in once a code from the new secret checks out; returns the backup codes (shown once). */
export async function confirmTotpSetup(db: Database, userId: string, code: string): Promise<string[] | null> {
  const user = await findUserById(db, userId);
  if (!user?.totpSecret || !(await verifyTotp(user.totpSecret, code.trim(), nowSeconds()))) return null;
  const { codes, hashes } = await newBackupCodes();
  await updateUser(db, user.id, { totpEnabledAt: nowSeconds(), backupCodeHashes: hashes });
  return codes;
}

/** The user a sign-in waits on for the second factor (the password was right), by its pending code; the code stays unused. */
export async function pendingSecondFactorUser(db: Database, pendingCode: string): Promise<UserRow | undefined> {
  const pending = await checkActionCode(db, pendingCode, "mfaSignIn");
  return pending ? findUserById(db, pending.userId) : undefined;
}

/** Turns two-factor sign-in off, only with a current code (or a backup code); false when it is missing or wrong. */
export async function disableTotp(db: Database, user: UserRow, code: string): Promise<boolean> {
  if (user.totpEnabledAt === null || !(await verifySecondFactor(db, user, code))) return false;
  await updateUser(db, user.id, { totpSecret: null, totpEnabledAt: null, backupCodeHashes: backupCodesAfterRemoving(user, "totp") });
  return true;
}

/** True when no factor is enrolled, or when `code` proves the enrolled one. */
async function provesCurrentFactor(db: Database, user: UserRow, code: string | undefined): Promise<boolean> {
  if (!hasSecondFactor(user)) return true;
  return code !== undefined && code.trim() !== "" && (await verifySecondFactor(db, user, code));
}

/** A current TOTP code, the live texted code, or an unused backup code (the last two are then used up). */
export async function verifySecondFactor(db: Database, user: UserRow, code: string): Promise<boolean> {
  const trimmed = code.trim().toLowerCase();
  if (user.totpEnabledAt !== null && user.totpSecret && (await verifyTotp(user.totpSecret, trimmed, nowSeconds()))) return true;
  if (user.smsEnabledAt !== null && (await takeSmsCode(db, user, trimmed))) return true;
  const hashes = user.backupCodeHashes ? (JSON.parse(user.backupCodeHashes) as string[]) : [];
  const hash = await sha256Hex(trimmed);
  if (!hashes.includes(hash)) return false;
  await updateUser(db, user.id, { backupCodeHashes: JSON.stringify(hashes.filter((h) => h !== hash)) });
  return true;
}

/** A change to an enrolled second factor without a current code. */
export const CURRENT_FACTOR_REQUIRED = "Two-factor sign-in is on: enter a current code from your authenticator or a texted code (or a backup code) to change it.";

export const SENSITIVE_ACTION_FAILED = "Please confirm with your password and, when two-factor sign-in is on, a current code.";

/**
 * Sensitive actions (changing the e-mail, deleting the account, creating API keys) are confirmed again:
 * with the password when asked for, and with a second-factor code whenever two-factor sign-in is on.
 */
export async function verifySensitiveAction(db: Database, user: UserRow, proof: { password?: string; code?: string }, needsPassword: boolean): Promise<boolean> {
  if (needsPassword && !(proof.password && (await verifyPassword(proof.password.trim(), user.passwordHash)))) return false;
  if (hasSecondFactor(user) && !(proof.code && (await verifySecondFactor(db, user, proof.code)))) return false;
  return true;
}

export type TextedCode = TextedCodeOutcome;

/**
 * Texts a new code to `to` and makes it the one live code (an earlier one stops working). One a minute; when
 * the text cannot be sent the code is withdrawn again, so nothing waits on a message that never left.
 */
async function textCode(env: Env, db: Database, user: UserRow, to: string, extra: Partial<UserRow> = {}): Promise<TextedCode> {
  const now = nowSeconds();
  const wait = smsResendWait(user.smsCodeSentAt, now);
  if (wait > 0) return { outcome: "wait", seconds: wait };
  const code = newSmsCode();
  await updateUser(db, user.id, { ...extra, smsCodeHash: await sha256Hex(code), smsCodeExpiresAt: now + SMS_CODE_TTL_SECONDS, smsCodeSentAt: now, smsCodeAttempts: 0 });
  try {
    await sendTextMessage(env, { to, body: smsCodeMessage(code) });
  } catch {
    await updateUser(db, user.id, { smsCodeHash: null, smsCodeExpiresAt: null });
    return { outcome: "failed" };
  }
  return { outcome: "sent", to };
}

/** The masked number a sensitive action's code can be texted to, or null when texted codes are off. */
export function textedCodesTo(env: Env, user: UserRow): string | null {
  return user.smsEnabledAt !== null && user.smsPhoneNumber && textMessagesAvailable(env) ? maskPhoneNumber(user.smsPhoneNumber) : null;
}

/** Texts work only where this deployment can send them (development's stand-in, or a configured Twilio account). */
export function textMessagesAvailable(env: Env): boolean {
  return Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_FROM);
}

/**
 * Starts adding (or replacing) the texted second factor: the number is kept unconfirmed and a code is sent to
 * it. Replacing, or adding beside an authenticator, needs a current code like any change of factor.
 */
export async function beginSmsSetup(env: Env, db: Database, user: UserRow, phoneNumber: string, currentCode?: string): Promise<TextedCode | { outcome: "invalid" } | { outcome: "factor-required" }> {
  if (!textMessagesAvailable(env)) return { outcome: "unavailable" };
  const number = normalisePhoneNumber(phoneNumber);
  if (!number) return { outcome: "invalid" };
  if (!(await provesCurrentFactor(db, user, currentCode))) return { outcome: "factor-required" };
  const fresh = (await findUserById(db, user.id)) ?? user;
  return textCode(env, db, fresh, number, { smsPhoneNumber: number, smsEnabledAt: null, backupCodeHashes: backupCodesAfterRemoving(fresh, "sms") });
}

/** Turns texted codes on once the code sent to the new number checks out; backup codes when it is the first factor. */
export async function confirmSmsSetup(db: Database, userId: string, code: string): Promise<{ backupCodes: string[] } | null> {
  const user = await findUserById(db, userId);
  if (!user?.smsPhoneNumber || user.smsEnabledAt !== null || !(await takeSmsCode(db, user, code.trim()))) return null;
  const backup = user.totpEnabledAt === null ? await newBackupCodes() : null;
  await updateUser(db, user.id, { smsEnabledAt: nowSeconds(), ...(backup ? { backupCodeHashes: backup.hashes } : {}) });
  return { backupCodes: backup?.codes ?? [] };
}

/** Texts a code to the enrolled number: for the sign-in's second step or a sensitive action. */
export async function textEnrolledCode(env: Env, db: Database, user: UserRow): Promise<TextedCode> {
  if (user.smsEnabledAt === null || !user.smsPhoneNumber || !textMessagesAvailable(env)) return { outcome: "unavailable" };
  return textCode(env, db, user, user.smsPhoneNumber);
}

/** Turns texted codes off, only with a current code (texted, authenticator or backup); false when it is missing or wrong. */
export async function disableSms(db: Database, user: UserRow, code: string): Promise<boolean> {
  if (user.smsEnabledAt === null || !(await verifySecondFactor(db, user, code))) return false;
  const fresh = (await findUserById(db, user.id)) ?? user;
  await updateUser(db, user.id, { smsPhoneNumber: null, smsEnabledAt: null, smsCodeHash: null, smsCodeExpiresAt: null, backupCodeHashes: backupCodesAfterRemoving(fresh, "sms") });
  return true;
}

/** The live texted code, used up when it matches; SMS_CODE_MAX_ATTEMPTS wrong tries withdraw it. */
async function takeSmsCode(db: Database, user: UserRow, code: string): Promise<boolean> {
  if (!user.smsCodeHash || user.smsCodeExpiresAt === null || user.smsCodeExpiresAt <= nowSeconds()) return false;
  if (!/^\d{6}$/.test(code)) return false;
  if ((await sha256Hex(code)) === user.smsCodeHash) {
    // A used code lifts the one-a-minute wait: only someone holding the phone can have used it.
    await updateUser(db, user.id, { smsCodeHash: null, smsCodeExpiresAt: null, smsCodeAttempts: 0, smsCodeSentAt: null });
    return true;
  }
  const attempts = user.smsCodeAttempts + 1;
  await updateUser(db, user.id, attempts >= SMS_CODE_MAX_ATTEMPTS ? { smsCodeHash: null, smsCodeExpiresAt: null, smsCodeAttempts: 0 } : { smsCodeAttempts: attempts });
  return false;
}
