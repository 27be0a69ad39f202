import { describe, expect, it } from 'vitest';
import {
  itemCreated,
  itemDeleted,
  itemSaved,
  itemsMerged,
  itemUpdated,
  listFetched,
} from './app-list-transitions';

const a = { id: 'a', name: 'Ana' };
const b = { id: 'b', name: 'Beto' };
const c = { id: 'c', name: 'Clara' };

describe('app list transitions (SPEC §4)', () => {
  it.each([
    ['a fetch replaces the list', listFetched([a, b], [c]), [c]],
    ['a fetch of nothing empties it', listFetched([a, b], []), []],
    ['create appends', itemCreated([a], b), [a, b]],
    ['create appends to an empty list', itemCreated([], a), [a]],
    [
      'update replaces by id, in place',
      itemUpdated([a, b, c], { id: 'b', name: 'Bea' }),
      [a, { id: 'b', name: 'Bea' }, c],
    ],
    ['update of an unknown id changes nothing', itemUpdated([a], b), [a]],
    ['delete removes by id', itemDeleted([a, b, c], 'b'), [a, c]],
    ['delete of an unknown id changes nothing', itemDeleted([a], 'z'), [a]],
    [
      'save replaces an existing id',
      itemSaved([a, b], { id: 'a', name: 'Ani' }),
      [{ id: 'a', name: 'Ani' }, b],
    ],
    ['save appends a new id', itemSaved([a], b), [a, b]],
    [
      'merge replaces equal ids and appends new ones',
      itemsMerged([a, b], [{ id: 'b', name: 'Bea' }, c]),
      [a, { id: 'b', name: 'Bea' }, c],
    ],
    ['merge into an empty list', itemsMerged([], [a, b]), [a, b]],
    ['merge of nothing keeps the list', itemsMerged([a], []), [a]],
  ])('%s', (_name, next, expected) => {
    expect(next).toEqual(expected);
  });

  it('never mutates the list it is given', () => {
    const list = Object.freeze([a, b]);

    itemCreated(list, c);
    itemUpdated(list, { id: 'a', name: 'x' });
    itemDeleted(list, 'a');
    itemsMerged(list, [c]);
    expect(list).toEqual([a, b]);
  });
});
