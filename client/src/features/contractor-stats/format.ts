import { plural } from '@/lib/format';

const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toLocaleString('en-US');

/** A median wait as people say it: '45 min', '3.5 hours', '2 days'; '—' for none. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = seconds / 60;
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${oneDecimal(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${oneDecimal(hours / 24)} days`;
}

export function rating(value: number | null, reviews: number | null): string {
  if (value === null) return '—';
  return reviews === null ? value.toFixed(1) : `${value.toFixed(1)} (${plural(reviews, 'review')})`;
}
