// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('my courses messages', () => {
  it('keep the product texts verbatim in English', () => {
    expect(en.loadError).toBe('Error loading courses:');
  });
});
