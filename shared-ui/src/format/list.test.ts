// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatAlternatives } from './list';

describe('formatAlternatives', () => {
  it('joins choices with the "or" of the UI language', () => {
    expect(formatAlternatives(['PDF', 'TXT', 'MD'], 'en')).toBe('PDF, TXT, or MD');
    expect(formatAlternatives(['PDF', 'TXT', 'MD'], 'es')).toBe('PDF, TXT o MD');
    expect(formatAlternatives(['PDF'], 'es')).toBe('PDF');
  });
});
