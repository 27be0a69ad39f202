// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en, es } from './i18n';

describe('class calendar messages', () => {
  it('keep the fixed product texts verbatim in English', () => {
    expect(en.upcoming).toBe('Upcoming Classes');
    expect(en.loadError).toBe('Error loading classes:');
    expect(en.export).toBe('Export (.ics)');
    expect(en.join).toBe('Join');
    expect(en.joinNow).toBe('Join Now');
  });

  it('translate every text into Spanish', () => {
    expect(es.upcoming).toBe('Próximas clases');
    expect(es.noClassesOnDay).toBe('No hay clases este día');
  });
});
