import type { UserChanges } from '../mappers/user-changes';
import { usersService } from '../services/users';
import { itemUpdated } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';
import { usersAtom } from './users-atom';

/** An admin updates an account and it is replaced in the list by id. */
export const updateUserWriteAtom = listWriteAtom(
  usersAtom,
  ({ id, changes }: { id: string; changes: UserChanges }) => usersService.adminUpdate(id, changes),
  itemUpdated,
);
