import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import {
  COURSE_LANGUAGES,
  ERROR_MESSAGES,
  catalogReadModel,
  coursesService,
  type CatalogCourse,
  type CourseLanguage,
  type CourseLevel,
  type Paged,
  type ServiceError,
} from '@portal/shared-data';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

export type CatalogFilterValues = {
  search: string;
  language: CourseLanguage | null;
  level: CourseLevel | null;
};

export const NO_FILTERS: CatalogFilterValues = { search: '', language: null, level: null };

export type CatalogListState = {
  /** The last page loaded; kept on screen while the next one loads or after a failure. */
  page: Paged<CatalogCourse> | null;
  error: ServiceError | null;
  loading: boolean;
};

export type EnrollOutcome =
  | { kind: 'enrolled' }
  | { kind: 'notLoggedIn' }
  /** `serverMessage` is the enrollment function's own explanation, when it gave one. */
  | { kind: 'failed'; serverMessage: string | null };

/**
 * The catalog screen's data: one page of the `course_catalog` view for the current search, filters
 * and page (search debounced), the language options, and enrolling.
 */
export function useCatalog(userId: string | null) {
  const [filters, setFilters] = useState<CatalogFilterValues>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const { language, level } = filters;
  // A new search or filter starts again at page 1, without an extra request for the old page.
  const queryKey = JSON.stringify([search, language, level]);
  const [paging, setPaging] = useState({ key: queryKey, page: 1 });
  const page = paging.key === queryKey ? paging.page : 1;
  const [reloads, setReloads] = useState(0);
  const [list, setList] = useState<CatalogListState>({ page: null, error: null, loading: true });
  const [languages, setLanguages] = useState<readonly CourseLanguage[]>([]);
  const [enrollingId, setEnrollingId] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setList((previous) => ({ ...previous, loading: true }));
    void catalogReadModel
      .list({ search, language: language ?? undefined, level: level ?? undefined, page })
      .then((result) => {
        if (!current) return;
        if (!result.success) {
          setList((previous) => ({ ...previous, error: result.error, loading: false }));
          return;
        }
        const { totalPages } = result.data;
        if (totalPages > 0 && page > totalPages) {
          // The list shrank under us (courses closed or filled): show its last page instead.
          setPaging({ key: queryKey, page: totalPages });
          return;
        }
        setList({ page: result.data, error: null, loading: false });
      });
    return () => {
      current = false;
    };
  }, [search, language, level, page, queryKey, reloads]);

  const loadLanguages = useCallback(async () => {
    const result = await catalogReadModel.listLanguages();
    // Without the probe the filter still works with every language a course may have.
    setLanguages(result.success ? result.data : COURSE_LANGUAGES);
  }, []);

  useEffect(() => {
    void loadLanguages();
  }, [loadLanguages]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const refresh = useCallback(() => {
    reload();
    void loadLanguages();
  }, [reload, loadLanguages]);

  const changeFilters = useCallback((changes: Partial<CatalogFilterValues>) => {
    setFilters((previous) => ({ ...previous, ...changes }));
  }, []);

  const clearFilters = useCallback(() => setFilters(NO_FILTERS), []);

  const goToPage = useCallback(
    (next: number) => setPaging({ key: queryKey, page: next }),
    [queryKey],
  );

  const enroll = useCallback(
    async (course: CatalogCourse): Promise<EnrollOutcome> => {
      if (!userId) return { kind: 'notLoggedIn' };
      setEnrollingId(course.id);
      const result = await coursesService.enroll(course.id, userId);
      setEnrollingId(null);
      if (result.success) {
        reload();
        return { kind: 'enrolled' };
      }
      // ENROLLMENT_ERROR carries the server function's reason (full, already enrolled…); anything
      // else is a transport failure the student can only retry.
      const { code, message } = result.error;
      const explained = code === 'ENROLLMENT_ERROR' && message !== ERROR_MESSAGES.enrollFailed;
      return { kind: 'failed', serverMessage: explained ? message : null };
    },
    [userId, reload],
  );

  const filtered = filters.search.trim() !== '' || language !== null || level !== null;

  return {
    filters,
    filtered,
    changeFilters,
    clearFilters,
    page,
    goToPage,
    list,
    languages,
    refresh,
    reload,
    enroll,
    enrollingId,
  };
}
