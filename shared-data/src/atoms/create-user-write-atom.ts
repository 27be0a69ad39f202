import type { NewUserInput } from '../mappers/user-changes';
import { usersService } from '../services/users';
import { itemCreated } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';
import { usersAtom } from './users-atom';

/** An admin creates an account; the new user is appended (the temporary password is only in the Result). */
export const createUserWriteAtom = listWriteAtom(
  usersAtom,
  (input: NewUserInput) => usersService.adminCreate(input),
  (list, created) => itemCreated(list, created.user),
);
