// The SPEC §4 "App lists" transitions as pure functions, so they are tested without a store:
// a fetch replaces the list; create appends; update replaces by id; delete removes by id; teacher
// and student fetches merge into users, replacing equal ids.

type WithId = { id: string };

export function listFetched<T>(_list: readonly T[], items: readonly T[]): T[] {
  return [...items];
}

export function itemCreated<T>(list: readonly T[], item: T): T[] {
  return [...list, item];
}

/** Replaces the item with the same id in place; a list without it is left as it was. */
export function itemUpdated<T extends WithId>(list: readonly T[], item: T): T[] {
  return list.map((existing) => (existing.id === item.id ? item : existing));
}

export function itemDeleted<T extends WithId>(list: readonly T[], id: string): T[] {
  return list.filter((existing) => existing.id !== id);
}

/** Replaces an item with the same id, else appends it (a resubmission keeps its row id). */
export function itemSaved<T extends WithId>(list: readonly T[], item: T): T[] {
  return list.some((existing) => existing.id === item.id)
    ? itemUpdated(list, item)
    : itemCreated(list, item);
}

/** Merges fetched items: equal ids are replaced in place, new ones appended in fetched order. */
export function itemsMerged<T extends WithId>(list: readonly T[], items: readonly T[]): T[] {
  const fetched = new Map(items.map((item) => [item.id, item]));
  const merged = list.map((existing) => fetched.get(existing.id) ?? existing);
  const known = new Set(list.map((existing) => existing.id));
  return [...merged, ...items.filter((item) => !known.has(item.id))];
}
