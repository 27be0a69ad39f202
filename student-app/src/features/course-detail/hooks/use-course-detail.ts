import {
  courseDetailReadModel,
  type CourseDetail,
  type CourseDetailClass,
  type Paged,
  type Review,
  type ScheduledTime,
  type ServiceError,
} from '@portal/shared-data';
import { useCallback, useEffect, useRef, useState } from 'react';

export type CourseInfoState =
  | { status: 'loading' }
  | { status: 'error'; error: ServiceError }
  | { status: 'missing' }
  | { status: 'ready'; detail: CourseDetail };

/** The shown page of classes; a failed page change keeps the course card and says so here. */
export type ClassesState = {
  page: number;
  data: Paged<CourseDetailClass> | null;
  loading: boolean;
  error: ServiceError | null;
};

export type ReviewsState =
  | { status: 'loading' }
  | { status: 'error'; error: ServiceError }
  | { status: 'ready'; reviews: Review[] };

const NO_CLASSES: ClassesState = { page: 1, data: null, loading: false, error: null };

/**
 * The course detail screen's data: the course read model (card, materials, first page of classes), its
 * reviews and its scheduled time, requested together (3 requests whatever the number of courses or
 * classes); a page change asks the read model again for that page of classes only (1 request).
 */
export function useCourseDetail(courseId: string) {
  const [info, setInfo] = useState<CourseInfoState>({ status: 'loading' });
  const [classes, setClasses] = useState<ClassesState>(NO_CLASSES);
  const [reviews, setReviews] = useState<ReviewsState>({ status: 'loading' });
  const [scheduled, setScheduled] = useState<ScheduledTime | null>(null);
  // Answers for an earlier course (or an earlier page) are dropped when they arrive late.
  const generation = useRef(0);
  const pageRequest = useRef(0);

  const loadReviews = useCallback(async () => {
    const current = generation.current;
    setReviews({ status: 'loading' });
    const result = await courseDetailReadModel.listReviews(courseId);
    if (current !== generation.current) return;
    setReviews(result.success ? { status: 'ready', reviews: result.data } : { status: 'error', error: result.error });
  }, [courseId]);

  const load = useCallback(async () => {
    const current = ++generation.current;
    pageRequest.current += 1;
    setInfo({ status: 'loading' });
    setClasses(NO_CLASSES);
    setScheduled(null);
    const reviewsLoaded = loadReviews();
    const scheduledLoaded = courseDetailReadModel.getScheduledTime(courseId).then((result) => {
      // Without it the card shows the duration in weeks only.
      if (current === generation.current && result.success) setScheduled(result.data);
    });
    const result = await courseDetailReadModel.get(courseId);
    if (current === generation.current) {
      if (!result.success) setInfo({ status: 'error', error: result.error });
      else if (!result.data) setInfo({ status: 'missing' });
      else {
        setInfo({ status: 'ready', detail: result.data });
        setClasses({ page: result.data.classes.page, data: result.data.classes, loading: false, error: null });
      }
    }
    await Promise.all([reviewsLoaded, scheduledLoaded]);
  }, [courseId, loadReviews]);

  const showPage = useCallback(
    async (page: number) => {
      const current = generation.current;
      const request = ++pageRequest.current;
      setClasses((shown) => ({ ...shown, page, loading: true, error: null }));
      const result = await courseDetailReadModel.getClassPage(courseId, page);
      if (current !== generation.current || request !== pageRequest.current) return;
      if (!result.success) {
        setClasses((shown) => ({ ...shown, loading: false, error: result.error }));
      } else if (!result.data) {
        setInfo({ status: 'missing' });
      } else {
        setClasses({ page: result.data.page, data: result.data, loading: false, error: null });
      }
    },
    [courseId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const retryClasses = useCallback(() => showPage(classes.page), [showPage, classes.page]);

  /** After the student saved or deleted their review: the list without another request. */
  const replaceReviews = useCallback((update: (reviews: Review[]) => Review[]) => {
    setReviews((state) => (state.status === 'ready' ? { status: 'ready', reviews: update(state.reviews) } : state));
  }, []);

  return {
    info,
    classes,
    reviews,
    scheduled,
    reload: load,
    showPage,
    retryClasses,
    reloadReviews: loadReviews,
    replaceReviews,
  };
}
