// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('class management messages', () => {
  it('keep the fixed product texts verbatim in English', () => {
    expect(en.loadError).toBe('Error loading classes:');
    expect(en.stats).toEqual({
      total: 'Total Classes',
      live: 'Live Classes',
      recorded: 'Recorded Classes',
      totalHours: 'Total Hours',
    });
    expect(en.schedule).toBe('Schedule Class');
    expect(en.card.join).toBe('Join Class');
    expect(en.remove.message).toBe('Are you sure you want to delete this class?');
    expect(en.toast).toMatchObject({
      scheduled: 'Class scheduled',
      updated: 'Class updated',
      deleted: 'Class deleted',
    });
  });
});
