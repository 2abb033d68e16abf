import type { UserRow } from "~/accounts/accounts.server";
import { maskPhoneNumber } from "~/accounts/rules/sms";
import { promptsShown } from "~/accounts/rules/onboarding";
import type { BillingRow, ProviderInvoices } from "~/billing/billing.server";
import type { Membership } from "~/workspace/workspace.server";
import {
  CUSTOM_VOICE_LIMIT,
  LIMIT_EXTENSION,
  maxVoiceAddEdits,
  standardTierFor,
} from "../../core/billing/plans";
import { capabilityExists } from "../../core/capabilities";
import { allowedToUseProjectsApi } from "../../core/studio/studio-rules";
import { canCloneProfessionally, professionalVoiceLimitFor } from "~/voices/rules/professional-cloning";
import { currentOverageCents, effectiveLimitExtension, priceAmount } from "~/billing/rules/extra-credits";
import { inProbation } from "~/voices/rules/voice-flags";
import { nowSeconds } from "../../core/clock";

/**
 * The workspace subscription record of GET /v1/user/subscription, in the commercial API's field names.
 * `invoices` is what the provider says now (admins only, decision 0019); without it the invoice fields are
 * empty and has_open_invoices is the mirrored flag.
 */
export function subscriptionJson(membership: Membership, billing?: BillingRow, invoices?: ProviderInvoices | null, voices?: { slotsUsed: number; addEdits: number; professionalUsed?: number }) {
  const workspace = membership.workspace;
  const tier = workspace.tier;
  const voiceLimit = CUSTOM_VOICE_LIMIT[standardTierFor(tier)];
  const extension = effectiveLimitExtension(LIMIT_EXTENSION[tier], billing?.maxCharacterLimitExtension ?? null);
  return {
    tier,
    status: workspace.status,
    currency: workspace.currency,
    billing_period: workspace.billingPeriod,
    character_count: workspace.characterCount,
    character_limit: workspace.characterLimit,
    max_character_limit_extension: extension,
    max_credit_limit_extension: extension === -1 ? "unlimited" : extension,
    can_extend_character_limit: LIMIT_EXTENSION[tier] !== 0,
    allowed_to_extend_character_limit: billing?.allowedToExtendCharacterLimit ?? false,
    next_character_count_reset_unix: workspace.characterCountResetAt ?? null,
    trust_on_invoice_creation: billing?.trustOnInvoiceCreation ?? false,
    previously_subscribed_tiers: billing ? (JSON.parse(billing.previouslySubscribedTiers) as string[]) : [],
    pending_change: billing?.cancelAtPeriodEnd
      ? { kind: "cancellation", timestamp_seconds: billing.currentPeriodEnd }
      : billing?.pendingDowngradeTo
        ? { kind: "downgrade", next_tier: billing.pendingDowngradeTo, timestamp_seconds: billing.currentPeriodEnd }
        : null,
    voice_slots_used: voices?.slotsUsed ?? 0,
    professional_voice_slots_used: voices?.professionalUsed ?? 0,
    professional_voice_slots_used_in_workspace: voices?.professionalUsed ?? 0,
    voice_limit: voiceLimit,
    max_voice_add_edits: maxVoiceAddEdits(voiceLimit),
    voice_add_edit_counter: voices?.addEdits ?? 0,
    professional_voice_limit: professionalVoiceLimitFor(tier),
    can_extend_voice_limit: false,
    // Studio's API by plan (decision 0033).
    allowed_to_use_projects_api: allowedToUseProjectsApi(tier),
    // The extra credits invoiced this period, at the plan's price: usage every member sees, priced.
    current_overage: { amount: priceAmount(currentOverageCents(tier, workspace.currency, workspace.extraCharactersBilled)), currency: workspace.currency },
    character_refresh_period: workspace.billingPeriod,
    next_invoice: invoices?.next_invoice ?? null,
    open_invoices: invoices?.open_invoices ?? [],
    has_open_invoices: invoices?.has_open_invoices ?? billing?.hasOpenInvoices ?? false,
    // The plan's gates, and only where this build has the capability (core/capabilities.ts).
    can_use_instant_voice_cloning: capabilityExists("instant_voice_cloning") && tier !== "free",
    can_use_professional_voice_cloning: capabilityExists("professional_voice_cloning") && canCloneProfessionally(tier),
    max_seats: workspace.maxSeats,
  };
}

/** GET /v1/user: the User entity's fields that exist; the key only as a preview. */
export function userJson(user: UserRow, membership: Membership, apiKeyPreview: string | null) {
  return {
    user_id: user.id,
    workspace_id: membership.workspace.id,
    email: user.email,
    first_name: user.firstName,
    locale: user.locale,
    created_at: user.createdAt,
    is_new_user: false,
    can_use_delayed_payment_methods: false,
    seat_type: membership.role === "admin" ? "workspace_admin" : "workspace_member",
    agrees_to_product_updates: user.agreesToProductUpdates,
    ccpa_opt_out: user.ccpaOptOut,
    accepted_bipa_terms: user.acceptedBipaTerms,
    geo_location: { country: user.geoCountry, region: user.geoRegion, city: user.geoCity },
    public_user_id: user.publicUserId,
    is_api_key_hashed: true,
    xi_api_key_preview: apiKeyPreview,
    is_onboarding_completed: true,
    // An operator's moderation state (decision 0075); the account's own voices are flagged while it lasts.
    is_in_probation: inProbation(user.probationUntil, nowSeconds()),
    is_onboarding_checklist_completed: user.onboardingChecklistCompleted,
    prompts_shown: promptsShown(user.promptsShown),
    is_email_verified: user.emailVerifiedAt !== null,
    totp_mfa_factor: user.totpEnabledAt !== null ? { enabled_at_unix: user.totpEnabledAt } : null,
    // The number stays masked here too: an API key must not reveal it.
    sms_mfa_factor: user.smsEnabledAt !== null && user.smsPhoneNumber ? { enabled_at_unix: user.smsEnabledAt, phone_number: maskPhoneNumber(user.smsPhoneNumber) } : null,
    subscription: subscriptionJson(membership),
  };
}
