// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { blankToNull, oneOf, toNumber, toNumberOrNull } from './fields';

describe('toNumber', () => {
  it.each([
    [299, 299],
    ['299.99', 299.99],
    ['0', 0],
    ['abc', 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
  ])('%j → %j', (value, expected) => {
    expect(toNumber(value)).toBe(expected);
  });
});

describe('toNumberOrNull', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['87.5', 87.5],
    [0, 0],
  ])('%j → %j', (value, expected) => {
    expect(toNumberOrNull(value)).toBe(expected);
  });
});

describe('blankToNull', () => {
  it.each([
    ['  https://meet.test/a ', 'https://meet.test/a'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (value, expected) => {
    expect(blankToNull(value)).toBe(expected);
  });
});

describe('oneOf', () => {
  it.each([
    ['ES', 'ES'],
    ['es', null],
    [null, null],
    [7, null],
  ])('%j → %j', (value, expected) => {
    expect(oneOf(['ES', 'EN'], value)).toBe(expected);
  });
});
