// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('my students messages', () => {
  it("keep the spec's last-activity texts: 'Just now', 'Nh ago', 'Nd ago'", () => {
    expect(en.lastActivity.now).toBe('Just now');
    expect(en.lastActivity.hours.replace('{{count}}', '3')).toBe('3h ago');
    expect(en.lastActivity.days.replace('{{count}}', '2')).toBe('2d ago');
  });

  it('name the at-risk threshold', () => {
    expect(en.stats.atRiskHint.replace('{{threshold}}', '60')).toBe('Progress below 60%');
  });
});
