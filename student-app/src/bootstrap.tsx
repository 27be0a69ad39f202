import '@portal/shared-ui/styles.css';
import { createRoot } from 'react-dom/client';
import { Provider as JotaiProvider } from 'jotai';
import { PortalUiProvider, StandaloneHarness, initI18n } from '@portal/shared-ui';
import { initDataClient, loadPortalConfig, useStandaloneSession } from '@portal/shared-data';
import Activities from './app/pages/activities';
import Calendar from './app/pages/calendar';
import Catalog from './app/pages/catalog';
import CourseDetail from './app/pages/course-detail';
import Dashboard from './app/pages/dashboard';
import Materials from './app/pages/materials';
import MyCourses from './app/pages/my-courses';

// Standalone development only: in the portal the shell mounts these pages in its own tree.
function StandaloneApp() {
  const session = useStandaloneSession();
  return (
    <StandaloneHarness
      appName="Student app"
      session={session}
      pages={[
        { path: '/', label: 'Dashboard', element: <Dashboard /> },
        { path: '/catalog', label: 'Course Catalog', element: <Catalog /> },
        { path: '/my-courses', label: 'My Courses', element: <MyCourses /> },
        { path: '/course-detail/:courseId', label: 'Course Detail', element: <CourseDetail /> },
        { path: '/materials', label: 'Extra Materials', element: <Materials /> },
        { path: '/calendar', label: 'Calendar', element: <Calendar /> },
        { path: '/activities', label: 'Activities', element: <Activities /> },
      ]}
    />
  );
}

async function start() {
  initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  initDataClient(await loadPortalConfig());
  createRoot(container).render(
    <PortalUiProvider>
      <JotaiProvider>
        <StandaloneApp />
      </JotaiProvider>
    </PortalUiProvider>,
  );
}

void start();
