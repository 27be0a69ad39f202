// The kit's public surface. Test helpers live in `@portal/shared-ui/test-utils` so that
// Testing Library never ends up in the shared Module Federation chunk.
export {
  DEFAULT_BRANDING,
  createPortalTheme,
  isHexColor,
  needsColorGenerator,
  type PortalBranding,
} from './theme';
// The generator itself: the admin's colour fields show its palettes; the theme loads it lazily.
export { CALENDAR_FIRST_DAY_OF_WEEK } from './calendar-week';
export { colorShades } from './color-shades';
// The sign-in panel's gradient in the school's colours, readable under white text.
export { brandGradient } from './contrast';
export { COURSE_COLORS, courseColors, courseKey } from './course-color';
export * from './i18n';
export {
  PortalUiProvider,
  prepareBranding,
  type PortalUiProviderProps,
} from './provider/portal-ui-provider';
export { useSiteName } from './provider/site-name';
export { PageHeader, type PageHeaderProps } from './components/page-header/page-header';
export { StatCard, type StatCardProps } from './components/stat-card/stat-card';
export {
  RenderWhenNear,
  type RenderWhenNearProps,
} from './components/render-when-near/render-when-near';
export { StatGrid, type StatGridItem, type StatGridProps } from './components/stat-grid/stat-grid';
export { ErrorBanner, type ErrorBannerProps } from './components/error-banner/error-banner';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog/confirm-dialog';
export {
  FORM_MODAL_PHONE_QUERY,
  FormModal,
  type DiscardPrompt,
  type FormModalProps,
} from './components/form-modal/form-modal';
export {
  FormModalCloseButton,
  type FormModalCloseButtonProps,
} from './components/form-modal/form-modal-close-button';
export {
  TemporaryPasswordDialog,
  type TemporaryPasswordDialogProps,
} from './components/temporary-password-dialog/temporary-password-dialog';
export {
  SaveFailedAlert,
  type SaveFailedAlertProps,
} from './components/form-modal/save-failed-alert';
export { translateErrors, type FieldErrorKeys } from './components/form-modal/translate-errors';
export {
  useDateInputProps,
  type SharedDateInputProps,
} from './components/date-input/use-date-input-props';
export {
  useTimeInputProps,
  type SharedTimeInputProps,
} from './components/date-input/use-time-input-props';
export { DATE_INPUT_FORMAT, parseDateInput } from './components/date-input/date-input-format';
export {
  FullPageLoader,
  type FullPageLoaderProps,
} from './components/full-page-loader/full-page-loader';
export {
  AuthenticatorSetup,
  type AuthenticatorSetupProps,
} from './components/authenticator-setup/authenticator-setup';
export { EmptyState, type EmptyStateProps } from './components/empty-state/empty-state';
export {
  SectionUnavailable,
  type SectionUnavailableProps,
} from './components/section-unavailable/section-unavailable';
export {
  LanguageSwitcher,
  type LanguageSwitcherProps,
} from './components/language-switcher/language-switcher';
export {
  RoleBadge,
  USER_ROLES,
  isUserRole,
  type RoleBadgeProps,
  type UserRole,
} from './components/role-badge/role-badge';
// A remote's pages manifest (src/app/pages.ts); the harness that runs them alone is
// `@portal/shared-ui/standalone`.
export type { ExposedPage, StandalonePage } from './standalone/exposed-page';
export {
  currencySymbol,
  formatAlternatives,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDateTimeInZone,
  formatDayMonth,
  formatDecimal,
  formatFileSize,
  formatLongDate,
  formatLongDateTime,
  formatMoney,
  formatMonthName,
  formatMonthYear,
  formatShortMonthYear,
  formatPrice,
  formatTime,
  formatWeekday,
  intlLocale,
} from './format';
export { TypeBadge, type TypeBadgeProps } from './components/type-badge/type-badge';
export { SkillBadges, type SkillBadgesProps } from './components/skill-badges/skill-badges';
export {
  SkillProgressPanel,
  type SkillProgressPanelProps,
  type SkillProgressRow,
  type SkillProgressWeek,
} from './components/skill-progress/skill-progress-panel';
export {
  MaterialTypeIcon,
  type MaterialTypeIconProps,
} from './components/material-type-icon/material-type-icon';
export {
  MaterialViewer,
  type MaterialViewerProps,
  type ViewerMaterial,
} from './components/material-viewer/material-viewer';
export { safeExternalHref } from './components/material-viewer/material-preview';
export {
  MaterialBrowser,
  toViewerMaterial,
  type BrowsableMaterial,
  type MaterialBrowserFilters,
  type MaterialBrowserProps,
} from './components/material-viewer/material-browser';
export {
  MATERIAL_LANGUAGE_CODES,
  MATERIAL_SKILL_NAMES,
  MaterialCard,
  type MaterialCardProps,
  type MaterialLanguageCode,
  type MaterialSkillName,
} from './components/material-card/material-card';
export {
  MaterialFilters,
  type MaterialCourseOption,
  type MaterialFilterValues,
  type MaterialFiltersProps,
} from './components/material-filters/material-filters';
export { downloadName, startDownload } from './components/material-viewer/download-file';
export {
  MonthCalendar,
  type CalendarEvent,
  type MonthCalendarProps,
} from './components/month-calendar/month-calendar';
export {
  ClassCalendar,
  type ClassCalendarExporter,
  type ClassCalendarNotice,
  type ClassCalendarProps,
} from './components/class-calendar/class-calendar';
export {
  ClassListItem,
  type ClassListItemProps,
} from './components/class-calendar/class-list-item';
export type {
  CalendarClassItem,
  CalendarMonthData,
  CalendarMonthDay,
  ClassExportLabels,
  ClassJoinStatus,
  ClassListState,
} from './components/class-calendar/class-calendar-types';
export { downloadTextFile } from './components/class-calendar/download-text-file';
export {
  DownloadButton,
  type DownloadButtonProps,
  type DownloadedFile,
} from './components/download-button/download-button';
export {
  CourseCard,
  LEVEL_COLORS,
  type CourseCardCourse,
  type CourseCardProps,
} from './components/course-card/course-card';
// Every server-paged list: its page from usePageOfFilters, its results (count, loader, empty
// states, the Previous / "Page x of y" / Next pager) through PagedResults.
export {
  PagedResults,
  type FilteredEmptyProps,
  type PagedResultsPage,
  type PagedResultsProps,
} from './components/paged-results/paged-results';
export {
  ListFilters,
  type ListFilterOption,
  type ListFilterSelect,
  type ListFiltersProps,
} from './components/list-filters/list-filters';
export { RatingInput, type RatingInputProps } from './components/rating-input/rating-input';
export { LazyAudioRecorder } from './components/audio-recorder/lazy-audio-recorder';
export { AudioClip, type AudioClipProps } from './components/audio-recorder/audio-clip';
export type { AudioRecorderProps } from './components/audio-recorder/audio-recorder';
export type {
  Recording,
  RecorderProblem,
  RecorderState,
} from './components/audio-recorder/use-audio-recorder';
export {
  DEFAULT_RECORDING_LIMIT_SECONDS,
  canRecordAudio,
  formatClock,
  recordingFileName,
} from './components/audio-recorder/recording-format';
export {
  MAX_RATING,
  RatingStars,
  type RatingStarsProps,
} from './components/rating-stars/rating-stars';
export { SearchInput, type SearchInputProps } from './components/search-input/search-input';
export {
  CourseFormFields,
  type CourseFormFieldValues,
  type CourseFormFieldsProps,
  type CourseFormTeacherOption,
} from './components/course-form-fields/course-form-fields';
export { namespace as courseFormNamespace } from './components/course-form-fields/i18n';
export {
  TeacherHandoffDialog,
  type CourseHandoffChoice,
  type CourseHandoffChoiceValues,
  type HandoffDialogRead,
  type HandoffTeacherChoice,
  type TeacherHandoffDialogProps,
} from './components/teacher-handoff-dialog/teacher-handoff-dialog';

