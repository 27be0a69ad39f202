// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normalizeTwoFactorCode, validateTwoFactorCode } from './two-factor-code';

describe('validateTwoFactorCode', () => {
  it('asks for the code when it is empty or only spaces', () => {
    expect(validateTwoFactorCode({ code: '' })).toEqual({ code: 'twoFactorCodeRequired' });
    expect(validateTwoFactorCode({ code: '   ' })).toEqual({ code: 'twoFactorCodeRequired' });
  });

  it('needs exactly 6 digits', () => {
    expect(validateTwoFactorCode({ code: '12345' })).toEqual({ code: 'twoFactorCodeFormat' });
    expect(validateTwoFactorCode({ code: '1234567' })).toEqual({ code: 'twoFactorCodeFormat' });
    expect(validateTwoFactorCode({ code: '12a456' })).toEqual({ code: 'twoFactorCodeFormat' });
    expect(validateTwoFactorCode({ code: '123456' })).toEqual({});
  });

  it('ignores the spaces an app shows between the groups', () => {
    expect(validateTwoFactorCode({ code: '123 456' })).toEqual({});
    expect(normalizeTwoFactorCode(' 123 456 ')).toBe('123456');
    expect(validateTwoFactorCode({ code: '123-456' })).toEqual({});
    expect(normalizeTwoFactorCode('123-456')).toBe('123456');
  });
});
