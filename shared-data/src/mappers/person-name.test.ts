// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fullNameOf, personName } from './person-name';

describe('fullNameOf', () => {
  it.each([
    [{ first_name: 'Ana', last_name: 'García' }, 'Ana García'],
    [{ first_name: ' Ana ', last_name: null }, 'Ana'],
    [{ first_name: null, last_name: 'García' }, 'García'],
    [{ first_name: '', last_name: '  ' }, null],
    [null, null],
    [undefined, null],
  ])('%j → %s', (person, name) => {
    expect(fullNameOf(person)).toBe(name);
  });
});

describe('personName', () => {
  it.each([
    ['Marta López', 'Marta López'],
    ['  Marta López ', 'Marta López'],
    ['   ', null],
    ['', null],
    [null, null],
    [undefined, null],
    [42, null],
  ])('%j → %s', (name, expected) => {
    expect(personName(name)).toBe(expected);
  });
});
