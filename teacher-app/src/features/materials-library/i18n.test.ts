// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('materials library messages', () => {
  it('keep the fixed product texts verbatim in English', () => {
    expect(en.loadError).toBe('Error loading materials:');
    expect(en.empty.title).toBe('No materials found.');
    expect(en.add).toBe('Add Material');
    expect(en.form.title).toBe('Add Material');
    expect(en.stats).toEqual({
      total: 'Total Materials',
      documents: 'Documents',
      videos: 'Videos',
      audio: 'Audio Files',
    });
    expect(en.languages).toEqual({ ES: 'ES · Spanish', EN: 'EN · English' });
  });
});
