import { describe, expect, it } from 'vitest';
import { fullNameOf, UNKNOWN_PERSON } from './person-name';

describe('fullNameOf', () => {
  it.each([
    [{ first_name: 'Ana', last_name: 'García' }, 'Ana García'],
    [{ first_name: ' Ana ', last_name: null }, 'Ana'],
    [{ first_name: null, last_name: 'García' }, 'García'],
    [{ first_name: '', last_name: '  ' }, UNKNOWN_PERSON],
    [null, 'Unknown'],
    [undefined, 'Unknown'],
  ])('%j → %s', (person, name) => {
    expect(fullNameOf(person)).toBe(name);
  });
});
