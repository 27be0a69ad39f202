// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('teacher my courses messages', () => {
  it('keep the fixed product texts verbatim in English', () => {
    expect(en.loadError).toBe('Error loading courses:');
    expect(en.create).toBe('Create Course');
  });
});
