// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AXIS_LABEL_LIMIT, axisLabel } from './enrollment-chart';

describe('axisLabel', () => {
  it('keeps a title that fits', () => {
    expect(axisLabel('Spanish for Beginners')).toBe('Spanish for Beginners');
  });

  it('cuts a long title at a word, within the limit, and says so with "…"', () => {
    const label = axisLabel('Business Spanish: Meetings and Negotiation');
    expect(label).toBe('Business Spanish:…');
    expect(label.length).toBeLessThanOrEqual(AXIS_LABEL_LIMIT);
  });

  it('cuts inside a word when the title has no space to cut at', () => {
    expect(axisLabel('Supercalifragilisticexpialidocious', 12)).toBe('Supercalifr…');
  });
});
