import { missingKeys } from '@portal/shared-ui';
import { describe, expect, it } from 'vitest';
import { en, es } from './i18n';

describe('student calendar messages', () => {
  it('have the same keys in English and Spanish', () => {
    expect(missingKeys(en, es)).toEqual([]);
    expect(missingKeys(es, en)).toEqual([]);
  });

  it('keep the SPEC texts verbatim in English', () => {
    expect(en.upcoming).toBe('Upcoming Classes');
    expect(en.loadError).toBe('Error loading classes:');
    expect(en.export).toBe('Export (.ics)');
  });
});
