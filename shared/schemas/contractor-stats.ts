/**
 * GET /api/contractor/stats and GET /api/admin/contractors/:id/stats: a contractor's figures per
 * month for the last 12 months (docs/decisions/0061-contractor-stats.md). Each figure counts in the
 * month the thing happened, in the site's time zone.
 */

export const STATS_MONTHS = 12;

export interface StatsFigures {
  /** Profile views: once per visitor per day, crawlers left out. */
  profileViews: number;
  /** Quote requests sent from the contractor's profile. */
  quoteRequests: number;
  /** Leads delivered to the contractor (cancelled deliveries left out). */
  leadsDelivered: number;
  /** Delivered leads first marked Contacted (or Won straight away) in the period. */
  contacted: number;
  /** Delivered leads marked Won in the period. */
  won: number;
  /** Leads bought by card, paid in the period ('25.00'); plan credits and plan fees are not in it. */
  spent: string;
  /** spent / won ('12.50'); null without a win. */
  costPerWon: string | null;
  /** Median seconds from delivery to the first contact, over the leads first contacted in the period; null when none was. */
  medianSecondsToContact: number | null;
}

export interface MonthStats extends StatsFigures {
  /** 'YYYY-MM' */
  month: string;
  /** The rating at the end of the month (now, for the current month); null where none is known (docs/decisions/0061-contractor-stats.md). */
  rating: number | null;
  reviewCount: number | null;
}

/** A lead behind the reply record (docs/decisions/0128-request-page-and-replies.md). */
export interface ReplyRecordLead {
  leadId: number;
  serviceNeeded: string;
  /** When the contractor had the details: credited, else paid. */
  hadDetailsAt: string;
  /** The first reply or call mark; null: none yet. */
  firstReplyAt: string | null;
  /** Daytime minutes (8 am to 8 pm) to it; null without one. */
  minutes: number | null;
  /** Whether it counts toward the median yet: answered, or unanswered for a whole daytime day. */
  counted: boolean;
  /** What its homeowner said about being contacted, if anything. */
  homeownerSaid: 'contacted' | 'not_contacted' | null;
}

/** The reply record as the profile shows it, with the leads of the last 90 days behind it. */
export interface ReplyRecord {
  replies: string | null;
  medianMinutes: number | null;
  contacted: { yes: number; of: number } | null;
  leads: ReplyRecordLead[];
}

export interface ContractorStats {
  contractorId: number;
  name: string;
  /** The time zone the months are in. */
  timeZone: string;
  /** STATS_MONTHS months, oldest first; the last is the current month. */
  months: MonthStats[];
  /** The same figures over the whole 12 months. */
  totals: StatsFigures;
  /** What its profile says of its replies, and the leads behind it. */
  replyRecord: ReplyRecord;
  /** When the figures were read (ISO). */
  asOf: string;
}
