import { describe, expect, it } from 'vitest';
import { missingKeys } from '../../i18n';
import { en, es } from './i18n';

describe('announcements messages', () => {
  it('has every key in English and Spanish', () => {
    expect(missingKeys(en, es)).toEqual([]);
    expect(missingKeys(es, en)).toEqual([]);
  });
});
