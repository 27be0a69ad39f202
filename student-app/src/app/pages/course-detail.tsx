import { useParams } from 'react-router-dom';
import { CourseDetailScreen, useCourseDetailEvent } from '../../features/course-detail';
import { MaterialBrowser } from '../../features/materials';

/** `/course-detail/:courseId`; also reached through the open-course-detail window event. */
export default function CourseDetailPage() {
  const { courseId = '' } = useParams();
  useCourseDetailEvent();
  return (
    // A new id starts the screen afresh: no state of the previous course carries over.
    <CourseDetailScreen
      key={courseId}
      courseId={courseId}
      renderMaterials={(materials, emptyTitle) => (
        <MaterialBrowser materials={materials} emptyTitle={emptyTitle} cardHeadingOrder={4} />
      )}
    />
  );
}
