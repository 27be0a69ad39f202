import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('student calendar messages', () => {
  it('keep the fixed product texts verbatim in English', () => {
    expect(en.upcoming).toBe('Upcoming Classes');
    expect(en.loadError).toBe('Error loading classes:');
    expect(en.export).toBe('Export (.ics)');
  });
});
