import { missingKeys } from '@portal/shared-ui';
import { describe, expect, it } from 'vitest';
import { en, es } from './messages';

describe('materials messages', () => {
  it('have the same keys in English and Spanish', () => {
    expect(missingKeys(en, es)).toEqual([]);
    expect(missingKeys(es, en)).toEqual([]);
  });

  it('keep the SPEC texts verbatim in English', () => {
    expect(en.extra.title).toBe('Extra Materials');
    expect(en.extra.loadError).toBe('Error loading materials:');
    expect(en.empty).toBe('No materials found.');
    expect(en.stats).toEqual({
      total: 'Total Materials',
      documents: 'Documents',
      videos: 'Videos',
      audio: 'Audio Files',
    });
    expect(en.card.view).toBe('View');
    expect(en.card.download).toBe('Download');
    expect(en.card.open).toBe('Open');
  });
});
