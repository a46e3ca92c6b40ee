/**
 * GET /api/admin/figures: the dashboard's charts (docs/decisions/0129-dashboard-charts.md). Weeks
 * start on Monday and months on the 1st, both in the county's time zone; a period is named by its
 * first day ('YYYY-MM-DD').
 */

/** What became of a quote request, in the order the weekly chart stacks them. */
export const REQUEST_OUTCOMES = ['delivered', 'held', 'released', 'rejected', 'withdrawn'] as const;
export type RequestOutcome = (typeof REQUEST_OUTCOMES)[number];

export const REQUEST_OUTCOME_LABELS: Record<RequestOutcome, string> = {
  delivered: 'Delivered',
  held: 'Held or waiting',
  released: 'Released',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** The funnel's stages, each counted over the quote requests sent in the month. */
export const FUNNEL_STAGES = ['requested', 'delivered', 'taken', 'replied', 'won'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export const FUNNEL_STAGE_LABELS: Record<FunnelStage, string> = {
  requested: 'Requested',
  delivered: 'Delivered',
  taken: 'Paid or credited',
  replied: 'Replied',
  won: 'Won',
};

/** How many weeks and months the charts cover. */
export const FIGURE_WEEKS = 26;
export const FIGURE_MONTHS = 12;

export interface WeekRequests {
  /** The Monday the week starts on. */
  week: string;
  counts: Record<RequestOutcome, number>;
  total: number;
}

export interface MonthRevenue {
  /** The month's first day. */
  month: string;
  /** Card payments for leads, '125.00'. */
  leads: string;
  /** Plan invoices paid; only in the platform administrator's view of every county (plans are the platform's). */
  plans: string;
  /** Card and offline refunds that went through. */
  refunds: string;
  /** leads + plans - refunds. */
  net: string;
}

export interface FunnelMonth {
  month: string;
  stages: Record<FunnelStage, number>;
}

export interface WeekSpeed {
  week: string;
  /** Median minutes from request to delivery over the week's deliveries (about: read from a histogram); null without one. */
  toDelivery: number | null;
  /** Median minutes from the contractor having the details to its first reply or call mark; null without one. */
  toReply: number | null;
}

/** One county's figures beside the others', for an administrator who sees several. */
export interface CountyFigures {
  county: string;
  slug: string;
  requestsThisMonth: number;
  requestsLastMonth: number;
  /** Net revenue of the last 12 months, plans left out (they are the platform's). */
  revenue12Months: string;
}

export interface DashboardFigures {
  /** FIGURE_WEEKS weeks, oldest first; the last is the current week. */
  weeks: WeekRequests[];
  /** FIGURE_MONTHS months, oldest first; the last is the current month. */
  revenue: MonthRevenue[];
  /** This month and last month's funnels: [last, this]. */
  funnel: [FunnelMonth, FunnelMonth];
  speed: WeekSpeed[];
  /** Every county in view, most requests this month first; empty when only one is. */
  counties: CountyFigures[];
  timeZone: string;
  asOf: string;
}
