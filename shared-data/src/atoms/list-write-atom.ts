import { atom, type PrimitiveAtom } from 'jotai';
import type { Result } from '../result';

/**
 * A write atom that runs a service call and, when it succeeds, applies one SPEC §4 transition to
 * an app list. It hands the Result back so the screen can show a failure or a toast; a failure
 * leaves the list as it was. `transition: null` is an action with no local change.
 */
export function listWriteAtom<Input, Data, Item>(
  listAtom: PrimitiveAtom<Item[]>,
  request: (input: Input) => Promise<Result<Data>>,
  transition: ((list: Item[], data: Data, input: Input) => Item[]) | null,
) {
  return atom(null, async (_get, set, input: Input): Promise<Result<Data>> => {
    const result = await request(input);
    if (result.success && transition) {
      set(listAtom, (list) => transition(list, result.data, input));
    }
    return result;
  });
}
