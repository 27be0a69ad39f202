// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('my students messages', () => {
  it("keep the spec's last-activity texts: 'Just now', 'Nh ago', 'Nd ago'", () => {
    expect(en.lastActivity.now).toBe('Just now');
    expect(en.lastActivity.hours_other.replace('{{count}}', '3')).toBe('3h ago');
    expect(en.lastActivity.days_other.replace('{{count}}', '2')).toBe('2d ago');
  });

  it('name what at risk is decided on: attendance and work since enrolment, not progress', () => {
    expect(en.stats.atRiskHint.replace('{{percent}}', '60')).toBe(
      'Attendance or work handed in below 60% since enrolment',
    );
  });
});
