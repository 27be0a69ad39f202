/** An authenticator app's code: 6 digits (spaces typed between the groups are ignored). */
export const TWO_FACTOR_CODE_LENGTH = 6;

/** `validation` namespace keys of the two-factor code field. */
export type TwoFactorCodeMessageKey = 'twoFactorCodeRequired' | 'twoFactorCodeFormat';

export function normalizeTwoFactorCode(value: string): string {
  return value.replace(/\s+/g, '');
}

/** The failing field's `validation` key, `{}` when the code can be sent. */
export function validateTwoFactorCode(values: { code: string }): {
  code?: TwoFactorCodeMessageKey;
} {
  const code = normalizeTwoFactorCode(values.code);
  if (code === '') return { code: 'twoFactorCodeRequired' };
  if (!/^\d{6}$/.test(code)) return { code: 'twoFactorCodeFormat' };
  return {};
}
