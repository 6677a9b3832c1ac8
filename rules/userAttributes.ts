/**
 * What a customer may change of their own account in the user pool: the attributes every app client may write
 * (Cognito `WriteAttributes`, set by the identity stack, deploy/stack.ts, and by the local identity service,
 * local/identity/seed.ts, which refuses the others as Cognito does), and the attributes whose change waits for
 * the customer to confirm a code sent to the new value (Cognito `AttributesRequireVerificationBeforeUpdate`).
 *
 * Operators create every account and set its name (`npm run users`, handbook/customers.md); the portal has no
 * page where a customer edits their profile. So the list is as short as Cognito allows:
 * - It cannot be empty: Cognito reads an empty `WriteAttributes` as "every standard attribute" (Cognito API
 *   reference, `UserPoolClientType.WriteAttributes`: "When you don't specify the WriteAttributes for your app
 *   client, your app can write the values of the Standard attributes of your user pool").
 * - It holds `email` because the web app client signs customers in through the SSO provider, whose `email` the
 *   pool maps onto the account at every sign-in, and Cognito refuses that sign-in when the app client cannot
 *   write a mapped attribute (same reference: "this array must include all attributes that you have mapped to
 *   IdP attributes"). A customer's own change of `email` takes effect only once they enter the code the pool
 *   sends to the new address ({@link VERIFIED_BEFORE_UPDATE}), so no one can take an address they do not own.
 * - It leaves out `name` (operators set it, and `npm run users` shows it as the operator's record),
 *   `email_verified`, `phone_number` and every other attribute.
 */

/** The attributes a customer may write through any app client, as Cognito names them. */
export const CUSTOMER_WRITABLE_ATTRIBUTES = ['email'] as const;

/** One of {@link CUSTOMER_WRITABLE_ATTRIBUTES}. */
export type CustomerWritableAttribute = (typeof CUSTOMER_WRITABLE_ATTRIBUTES)[number];

/**
 * The attributes whose new value the pool keeps pending, and the old one in use, until the customer confirms the
 * code sent to the new value (Cognito `UserAttributeUpdateSettings.AttributesRequireVerificationBeforeUpdate`).
 */
export const VERIFIED_BEFORE_UPDATE = ['email'] as const;

/** One of {@link VERIFIED_BEFORE_UPDATE}. */
export type VerifiedBeforeUpdateAttribute = (typeof VERIFIED_BEFORE_UPDATE)[number];

/** Cognito's answer to a write of any other attribute (`NotAuthorizedException`). */
export const UNAUTHORIZED_ATTRIBUTE_MESSAGE = 'A client attempted to write unauthorized attribute';
