// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en, es } from './i18n';

describe('activities messages', () => {
  it('keep the fixed product texts verbatim in English', () => {
    expect(en.loadError).toBe('Error loading activities:');
    expect(en.stats.total).toBe('Total Activities');
    expect(en.stats.scheduledClasses).toBe('Scheduled Classes');
    expect(en.stats.dueThisWeek).toBe('Due This Week');
    expect(en.create).toBe('Create Activity');
    expect(en.form.createTitle).toBe('Create Activity');
  });

  it('name the dialogs the same way in both languages', () => {
    expect(en.grading.title).toContain('{{title}}');
    expect(es.grading.title).toContain('{{title}}');
    expect(es.remove.title).toContain('{{title}}');
  });
});
