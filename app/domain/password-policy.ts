/** The password policy: minimum length 6 by default; the other rules are optional (set server-side). */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number | null;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
}

export interface PasswordCheck {
  rule: string;
  met: boolean;
}

/** Every rule of the policy with whether the password meets it (the forms show these live). */
export function checkPassword(password: string, policy: PasswordPolicy): PasswordCheck[] {
  const checks: PasswordCheck[] = [
    { rule: `At least ${policy.minLength} characters`, met: password.length >= policy.minLength },
  ];
  if (policy.maxLength !== null)
    checks.push({ rule: `At most ${policy.maxLength} characters`, met: password.length <= policy.maxLength });
  if (policy.requireLowercase) checks.push({ rule: "A lowercase letter", met: /\p{Ll}/u.test(password) });
  if (policy.requireUppercase) checks.push({ rule: "An uppercase letter", met: /\p{Lu}/u.test(password) });
  if (policy.requireNumeric) checks.push({ rule: "A number", met: /\d/.test(password) });
  if (policy.requireNonAlphanumeric)
    checks.push({ rule: "A symbol (not a letter or number)", met: /[^\p{L}\p{N}]/u.test(password) });
  return checks;
}

export function meetsPolicy(password: string, policy: PasswordPolicy): boolean {
  return checkPassword(password, policy).every((c) => c.met);
}
