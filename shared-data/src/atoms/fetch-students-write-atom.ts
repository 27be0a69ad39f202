import { usersService } from '../services/users';
import { itemsMerged } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';
import { usersAtom } from './users-atom';

/** Loads the students and merges them into the users list, replacing equal ids (SPEC §4). */
export const fetchStudentsWriteAtom = listWriteAtom(
  usersAtom,
  (_input: void) => usersService.listStudents(),
  itemsMerged,
);
