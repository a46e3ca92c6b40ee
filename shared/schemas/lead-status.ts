/** Lead status (docs/decisions/0003-leads-and-deliveries.md): new -> delivered -> contacted -> won | lost. */
export const LEAD_STATUSES = ['new', 'delivered', 'contacted', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What a contractor may move a delivered lead to, from each status. */
export const CONTRACTOR_TRANSITIONS: Record<LeadStatus, LeadStatus[]> = {
  new: [],
  delivered: ['contacted', 'won', 'lost'],
  contacted: ['won', 'lost'],
  won: [],
  lost: [],
};

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  delivered: 'Delivered',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
};
