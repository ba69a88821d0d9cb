// docs/accounts.md, docs/oidc.md: OIDC_REQUIRE_MFA=true. With OpenID Connect the provider does the second
// factor; the ID token's `amr` claim (RFC 8176 method names) says how the person signed in. A sign-in
// counts as two factors when the provider says `mfa`, or names something the person has (a code
// generator, a hardware or software key, a phone, a smart card) together with any other method.

const POSSESSION = new Set(['otp', 'hwk', 'swk', 'sms', 'tel', 'sc', 'pop']);

/** The `amr` claim as a list of method names (absent or malformed: none). */
export function amrOf(claims: Record<string, unknown>): string[] {
  const value = claims['amr'];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function amrShowsSecondFactor(amr: readonly string[]): boolean {
  const methods = new Set(amr.map((method) => method.toLowerCase()));
  if (methods.has('mfa')) return true;
  return [...methods].some((method) => POSSESSION.has(method)) && methods.size >= 2;
}
