import { usersService } from '../services/users';
import { itemDeleted } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';
import { usersAtom } from './users-atom';

/** An admin deletes an account and it is removed from the list by id. */
export const deleteUserWriteAtom = listWriteAtom(
  usersAtom,
  (id: string) => usersService.adminDelete(id),
  (list, _deleted, id) => itemDeleted(list, id),
);
