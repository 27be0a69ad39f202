import { usersService, type UserFilters } from '../services/users';
import { listFetched } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';
import { usersAtom } from './users-atom';

/** Loads a page of users and replaces the list with it. */
export const fetchUsersWriteAtom = listWriteAtom(
  usersAtom,
  (filters: UserFilters | void) => usersService.list(filters ?? {}),
  (list, page) => listFetched(list, page.items),
);