// The ticking clock screens compare class and due times with
export { useNow } from './hooks/use-now';
export { usePageTitle } from './hooks/use-page-title';
export { useReturnFocus } from './hooks/use-return-focus';
export { useSearchParamAction } from './hooks/use-search-param-action';
export {
  usePageOfFilters,
  type PageFigures,
  type PageOfFilters,
  type PageOfFiltersOptions,
  type PageQuery,
} from './hooks/use-page-of-filters';

export { NotificationsHost } from './provider/notifications-host';

// Layout helpers for narrow screens
export { wrappingButtonStyles, wrappingTitle } from './layout/wrapping';
export {
  AnnouncementItem,
  AnnouncementList,
  type AnnouncementItemProps,
  type AnnouncementListProps,
  type AnnouncementView,
} from './components/announcements/announcement-list';
export {
  AnnouncementFormModal,
  type AnnouncementFormFieldValues,
  type AnnouncementFormModalProps,
} from './components/announcements/announcement-form-modal';
export {
  AnnouncementsManager,
  type AnnouncementsManagerProps,
} from './components/announcements/announcements-manager';
export { namespace as announcementsNamespace } from './components/announcements/i18n';
export {
  AnnouncementsDrawer,
  type AnnouncementsDrawerProps,
} from './components/announcements/announcements-drawer';

// The waiting list (docs/waiting-list.md): a student's join / place / leave, a course's line.
export {
  WaitingListControl,
  type WaitingListControlProps,
} from './components/waiting-list/waiting-list-control';
export {
  CourseWaitingLine,
  type CourseWaitingLineEntry,
  type CourseWaitingLineProps,
} from './components/waiting-list/course-waiting-line';
export { namespace as waitingListNamespace } from './components/waiting-list/i18n';
// A seat held for its payment (docs/money.md "Payment before the seat").
export { SeatHoldNotice, type SeatHoldNoticeProps } from './components/seat-hold/seat-hold-notice';
export { namespace as seatHoldNamespace } from './components/seat-hold/i18n';
// The invoice and receipt PDFs' texts (docs/money.md "PDFs"); the builder is shared-data's invoice-pdf.
export { documentLabels, type DocumentLabelTexts } from './components/documents/document-labels';
export { namespace as documentsNamespace } from './components/documents/i18n';

// The gradebook (issue 32, docs/assessment.md "Screens"): the teacher's and admins' table, a
// student's marks, the legend.
export {
  GradeMark,
  type GradeMarkCell,
  type GradeMarkProps,
} from './components/gradebook/grade-mark';
export {
  DEFAULT_GRADEBOOK_SORT,
  GradebookTable,
  gradebookNameOrder,
  sortGradebookRows,
  type GradebookSort,
  type GradebookSortKey,
  type GradebookTableActivity,
  type GradebookTableProps,
  type GradebookTableStudent,
} from './components/gradebook/gradebook-table';
export { GradebookLegend } from './components/gradebook/gradebook-legend';
export { namespace as gradebookNamespace } from './components/gradebook/i18n';
