// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { axisFor, axisLabel } from './enrollment-chart';

// The chart's card is about 470 px wide beside the submissions at 1280 px, and about 310 px on a
// 375 px phone.
const DESKTOP_CARD = 470;
const PHONE_CARD = 310;
const LONG_TITLE = 'Business English: Presentations and Email';

describe('axisLabel', () => {
  it('keeps a title that fits', () => {
    expect(axisLabel('Spanish for Beginners', 40)).toBe('Spanish for Beginners');
  });

  it('cuts a long title at a word, within the limit, and says so with "…"', () => {
    const label = axisLabel('Business Spanish: Meetings and Negotiation', 22);
    expect(label).toBe('Business Spanish:…');
    expect(label.length).toBeLessThanOrEqual(22);
  });

  it('cuts inside a word when the title has no space to cut at', () => {
    expect(axisLabel('Supercalifragilisticexpialidocious', 12)).toBe('Supercalifr…');
  });
});

describe('axisFor', () => {
  it('gives the course titles room on a desktop: the demo courses show whole', () => {
    const axis = axisFor(DESKTOP_CARD);
    expect(axisLabel(LONG_TITLE, axis.labelLimit)).toBe(LONG_TITLE);
    expect(axisLabel('Business Spanish: Meetings and Negotiation', axis.labelLimit)).toBe(
      'Business Spanish: Meetings and Negotiation',
    );
    // The bars keep at least half the card.
    expect(axis.width).toBeLessThanOrEqual(DESKTOP_CARD / 2);
  });

  it('keeps telling the courses apart on a phone, and leaves the bars at least half the card', () => {
    const axis = axisFor(PHONE_CARD);
    const english = axisLabel(LONG_TITLE, axis.labelLimit);
    const spanish = axisLabel('Business Spanish: Meetings and Negotiation', axis.labelLimit);
    // More than the shared "Business …:" prefix: the first words after it show.
    expect(english).toMatch(/^Business English: Presentations/);
    expect(spanish).toMatch(/^Business Spanish: Meetings/);
    expect(axis.width).toBeLessThanOrEqual(PHONE_CARD / 2);
  });

  it('has a usable width before the card is measured', () => {
    expect(axisFor(0).width).toBeGreaterThan(0);
    expect(axisFor(0).labelLimit).toBeGreaterThan(10);
  });
});
