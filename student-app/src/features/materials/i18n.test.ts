// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('materials messages', () => {
  it('keep the product texts verbatim in English', () => {
    expect(en.extra.title).toBe('Extra Materials');
    expect(en.extra.loadError).toBe('Error loading materials:');
    expect(en.stats).toEqual({
      total: 'Total Materials',
      documents: 'Documents',
      videos: 'Videos',
      audio: 'Audio Files',
    });
  });
});
