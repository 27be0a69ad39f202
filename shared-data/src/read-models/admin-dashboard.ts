import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { toNumber } from '../mappers/fields';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// The admin dashboard in one request, whatever the size of the school: `get_admin_dashboard` answers
// the school's totals, the chosen period's figures beside the period before (rolling windows ending
// now) and the period's enrolments and revenue per day, week or month for the chart. Administrators
// only; the database refuses anyone else.

export const ADMIN_DASHBOARD_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type AdminDashboardPeriod = (typeof ADMIN_DASHBOARD_PERIODS)[number];
/** The period the dashboard opens on. */
export const ADMIN_DASHBOARD_DEFAULT_PERIOD: AdminDashboardPeriod = 'month';

/** What happened in one period. */
export type PeriodFigures = {
  newUsers: number;
  newEnrollments: number;
  /** Money received in the period's days: payments minus refunds (docs/money.md "Revenue"). */
  revenue: number;
  /** Invoiced in the period's days: invoices minus credit notes. */
  invoiced?: number;
  classes: number;
};

/** One bar of the chart: a day, week or month starting at `start` ('YYYY-MM-DD', viewer's zone). */
export type DashboardPoint = { start: string; enrollments: number; revenue: number };

export type AdminDashboard = {
  period: AdminDashboardPeriod;
  /** ISO date-times: the period is [periodStart, now), the one before [previousStart, periodStart). */
  periodStart: string;
  previousStart: string;
  now: string;
  bucket: 'day' | 'week' | 'month';
  users: { total: number; students: number; teachers: number; admins: number };
  /** revenue: all money received; invoiced: all invoiced less credits; outstanding: still due. */
  courses: {
    total: number;
    active: number;
    activeEnrollments: number;
    revenue: number;
    invoiced?: number;
    outstanding?: number;
  };
  classes: { total: number; live: number; upcoming: number };
  materials: number;
  current: PeriodFigures;
  previous: PeriodFigures;
  series: DashboardPoint[];
  /** The school's billing currency (ISO 4217, e.g. 'EUR'): every money figure above is in it. */
  currency: string;
};

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numeric = (value: unknown) => toNumber(value as number | string | null | undefined);
const object = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

function toFigures(value: unknown): PeriodFigures {
  const json = object(value);
  return {
    newUsers: numeric(json.new_users),
    newEnrollments: numeric(json.new_enrollments),
    revenue: numeric(json.revenue),
    invoiced: numeric(json.invoiced),
    classes: numeric(json.classes),
  };
}

export function toAdminDashboard(json: Json | null, period: AdminDashboardPeriod): AdminDashboard {
  const data = json ?? {};
  const users = object(data.users);
  const courses = object(data.courses);
  const classes = object(data.classes);
  const bucket = data.bucket === 'week' || data.bucket === 'month' ? data.bucket : 'day';
  return {
    period,
    periodStart: text(data.period_start),
    previousStart: text(data.previous_start),
    now: text(data.now),
    bucket,
    users: {
      total: numeric(users.total),
      students: numeric(users.students),
      teachers: numeric(users.teachers),
      admins: numeric(users.admins),
    },
    courses: {
      total: numeric(courses.total),
      active: numeric(courses.active),
      activeEnrollments: numeric(courses.active_enrollments),
      revenue: numeric(courses.revenue),
      invoiced: numeric(courses.invoiced),
      outstanding: numeric(courses.outstanding),
    },
    classes: {
      total: numeric(classes.total),
      live: numeric(classes.live),
      upcoming: numeric(classes.upcoming),
    },
    materials: numeric(data.materials),
    current: toFigures(data.current),
    previous: toFigures(data.previous),
    series: list(data.series).map((point) => ({
      start: text(point.start),
      enrollments: numeric(point.enrollments),
      revenue: numeric(point.revenue),
    })),
    currency: text(data.currency),
  };
}

/** The school's dashboard for a period, with the chart's buckets in the viewer's time zone. */
async function get(
  period: AdminDashboardPeriod,
  timeZone: string,
): Promise<Result<AdminDashboard>> {
  return settle('RPC_ERROR', ERROR_MESSAGES.fetchUsersFailed, async () => {
    const { data, error } = await getClient().rpc('get_admin_dashboard', {
      period,
      time_zone: timeZone,
    });
    if (error) return fromPostgrestError('RPC_ERROR', error, ERROR_MESSAGES.fetchUsersFailed);
    return ok(toAdminDashboard(data as Json | null, period));
  });
}

export const adminDashboardReadModel = { get };
